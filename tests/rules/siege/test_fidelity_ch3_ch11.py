"""Chapter 3's charge reactions (§3.1.2) played by the side charged, and chapter 11's sorties (§11.1, §11.2), read
against the seed: what the menu offers, what the engine accepts, and what logs written before still replay to."""

from __future__ import annotations

from dataclasses import replace

from rules.siege.actions import (
    Action,
    Charge,
    EndPhase,
    HoldCharge,
    Move,
    Sortie,
    StandAndShoot,
)
from rules.siege.assault import CATAPULT_CREW
from rules.siege.engines import Ladder
from rules.siege.game import apply, choose, menu_options, problems
from rules.siege.reactions import may_stand_and_shoot
from rules.siege.state import BattleState, Phase, Place, Side
from tests.rules.siege.builders import ARCHER, HARPY, MAN, ORC, battle, besieged, besiegers, dice, fleeing, refused


def _charge_at_archers(archers: int = 2, men: int = 0) -> BattleState:
    """The besieger's movement: two orcs (T4, no save) in C1 next to C2, where ``archers`` (BS3, bow S3) and
    ``men`` (no missile weapon) stand."""
    state = battle(
        besiegers(ORC, "C1", 2),
        besieged(ARCHER, "C2", archers, "x"),
        besieged(MAN, "C2", men),
    )
    return replace(state, phase=Phase.MOVEMENT)


# ---- §3.1.2: the charged answer the charge themselves ---------------------------------------------------------------


def test_a_charge_waits_for_the_charged_sides_answer_alone() -> None:
    """§3.1.2 « Elles peuvent faire un tir de contre charge »: the choice is the charged side's. The charge declared,
    nothing but its answer is offered or accepted: standing and shooting with the archers, or holding."""
    state = _charge_at_archers()
    declared = apply(state, Charge(("a1", "a2"), "C2"), dice())
    assert declared.rolls == ()
    assert [str(m.place) for m in declared.state.models if m.side is Side.BESIEGER] == ["C1", "C1"]
    menu = menu_options(declared.state)
    assert [(o.name, o.side, o.actors) for o in menu] == [
        ("stand_and_shoot", Side.BESIEGED, ("x1", "x2")),
        ("hold_charge", Side.BESIEGED, ()),
    ]
    assert [r.clause for r in problems(declared.state, EndPhase())] == ["§3.1.2"]
    assert [r.clause for r in problems(declared.state, Move(("a1",), "C3"))] == ["§3.1.2"]
    for option in menu:
        assert problems(declared.state, choose(declared.state, option, option.actors[: option.most], None)) == []


def test_standing_and_shooting_hits_on_5_then_the_charge_lands() -> None:
    """§3.1.2 « un tir de contre charge normalement avec un malus »; R6: BS3 needs 7 − 3 = 4, −1 to stand and shoot
    makes 5+. A 5 hits, a 5 wounds the orc's T4 with the bow's S3 (R9: 4 + 1): a1 falls, a2 lands on C2."""
    declared = apply(_charge_at_archers(1), Charge(("a1", "a2"), "C2"), dice()).state
    answered = apply(declared, StandAndShoot(("x1",)), dice(5, 5))
    assert [r.result for r in answered.rolls] == [5, 5]
    assert "a1" not in answered.state.by_id
    assert str(answered.state.model("a2").place) == "C2"
    assert answered.state.turn_log.charge is None
    assert "a2" in answered.state.turn_log.charged


def test_a_4_misses_the_chargers() -> None:
    """§3.1.2, R6: 5+ to hit when standing and shooting; a 4 misses and both orcs land."""
    declared = apply(_charge_at_archers(1), Charge(("a1", "a2"), "C2"), dice()).state
    answered = apply(declared, StandAndShoot(("x1",)), dice(4))
    assert [str(m.place) for m in answered.state.models if m.side is Side.BESIEGER] == ["C2", "C2"]


def test_holding_lets_the_charge_land_with_no_shot() -> None:
    """§3.1.2 « Des figurines ne peuvent pas fuir en réaction à la charge »: holding is the other answer."""
    declared = apply(_charge_at_archers(), Charge(("a1", "a2"), "C2"), dice()).state
    held = apply(declared, HoldCharge(), dice())
    assert held.rolls == ()
    assert [str(m.place) for m in held.state.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    refused(lambda: apply(held.state, HoldCharge(), dice()), "§3.1.2")


def test_with_nobody_to_shoot_the_charge_lands_at_once() -> None:
    """§3.1.2: men without missile weapons can only hold: the charge lands with no answer asked."""
    landed = apply(_charge_at_archers(0, men=2), Charge(("a1", "a2"), "C2"), dice()).state
    assert [str(m.place) for m in landed.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    assert menu_options(landed, "hold_charge") == []


def test_a_blocker_does_not_stand_and_shoot() -> None:
    """§6.3.1 « Le bloquant ne peut pas utiliser d'armes de jet »: the archer blocking the ladder on W2 is not among
    the shooters when the siege tower's orcs charge W2; the other archer is, and the blocker named is refused."""
    state = battle(
        besiegers(ORC, "siege_tower:ST1", 2),
        besieged(ARCHER, "W2", 2, "x"),
        ladders=(Ladder("L1", "W2", blocker="x1"),),
    )
    assert may_stand_and_shoot(state, Place.parse("W2")) == ("x2",)
    declared = apply(replace(state, phase=Phase.MOVEMENT), Charge(("a1", "a2"), "W2"), dice()).state
    refused(lambda: apply(declared, StandAndShoot(("x1",)), dice(6, 6)), "§3.1.2")


def test_a_charge_of_an_older_log_replays_as_it_was_played() -> None:
    """Logs written when the charger's action carried the reaction still replay: an empty list is the charged
    holding, a list of shooters their shots, both at once with the charge (§3.1.2)."""
    state = _charge_at_archers(1)
    old = {"format": 1, "action": "charge", "models": ["a1", "a2"], "to": "C2", "via": None}
    held = apply(state, Action.from_json({**old, "stand_and_shoot": []}), dice()).state
    assert held.turn_log.charge is None
    assert [str(m.place) for m in held.models if m.side is Side.BESIEGER] == ["C2", "C2"]
    shot = apply(state, Action.from_json({**old, "stand_and_shoot": ["x1"]}), dice(5, 5)).state
    assert "a1" not in shot.by_id
    assert "stand_and_shoot" not in Charge(("a1", "a2"), "C2").to_json()
    assert Action.from_json(old) == Charge(("a1", "a2"), "C2")


# ---- §11: sorties by flyers -----------------------------------------------------------------------------------------


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
