"""The rulings on the skirmish (R20, R21) and the fast-move table's notes, one hand-worked case each: the d10 faces
are the test's, every number follows from the profiles and the text of 003 quoted."""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.damage import Health
from rules.freres.example import KNIGHT
from rules.freres.movement import Item
from rules.freres.state import Posture, Profile
from tests.rules.freres.builders import activated, changed, kinds, played, rows, skirmish

MILITIAMAN = Profile(
    "militiaman", C=4, T=4, D=4, A=5, M=5, PA=6, items=(Item.ONE_HANDED, Item.SHIELD), armour=0, shield=1
)
"""D 4, no armour, a shield worth 1."""


def test_a_routed_model_rolls_its_jd_without_its_shield() -> None:
    """003 II §4.4 « Ennemi démoralisé », R20: « elle ne jette pas de dé d'attaque. Elle se défend directement »;
    struck « automatiquement dans le dos ». The knight's JC 3 + C 7 + 1 (in the back) = 11 lands; damage 11 - 1
    (served only to hit, §4.1.3) + 2 (its sword) = 12. The militiaman's JD: 3 + D 4 = 7, its shield not counted:
    12 - 7 = 5, « Sonné » (1 à 5) on the table des dégâts, no JM; without the die it would be 8, « Blessé »."""
    state = activated(skirmish(("a", KNIGHT), ("b", MILITIAMAN)), "a")
    result = played(changed(state, "b", routed=True), act.Charge("a", "b", 5), [3, 3])
    assert rows(result) == ["stunned"]
    militiaman = result.state.model("b")
    assert (militiaman.posture, militiaman.health) == (Posture.STUNNED, Health.UNHURT)
    assert "morale_passed" not in kinds(result)
    assert "morale_failed" not in kinds(result)


def test_a_routed_models_shield_takes_nothing_off() -> None:
    """R20: « without the defence of its weapon or its shield, since it is struck in the back ». The same blow of
    12 against JD 2 + D 4 = 6: 6, « Blessé » (6 à 9), -3 PA and a JM (its shield would have made it 5, « Sonné »).
    The JM: 9 + M 5 - 1 (wounded, §7) - 1 (an enemy in contact, §8.1) = 12, passed."""
    state = activated(skirmish(("a", KNIGHT), ("b", MILITIAMAN)), "a")
    result = played(changed(state, "b", routed=True), act.Charge("a", "b", 5), [3, 2, 9])
    assert rows(result) == ["wounded"]
    assert result.state.model("b").health is Health.WOUNDED
    assert "morale_passed" in kinds(result)


def test_a_natural_zero_on_a_routed_models_jd_kills() -> None:
    """R20: the routed model rolls its JD, so « Si le dé est un 0 naturel, la figurine est tuée sur le coup »
    (§4.1.3)."""
    state = activated(skirmish(("a", KNIGHT), ("b", MILITIAMAN)), "a")
    result = played(changed(state, "b", routed=True), act.Charge("a", "b", 5), [3, 0])
    assert result.state.model("b").out == "killed"
