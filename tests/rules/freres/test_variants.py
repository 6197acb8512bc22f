"""003 I §3 « Variante : jouer avec un dé à vingt ou trente faces », as a set-up option: the faces of each die, the
game's value of each, and a skirmish played with it. The expected values are the document's, written out here."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.dice import DieValueError
from rules.freres import actions as act
from rules.freres.battle import Battle, Setup, play, replay
from rules.freres.example import KNIGHT, SOLDIER, example_models
from rules.freres.state import Model, Side, new_skirmish
from rules.freres.variants import VARIANT_DICE, game_value
from rules.validation import BadValue

PRINTED = {
    # « Les résultats de 11 à 19 sur le dé donnent des résultats de 1 à 9 pour le jeu. … Le 10 et le 20 font donc 0.
    # Vous pouvez aussi jouer sans le 0. Le 10 donne 1 et le 20 donne 2. … avec un dé à trente faces. Le 30 donne
    # alors 3. »
    ("d20", 11): 1,
    ("d20", 19): 9,
    ("d20", 10): 0,
    ("d20", 20): 0,
    ("d20", 7): 7,
    ("d20_no_zero", 10): 1,
    ("d20_no_zero", 20): 2,
    ("d20_no_zero", 15): 5,
    ("d30", 30): 0,
    ("d30", 23): 3,
    ("d30_no_zero", 10): 1,
    ("d30_no_zero", 20): 2,
    ("d30_no_zero", 30): 3,
    ("d30_no_zero", 29): 9,
}


@pytest.mark.parametrize(("variant", "face"), sorted(PRINTED))
def test_each_face_reads_as_the_document_says(variant: str, face: int) -> None:
    assert game_value(variant, face) == PRINTED[variant, face]


def test_the_game_values_each_die_gives() -> None:
    """With the 0, a d20 and a d30 read as a d10: every value 0–9 as often. « Sans le 0 » there is no 0, so no
    natural 0 and no critical failure: the 1 and the 2 come three times in twenty, the 1, 2 and 3 four times in
    thirty."""
    counts = {v: Counter(game_value(v, f) for f in VARIANT_DICE[v].faces) for v in VARIANT_DICE if v != "d10"}
    assert counts["d20"] == dict.fromkeys(range(10), 2)
    assert counts["d30"] == dict.fromkeys(range(10), 3)
    assert counts["d20_no_zero"] == {1: 3, 2: 3} | dict.fromkeys(range(3, 10), 2)
    assert counts["d30_no_zero"] == {1: 4, 2: 4, 3: 4} | dict.fromkeys(range(4, 10), 3)


def test_a_skirmish_rolls_the_d20_without_the_0() -> None:
    """§1.1 with a d20 « sans le 0 »: a 20 typed in gives 2, a 10 gives 1: 2 + 7 (the knight) = 9 against
    1 + 6 (the soldier) = 7, band A has the initiative; the faces are logged as the die showed them."""
    models = (Model("a", Side.A, KNIGHT), Model("b", Side.B, SOLDIER))
    battle, result = play(Battle(Setup(models, die="d20_no_zero"), seed=1), act.RollInitiative(), table=[20, 10])
    assert [r.result for r in result.rolls] == [20, 10]
    assert result.events[0].params == {"band": "a", "a_score": 9, "b_score": 7}
    assert replay(battle) == result.state
    assert Setup.from_json(battle.setup.to_json()).die == "d20_no_zero"


def test_a_face_the_die_has_not_is_refused() -> None:
    with pytest.raises(DieValueError, match=r"D30\(sans 0\) cannot show 31"):
        play(Battle(Setup(example_models(), die="d30_no_zero"), seed=1), act.RollInitiative(), table=[31])


def test_an_older_setup_rolls_the_d10() -> None:
    data = Setup(example_models()).to_json()
    del data["die"]
    assert Setup.from_json(data).die == "d10"


def test_an_unknown_die_and_the_cards_with_a_d20_are_refused() -> None:
    with pytest.raises(BadValue, match=r"die must be one of"):
        new_skirmish(example_models(), die="d12")
    with pytest.raises(BadValue, match=r"003 I §4"):
        new_skirmish(example_models(), cards=True, die="d20")
