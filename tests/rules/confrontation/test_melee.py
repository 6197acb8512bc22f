"""004 Le corps à corps: the tables cell by cell against :mod:`.data`, then the rules at work."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from rules.confrontation import melee
from rules.confrontation.melee import Approach, Situation, TroopType
from rules.dice import Dice
from tests.rules.confrontation import data

TROOPS = {
    "monstre": (TroopType.MONSTER, 1),
    "personnage non magicien": (TroopType.CHARACTER, 1),
    "personnage magicien & guerrier-mage": (TroopType.MAGICIAN, 1),
    "troupe de cavalerie": (TroopType.CAVALRY, 5),
    "troupe de une ou deux figurines": (TroopType.TROOP, 2),
    "troupe de trois figurines ou plus": (TroopType.TROOP, 3),
    "les porte-étendard et musiciens": (TroopType.COMMAND, 1),
}


@pytest.mark.parametrize(("label", "dice"), data.DES_EN_PLUS.items())
def test_extra_dice(label: str, dice: int) -> None:
    """004 Nombre de dés au corps à corps."""
    kind, models = TROOPS[label]
    assert melee.extra_dice(kind, models) == dice


def test_a_troop_of_one_has_the_small_troops_die() -> None:
    """004 Nombre de dés au corps à corps: "une ou deux figurines"."""
    assert melee.extra_dice("troop", 1) == data.DES_EN_PLUS["troupe de une ou deux figurines"]
    assert melee.extra_dice("troop", 30) == data.DES_EN_PLUS["troupe de trois figurines ou plus"]


BONUSES: dict[str, melee.Bonus] = {
    "charge de face": melee.APPROACHES[Approach.FRONT_CHARGE],
    "charge dans le dos": melee.APPROACHES[Approach.REAR_CHARGE],
    "charge de flanc": melee.APPROACHES[Approach.FLANK_CHARGE],
    "sans charger": melee.APPROACHES[Approach.WITHOUT_CHARGE],
    "poursuite, ennemi seul ou corps à corps pas encore joué": melee.APPROACHES[Approach.PURSUIT],
    "poursuite, corps à corps déjà joué": melee.APPROACHES[Approach.PURSUIT_LATE],
    "frapper dans le dos": melee.SITUATIONS[Situation.STRIKING_THE_BACK],
    "frapper un ennemi derrière soi": melee.SITUATIONS[Situation.STRIKING_BEHIND],
    "frapper un fuyard": melee.SITUATIONS[Situation.STRIKING_A_FUGITIVE],
    "position surélevée": melee.SITUATIONS[Situation.ELEVATED],
    "échec d'un test de peur, engagé": melee.FAILED_FEAR,
    "après une réception de tir": melee.SITUATIONS[Situation.RECEIVED_CHARGE_WITH_SHOTS],
}
BONUS_FIELDS = {
    "attaque": "attack",
    "initiative": "initiative",
    "défense": "defence",
    "dés d'attaque": "attack_dice",
    "dés de localisation": "location_dice",
}


@pytest.mark.parametrize(("label", "cells"), data.BONUS.items())
def test_melee_bonus(label: str, cells: Mapping[str, Any]) -> None:
    """004 Charge de face, dans le dos, de flanc; Aller au corps à corps sans charger; Frapper dans le dos; Frapper
    un fuyard; Position surélevée; Echec d'un test de peur; Réception de charge; Mouvement de poursuite."""
    bonus = BONUSES[label]
    for french, field in BONUS_FIELDS.items():
        assert getattr(bonus, field) == cells.get(french, 0), french
    assert bonus.riposte is cells.get("riposte", True)
    assert bonus.defence_dice is cells.get("dés de défense", True)


def test_every_melee_bonus_is_checked() -> None:
    assert set(BONUSES.values()) >= set(melee.APPROACHES.values()) | set(melee.SITUATIONS.values())


POSITIONS = {
    "haie épaisse": "thick_hedge",
    "muret": "low_wall",
    "palissade de fortification": "palisade",
    "créneaux": "crenellations",
}


@pytest.mark.parametrize(("label", "bonus"), data.DEFENSE.items())
def test_defending_a_position(label: str, bonus: int) -> None:
    """004 Défendre une position, and its exception against a monster."""
    assert melee.defence_bonus(POSITIONS[label]) == bonus
    assert melee.defence_bonus(POSITIONS[label], attacker_is_monster=True) == bonus + data.CONTRE_UN_MONSTRE
    assert len(melee.POSITIONS) == len(data.DEFENSE)


def _opening(faces: list[int], *fighters: melee.Fighter) -> melee.MeleeOpening:
    dice = Dice(seed=0)
    dice.supply(faces)
    opening = melee.open_melee(dice, fighters)
    assert dice.pending == 0
    assert [r.reason for r in dice.log] == [
        f"opening_{test} [004 Tests de début de corps à corps] model={place}"
        for place in range(len(fighters))
        for test in ("discipline", "initiative")
    ]
    return opening


def test_the_lowest_discipline_announces_first_the_highest_initiative_strikes_first() -> None:
    """004 Tests de début de corps à corps: discipline orders the announcements (lowest first), initiative the blows."""
    orcs = melee.Fighter("orcs", discipline=2, initiative=2)
    humans = melee.Fighter("humans", discipline=3, initiative=3)
    opening = _opening([5, 2, 2, 4], orcs, humans)
    assert opening.announcing == (("humans",), ("orcs",))  # 2+3=5 before 5+2=7
    assert opening.striking == (("humans",), ("orcs",))  # 4+3=7 before 2+2=4


def test_a_charge_adds_its_initiative_bonus() -> None:
    """004 Charge de flanc: +10 in initiative."""
    charger = melee.Fighter("wolves", 2, 1, Approach.FLANK_CHARGE)
    defender = melee.Fighter("guards", 2, 6)
    opening = _opening([3, 2, 3, 6], charger, defender)
    assert [r.initiative for r in opening.rolls] == [13, 12]
    assert opening.striking == (("wolves",), ("guards",))


def test_equal_scores_share_a_place() -> None:
    """The document orders by score and says nothing of ties: equal scores share a place."""
    a = melee.Fighter("a", 1, 1)
    b = melee.Fighter("b", 1, 1)
    assert _opening([3, 3, 3, 3], a, b).striking == (("a", "b"),)


@pytest.mark.parametrize(
    ("approach", "initiative"),
    [(Approach.FRONT_CHARGE, 3 + 3), (Approach.FLANK_CHARGE, 3 + 5), (Approach.REAR_CHARGE, 3)],
)
def test_a_critical_initiative_failure_in_a_charge_halves_the_bonus(approach: Approach, initiative: int) -> None:
    """004 Echec 'critique' d'initiative: in a charge, half the bonus is added to the initiative, the die ignored."""
    roll = melee.opening_roll(melee.Fighter("x", 2, 3, approach), 4, 1)
    assert (roll.initiative, roll.lost) == (initiative, False)


def test_a_critical_initiative_failure_outside_a_charge_loses_the_initiative() -> None:
    """004 Echec 'critique' d'initiative: in a melee or coming into contact without charging, it is lost."""
    slow = melee.Fighter("slow", 1, 9, Approach.WITHOUT_CHARGE)
    quick = melee.Fighter("quick", 1, 0)
    opening = _opening([4, 1, 4, 2], slow, quick)
    assert opening.rolls[0].lost
    assert opening.striking == (("quick",), ("slow",))


def test_when_both_sides_lose_the_initiative_the_discipline_decides() -> None:
    """004 Echec 'critique' d'initiative: unless both lost it, and the discipline was won at the start of the turn."""
    a = melee.Fighter("a", discipline=1, initiative=5)
    b = melee.Fighter("b", discipline=4, initiative=0)
    opening = _opening([2, 1, 2, 1], a, b)
    assert opening.striking == (("b",), ("a",))


def test_a_shooting_unit_that_received_a_charge_loses_the_initiative() -> None:
    """004 Réception de charge: automatic loss of the initiative, −2 in attack and defence."""
    archers = melee.Fighter("archers", 2, 8, situations=(Situation.RECEIVED_CHARGE_WITH_SHOTS,))
    charger = melee.Fighter("boars", 2, 0, Approach.FRONT_CHARGE)
    opening = _opening([3, 6, 3, 2], archers, charger)
    assert opening.striking == (("boars",), ("archers",))
    assert (archers.bonus.attack, archers.bonus.defence) == (-2, -2)


def test_a_fighter_needs_its_own_name() -> None:
    fighter = melee.Fighter("same", 1, 1)
    with pytest.raises(ValueError, match="fighters_named_apart"):
        melee.open_melee(Dice(seed=0), [fighter, fighter])


def test_bonuses_add_up() -> None:
    """004 Charge dans le dos from a raised position: attacks add up, the riposte stays forbidden."""
    total = melee.APPROACHES[Approach.REAR_CHARGE] + melee.SITUATIONS[Situation.ELEVATED]
    assert (total.attack, total.location_dice, total.riposte) == (7, 1, False)


@pytest.mark.parametrize(
    ("seen", "side", "approach"),
    [
        (True, "rear", Approach.FRONT_CHARGE),
        (True, "flank", Approach.FRONT_CHARGE),
        (False, "rear", Approach.REAR_CHARGE),
        (False, "flank", Approach.FLANK_CHARGE),
        (False, "front", Approach.FRONT_CHARGE),
    ],
)
def test_a_charge_from_the_rear_or_flank_needs_the_charger_unseen(seen: bool, side: str, approach: Approach) -> None:
    """004 Charge dans le dos, Charge de flanc, NB: the charger was not seen by its target before moving."""
    assert melee.charge_approach(seen, side) is approach


def test_a_charge_needs_sight_and_a_straight_lane() -> None:
    """004 Pouvoir charger."""
    assert melee.can_charge(True, True) == []
    assert len(melee.can_charge(False, False)) == 2
    assert "Echec d'un test de peur" in melee.can_charge(True, True, failed_fear_last_turn=True)[0]


def test_engaging_from_behind_after_being_seen() -> None:
    """004 Aller au corps à corps sans charger: not from behind if seen during the move, unless already in melee."""
    assert melee.can_engage(True) == []
    assert melee.can_engage(False) != []
    assert melee.can_engage(True, from_behind=True, seen_during_move=True) != []
    assert melee.can_engage(True, from_behind=True, seen_during_move=True, target_in_melee=True) == []
    assert melee.can_engage(True, from_behind=True, seen_during_move=False) == []


def test_only_one_striker_keeps_its_bonus_on_one_target() -> None:
    """004 Nombre de dés: Kaël and Pilgrim strike the same goblins; one has 4 dice, the other 2.

    Their 2 dice each come from their Confrontation profiles, so they are the example's, not the document's rule.
    """
    bonuses = {"Kaël": melee.extra_dice("character"), "Pilgrim": melee.extra_dice("character")}
    shared = melee.extra_dice_on_one_target(bonuses, "Kaël")
    assert {name: 2 + extra for name, extra in shared.items()} == {"Kaël": 4, "Pilgrim": 2}


def test_crenellations_against_a_monster() -> None:
    """004 Défendre une position: créneaux +4, 1 less against a monster."""
    assert melee.defence_bonus("crenellations") == 4
    assert melee.defence_bonus("crenellations", attacker_is_monster=True) == 3
    assert melee.defence_bonus(None, attacker_is_monster=True) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        pytest.param(lambda: melee.extra_dice("dragon"), "troop_type must be one of 'monster', 'character'"),
        pytest.param(lambda: melee.extra_dice("troop", 0), "models must be 1 or more, got 0"),
        pytest.param(lambda: melee.defence_bonus("moat"), "position must be one of 'thick_hedge'"),
        pytest.param(lambda: melee.charge_approach(False, "above"), "arrives_from must be one of 'front'"),
        pytest.param(lambda: melee.extra_dice_on_one_target({"a": 2}, "b"), "chosen must be one of 'a'"),
        pytest.param(lambda: melee.opening_roll(melee.Fighter("x", 1, 1), 0, 3), "discipline_face must be between"),
    ],
)
def test_bad_input_names_the_rule_and_range(call: Callable[[], object], message: str) -> None:
    """Bad input: a troop type the document does not know is refused, naming the accepted ones."""
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


def test_an_unknown_troop_type_is_refused_naming_the_rule() -> None:
    """Bad input: a troop type the document does not know, refused with the rule and the accepted types."""
    with pytest.raises(ValueError, match="must be one of") as refused:
        melee.extra_dice("dragon")
    assert str(refused.value) == (
        "troop_type must be one of 'monster', 'character', 'magician', 'cavalry', 'troop', 'command', "
        "got 'dragon' (004 Nombre de dés au corps à corps)"
    )
