"""003 II §8: the results of morale that move a model, played: *Prudente* steps back, a rout and a failed rally's
flight move it, and each takes it out of base contact with the enemies it touched. The engine holds no positions:
a move away is the contacts it breaks and the distance it reports."""

from __future__ import annotations

from rules.freres import actions as act
from rules.freres.example import KNIGHT, SOLDIER
from rules.freres.state import Skirmish
from tests.rules.freres.builders import activated, changed, engaged, kinds, played, skirmish


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
