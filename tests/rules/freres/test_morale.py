"""003 II §8 morale: the failure table, rallying a routed model, a critical test's cost; the results that move a
model (*Prudente* steps back, a rout and a failed rally's flight), each taking it out of base contact with the
enemies it touched (the engine holds no positions: a move is what the players measure); ruling R20, a routed model's
JD without its shield. Each case plays the engine's ``apply`` with the d10 faces it names, so each number can be
followed by hand.
"""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.damage import Health
from rules.freres.example import KNIGHT, SOLDIER
from rules.freres.movement import Item
from rules.freres.state import Posture, Profile, Skirmish
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, refusal, rows, skirmish


def _duel() -> Skirmish:
    """A knight (C 7, DegC 2) in contact with a soldier (C 5, D 5, armour 1, shield 1, M 5) strikes it."""
    state = engaged(activated(skirmish(("a", KNIGHT), ("b", SOLDIER)), "a"), ("a", "b"))
    return played(state, act.Strike("a", "b")).state


def _event(result: object, kind: str) -> dict[str, object]:
    return next(dict(e.params) for e in result.events if e.kind == kind)  # type: ignore[attr-defined]


def test_prudente_steps_back_out_of_contact() -> None:
    """§8.1 Table d'échec au Moral, 9 « Prudente — Elle recule de son socle »: 8 + 7 = 15 hits 2 + 5 = 7, damage 17
    against JD 4 + 5 + 1 + 1 = 11: 6, wounded; JM 6 + 5 - 1 (wounded) - 1 (an enemy in contact) = 9: Prudente. Its
    base's depth (R22) takes it out of base contact with the knight."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 6])
    assert _event(result, "morale_failed")["row"] == "cautious"
    assert kinds(result)[-2:] == ["step_back", "leaves_contact"]
    assert _event(result, "leaves_contact") == {"model": "b", "left_models": ("a",)}
    assert result.state.contacts == frozenset()
    assert result.state.enemies_in_contact("a") == ()


def test_ebranlee_steps_back_too_as_the_effects_add_up() -> None:
    """§8.1 « Ebranlée — Idem secouée », « Secouée — Idem méfiante et prudente » (R23): JM 1 + 5 - 1 - 1 = 4
    steps back as well."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 1])
    assert _event(result, "morale_failed")["row"] == "shaken"
    assert "step_back" in kinds(result)
    assert result.state.contacts == frozenset()


def test_a_passed_morale_test_keeps_the_contact() -> None:
    """§8.1: JM 9 + 5 - 1 - 1 = 12 passes: « Stoïque », it faces the danger where it stands."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 9])
    assert result.state.contacts == frozenset({("a", "b")})


def test_a_rout_is_a_full_move_away() -> None:
    """§8.1 2-3 « Déroutée — Elle part en déroute »; §8.2 Dérouter: « Une figurine qui part en déroute fait un
    déplacement complet gratuit en tournant le dos à l'ennemi »: JM 0 + 5 - 1 - 1 = 3; a soldier on foot's full move
    in clear terrain, 10 cm (§3.3)."""
    result = played(_duel(), act.Defend("b"), [8, 2, 4, 0])
    assert _event(result, "rout") == {"model": "b", "distance_cm": 10}
    assert result.state.model("b").routed
    assert result.state.contacts == frozenset()


def test_a_failed_rally_flees_a_full_move_out_of_contact() -> None:
    """§8.2 Rallier: « Si elle échoue, … Elle fait alors un mouvement complet gratuit vers le bord de la table le
    plus proche »: the routed knight, contacted again, JM 1 + 7 - 1 = 7 fails; encumbered (§3.2, « -2 cm de
    mouvement »), its full move is 10 - 2 = 8 cm, and it leaves the soldier's contact."""
    state = engaged(skirmish(("a", KNIGHT), ("b", SOLDIER)), ("a", "b"))
    state = activated(changed(state, "a", routed=True), "a")
    result = played(state, act.Rally("a"), [1])
    assert _event(result, "rally_failed") == {"model": "a", "distance_cm": 8}
    assert _event(result, "leaves_contact") == {"model": "a", "left_models": ("b",)}
    assert result.state.contacts == frozenset()
    assert result.state.model("a").routed


def test_a_routed_model_must_rally_first_and_then_attacks_nobody() -> None:
    """003 II §8.2 Rallier: obligatory before anything else; rallied (9 + 5 - 1 = 13), nothing offensive."""
    state = engaged(skirmish(("a", KNIGHT), ("b", SOLDIER)), ("a", "b"))
    state = activated(changed(state, "b", routed=True), "b")
    assert refusal(state, act.Turn("b")) == "§8.2: routed_rallies_first (model=b)"
    state = played(state, act.Rally("b"), [9]).state
    assert not state.model("b").routed
    assert refusal(state, act.Strike("b", "a")) == "§8.2: may_not_attack (model=b)"


def test_a_failed_rally_loses_every_pa_without_the_table() -> None:
    """003 II §8.2: "elle ne jette pas de dé sur la table d'échec au Moral et perd tous ses PA"."""
    state = activated(changed(skirmish(("a", KNIGHT), ("b", SOLDIER)), "b", routed=True), "b")
    result = played(state, act.Rally("b"), [1])
    assert result.state.model("b").routed
    assert result.state.active is None
    assert "morale_failed" not in kinds(result)


def test_a_critical_morale_test_costs_one_m_for_the_battle() -> None:
    """003 II §8.1 Le JM est un échec critique: M-1 for the battle (and the row of its score 0 + 7 - 1 = 6)."""
    state = engaged(activated(skirmish(("a", SOLDIER), ("b", KNIGHT)), "a"), ("a", "b"))
    state = played(state, act.Strike("a", "b")).state
    # JCs 4 + 5 = 9 against 1 + 7 = 8: damage 9 + 1 = 10; JD 3 + 6 + 3 + 1 = 13: -3, a close call; JM 0.
    result = played(state, act.Defend("b"), [4, 1, 3, 0])
    knight = result.state.model("b")
    assert knight.morale_malus == 1 + 1  # the critical M-1, and Ebranlée's Méfiante -1
    assert knight.no_advance


def test_recovering_from_stunned() -> None:
    """003 II §8.2 Se rétablir (6 PA), a JDP: success stands; failure on the ground; critical stays stunned."""
    base = activated(changed(skirmish(("a", SOLDIER), ("b", KNIGHT)), "a", posture=Posture.STUNNED), "a")
    assert played(base, act.Recover("a"), [5]).state.model("a").posture is Posture.STANDING
    assert played(base, act.Recover("a"), [4]).state.model("a").posture is Posture.DOWN
    assert played(base, act.Recover("a"), [0]).state.model("a").posture is Posture.STUNNED
    assert refusal(base, act.StandUp("a")) == "§3.4: stunned_recovers (model=a)"


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
