"""§11 sorties: the besieged never go out, but their flyers fly out against the besieger's engines
(§11.1, §11.2).
"""

from __future__ import annotations

from dataclasses import replace

from bots.siege.assault import CATAPULT_CREW
from rules.siege.actions import Move, Sortie
from rules.siege.board.profiles import TroopType
from rules.siege.board.state import BattleState, Phase, Place, Side, Zone
from rules.siege.chapters import sorties
from rules.siege.chapters.movement import move
from rules.siege.chapters.sorties import sortie
from rules.siege.game import apply, menu_options
from tests.rules.siege.builders import CANNON, HARPY, MAN, ORC, battle, besieged, besiegers, dice, fleeing, refused

BOLT_THROWER = replace(ORC, name="Bolt thrower", troop_type=TroopType.WAR_MACHINE, points=50)


def _gate_broken(state: BattleState) -> BattleState:
    gate = state.fort.gates_of("C1")[0]
    return state.with_gate(replace(state.gate(gate.id), structure_points=0))


def test_the_besieged_never_go_out_even_through_a_broken_gate() -> None:
    """§11.1: « l'interdiction pour l'assiégé … d'en faire sortir durant la partie, même si la porte principale a
    été enfoncée par l'ennemi »; besiegers come in through it (§2.1.1)."""
    state = _gate_broken(battle(besieged(MAN, "C1", 1), besiegers(ORC, "foot:C1", 1), active=Side.BESIEGED))
    refused(lambda: move(state, ["d1"], "foot:C1", dice()), "§11.1")
    inside = move(replace(state, active=Side.BESIEGER), ["a1"], "C1", dice()).state
    assert inside.model("a1").place == Place.parse("C1")


def test_only_besieged_flyers_sortie_and_only_against_engines() -> None:
    """§11.2: « Les seuls types de troupes de l'assiégé pouvant tenter une sortie sont les volants … Ces derniers
    peuvent uniquement engager des machines de guerre ou des engins »; then besieger units may engage them."""
    state = battle(
        besieged(HARPY, "T1", 2, "h"),
        besieged(MAN, "T1", 1),
        besiegers(BOLT_THROWER, "field:W3", 1, "m"),
        besiegers(ORC, "field:W3", 1),
    )
    out = sortie(state, ["h1", "h2"], "m1")
    assert out.model("h1").place == out.model("m1").place
    assert {("m1", "h1"), ("m1", "h2")} <= out.contacts
    refused(lambda: sortie(state, ["d1"], "m1"), "§11.1")
    refused(lambda: sortie(state, ["h1"], "a1"), "§11.2")


def _sortie_state() -> BattleState:
    """The besieged's movement: two harpies on C3, a catapult on the field."""
    state = battle(
        besieged(HARPY, "C3", 2, "h"),
        besiegers(CATAPULT_CREW, "field:east", 1, "m"),
        besiegers(ORC, "foot:W3", 1),
        active=Side.BESIEGED,
    )
    return replace(state, phase=Phase.MOVEMENT)


def test_flyers_fly_out_once_as_their_move() -> None:
    """§11.2 « Les seuls types de troupes de l'assiégé pouvant tenter une sortie sont les volants … Ces derniers
    peuvent uniquement engager des machines de guerre »; flying out is the flyer's move of the turn (§2.1 « toute
    figurine … peut se déplacer vers une autre section »): it neither moves nor flies out again."""
    state = _sortie_state()
    (option,) = menu_options(state, "sortie")
    assert (option.actors, option.targets) == (("h1", "h2"), ("m1",))
    out = apply(state, Sortie(("h1",), "m1"), dice()).state
    assert out.model("h1").place == out.model("m1").place
    assert out.in_contact("h1")
    assert [o.actors for o in menu_options(out, "sortie")] == [("h2",)]
    refused(lambda: apply(out, Sortie(("h1",), "m1"), dice()), "§11.2")
    refused(lambda: apply(out, Move(("h1",), "foot:W3"), dice()), "§2.1")


def test_a_flyer_that_moved_fled_or_stands_outside_does_not_fly_out() -> None:
    """§11.1 « l'interdiction pour l'assiégé … d'en faire sortir »: only flyers in the fort fly out, and only those
    free to move: one that has moved this turn or flees stays (§2.1, §3.3.3)."""
    state = _sortie_state()
    moved = apply(state, Move(("h1",), "C2"), dice()).state
    assert [o.actors for o in menu_options(moved, "sortie")] == [("h2",)]
    refused(lambda: apply(moved, Sortie(("h1",), "m1"), dice()), "§11.2")
    scared = fleeing(state, "h2")
    assert [o.actors for o in menu_options(scared, "sortie")] == [("h1",)]
    refused(lambda: apply(scared, Sortie(("h2",), "m1"), dice()), "§11.2")
    outside = state.with_models({"h1": replace(state.model("h1"), place=Place.parse("field:west"))})
    refused(lambda: apply(outside, Sortie(("h1",), "m1"), dice()), "§11.2")


def test_flyers_sortie_against_a_war_machine() -> None:
    """§11.2: the harpy leaves the fort and engages the cannon where it stands."""
    state = battle(besieged(HARPY, "C1", 1), besiegers(CANNON, "field:east", 1), active=Side.BESIEGED)
    after = sorties.sortie(state, ["d1"], "a1")
    assert after.model("d1").place == Place(Zone.FIELD, "east")
    assert after.in_contact("d1")
