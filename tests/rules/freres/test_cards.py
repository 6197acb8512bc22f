"""003 I §4 the cards: drawn from the pile, and « Vous pouvez ainsi créer beaucoup de variantes », as set-up options:
the 10s, the characters as jokers and the lucky joker. The decks are counted here from the document's words, not from
the engine.
"""

from __future__ import annotations

import pytest

from rules.dice import Dice, DieValueError
from rules.freres import actions as act
from rules.freres import shooting, spells
from rules.freres.battle import Battle, Setup, play, replay
from rules.freres.cards import FULL_DECK, CardRoller, CardVariants
from rules.freres.checks import check_face
from rules.freres.damage import DamageRow, jdeg_row
from rules.freres.example import KNIGHT, SOLDIER, example_models
from rules.freres.shooting import ShotCritical
from rules.freres.spells import SpellCritical
from rules.freres.state import Model, Side, new_skirmish
from rules.validation import BadValue

DUEL = (Model("a", Side.A, KNIGHT), Model("b", Side.B, SOLDIER))
"""The knight has 7 PA, the soldier 6: the initiative adds them (§1.1)."""


def _count(deck: tuple[int, ...]) -> dict[int, int]:
    return {card: deck.count(card) for card in sorted(set(deck))}


def test_the_decks_of_each_variant() -> None:
    """« Prenez toutes les cartes allant de 1 à 9 et les deux jokers »: four suits of nine and two jokers (0).
    « vous pouvez rajouter les cartes 10 »: four 10s more. « des personnages qui représenteront aussi des jokers »:
    the jacks, queens and kings of four suits, twelve 0s more. « Choisissez votre joker fétiche … L'autre est le
    joker maudit et vaut toujours 0 »: one joker is lucky (typed 11), the other stays a 0."""
    nines = dict.fromkeys(range(1, 10), 4)
    assert _count(FULL_DECK) == {0: 2} | nines
    assert _count(CardVariants(tens=True).deck) == {0: 2} | nines | {10: 4}
    assert _count(CardVariants(characters=True).deck) == {0: 14} | nines
    assert _count(CardVariants(lucky_joker=True).deck) == {0: 1} | nines | {11: 1}


def test_a_10_is_a_10() -> None:
    """The 10s added: the knight's 10 + 7 = 17 against the soldier's 9 + 6 = 15 (§1.1), and the 10 leaves the
    pile."""
    setup = Setup(DUEL, cards=True, card_variants=CardVariants(tens=True))
    battle, result = play(Battle(setup, seed=1), act.RollInitiative(), table=[10, 9])
    assert result.events[0].params == {"band": "a", "a_score": 17, "b_score": 15}
    assert result.state.deck is not None
    assert result.state.deck.count(10) == 3
    assert len(result.state.deck) == 40
    assert replay(battle) == result.state
    assert replay(Battle.from_json(battle.to_json())) == result.state


def test_the_lucky_joker_is_worth_the_cards_in_the_discard_and_shuffles_everything() -> None:
    """« quand vous tombez dessus, sa valeur est égale au nombre de cartes dans la défausse. Puis mélangez tout. »:
    after a 3, a 4 and a 5 the discard holds three cards: the lucky joker reads 3, and the pile is whole again."""
    deck = CardVariants(lucky_joker=True).deck
    dice = Dice(seed=0)
    dice.supply([3, 4, 5, 11])
    roller = CardRoller(dice, deck, deck)
    assert [roller.d10("test") for _ in range(4)] == [3, 4, 5, 3]
    assert roller.deck == deck


def test_the_cursed_joker_and_the_characters_are_0_and_shuffle_the_discard_back() -> None:
    """« L'autre est le joker maudit et vaut toujours 0 »; the characters « représenteront aussi des jokers »."""
    deck = CardVariants(characters=True, lucky_joker=True).deck
    dice = Dice(seed=0)
    dice.supply([7, 0])
    roller = CardRoller(dice, deck, deck)
    assert [roller.d10("test"), roller.d10("test")] == [7, 0]
    assert roller.deck == deck


def test_the_lucky_joker_in_a_skirmish() -> None:
    """§1.1: the knight draws a 5, the soldier the lucky joker with one card in the discard: 1 + 6 = 7 against
    5 + 7 = 12."""
    setup = Setup(DUEL, cards=True, card_variants=CardVariants(lucky_joker=True))
    _, result = play(Battle(setup, seed=1), act.RollInitiative(), table=[5, 11])
    assert result.events[0].params == {"band": "a", "a_score": 12, "b_score": 7}
    assert result.state.deck == CardVariants(lucky_joker=True).deck


def test_a_card_past_9_reads_the_last_row_of_a_table_of_ten() -> None:
    """A JDeg reads its score on the damage table, « 10 et + » Grièvement blessé (§7); the critical failure tables
    of the shot and of the spell stop at 9: a 10 or a lucky joker past it reads their last row. A d10 still reads
    0–9 (R17)."""
    assert jdeg_row(10) is DamageRow.GRIEVOUSLY_WOUNDED
    assert shooting.critical_row(10) is ShotCritical.NOTHING
    assert spells.critical_row(23) is SpellCritical.NOTHING
    with pytest.raises(BadValue):
        check_face("die", 10)


def test_the_variants_need_the_cards_and_an_older_set_up_has_none() -> None:
    with pytest.raises(BadValue, match=r"003 I §4"):
        new_skirmish(example_models(), card_variants=CardVariants(tens=True))
    data = Setup(example_models(), cards=True).to_json()
    del data["card_variants"]
    assert Setup.from_json(data).card_variants == CardVariants()
    both = Setup(example_models(), cards=True, card_variants=CardVariants(characters=True, lucky_joker=True))
    assert Setup.from_json(both.to_json()) == both


def test_cards_are_drawn_from_the_pile() -> None:
    """003 I §4: a card drawn leaves the pile; a card no longer in it is refused when typed in; a joker (0)
    shuffles the whole deck back."""
    battle = Battle(Setup(example_models(), cards=True), seed=1)
    battle, result = play(battle, act.RollInitiative(), table=[9, 8])
    assert result.state.deck is not None
    assert len(result.state.deck) == 36
    assert result.state.deck.count(9) == 3
    state = result.state
    pile = state.deck
    assert pile is not None
    assert replay(battle) == state
    with pytest.raises(DieValueError, match="cannot show 10"):
        play(Battle(Setup(example_models(), cards=True), seed=1), act.RollInitiative(), table=[10])
    joker = play(Battle(Setup(example_models(), cards=True), seed=1), act.RollInitiative(), table=[0, 5])[1]
    assert joker.state.deck is not None
    assert len(joker.state.deck) == 37
