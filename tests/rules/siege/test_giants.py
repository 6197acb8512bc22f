"""A giant scaling a wall (§12.1.5): the climb and its fall, up to six blockers, the sweep at D6 − 1, the fall and
panic tests of a wounded giant, reaching the rampart; with their refusals by clause.

Dice worked from the seed: the builders' giant (WS3 S7 T5 W6 Ld10, no save) against men (WS3 S3 T3, no save).
A blocker hits it on 3+ (4+ at equal WS, +1 for blocking, §6.3.3) and wounds on 6 (S3 against T5); the sweep
wounds a man on 2+ (S7 against T3).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.siege.board.engines import Climb
from rules.siege.board.state import BattleState, IllegalAction, Model, Phase, Place, Side, TurnLog, Zone
from rules.siege.chapters.blocking import block, end_block
from rules.siege.chapters.giants import GiantAttack, climb_wall, fight_climbing_giant, sweep_hits
from rules.siege.chapters.movement import move
from rules.siege.game import Option, menu_options
from tests.rules.siege.builders import GIANT, MAN, OGRE, battle, besieged, besiegers, dice, ids, refused

WALL = Place(Zone.WALL, "W3")
FOOT = Place(Zone.FOOT, "W3")
RAMPART = Place(Zone.SECTION, "W3")


def _at_foot(*defenders: str) -> BattleState:
    return battle(besiegers(GIANT, "foot:W3", 1, "g"), *(besieged(MAN, place, 1, f"d{place}") for place in defenders))


def _on_wall(blockers: int = 2, defenders: int = 7) -> BattleState:
    """Giant g1 on the wall of W3, blocked by d1… of the ``defenders`` men on W3."""
    state = battle(besiegers(GIANT, "foot:W3", 1, "g"), besieged(MAN, "W3", defenders))
    state = climb_wall(state, "g1", dice(3)).state
    for n in range(1, blockers + 1):
        state = block(state, f"d{n}", "climb:g1")
    return state


@pytest.mark.parametrize(
    ("roll", "place", "wounds_lost", "moved"),
    [
        pytest.param(5, WALL, 0, False, id="§12.1.5-climbs-on-1-to-5"),
        pytest.param(6, FOOT, 1, True, id="§12.1.5-falls-outside-on-6-wounded-without-save"),
    ],
)
def test_the_climb_roll(roll: int, place: Place, wounds_lost: int, moved: bool) -> None:
    """§12.1.5: a 6 and the giant falls back, outside only (§7.1.4), a wound unless saved (§7.1.6): none here."""
    result = climb_wall(_at_foot(), "g1", dice(roll))
    giant = result.state.model("g1")
    assert (giant.place, giant.wounds_lost, "g1" in result.state.turn_log.moved) == (place, wounds_lost, moved)
    assert [c.id for c in result.state.climbs] == (["g1"] if place == WALL else [])
    assert len(result.rolls) == 1


@pytest.mark.parametrize(
    "state",
    [
        pytest.param(battle(besiegers(OGRE, "foot:W3", 1, "g")), id="§12.1.5-giants-only"),
        pytest.param(battle(besiegers(GIANT, "W3", 1, "g")), id="§12.1.5-from-the-foot-of-the-wall"),
        pytest.param(
            replace(_at_foot(), turn_log=TurnLog(moved=frozenset({"g1"}))), id="§12.1.5-at-the-foot-at-the-start"
        ),
        pytest.param(battle(besiegers(GIANT, "foot:W3", 1, "g"), active=Side.BESIEGED), id="§12.1.5-in-its-own-move"),
        pytest.param(battle(besiegers(GIANT, "foot:C1", 1, "g")), id="§12.1.5-a-rampart-wall"),
        pytest.param(_on_wall(0), id="§12.1.5-not-twice"),
    ],
)
def test_climb_refusals(state: BattleState) -> None:
    refused(lambda: climb_wall(state, "g1", dice(1)), "§12.1.5")


def test_six_blockers_and_no_seventh() -> None:
    """§12.1.5: up to 6 models of normal size block a climbing giant."""
    state = _on_wall(6)
    assert state.climb("g1").blockers == ("d1", "d2", "d3", "d4", "d5", "d6")
    assert all(state.is_blocking(f"d{n}") for n in range(1, 7))
    refused(lambda: block(state, "d7", "climb:g1"), "§12.1.5")


def _giant_on_wall_with(*groups: list[Model]) -> BattleState:
    return replace(battle(besiegers(GIANT, "wall:W3", 1, "g"), *groups), climbs=(Climb("g1"),))


@pytest.mark.parametrize(
    ("state", "blocker", "clause"),
    [
        pytest.param(_giant_on_wall_with(besieged(OGRE, "W3", 1)), "d1", "§12.1.5", id="§12.1.5-normal-size"),
        pytest.param(_giant_on_wall_with(besiegers(MAN, "W3", 1)), "a1", "§12.1.5", id="§12.1.5-enemies"),
        pytest.param(_giant_on_wall_with(besieged(MAN, "W2", 1)), "d1", "§6.3.1", id="§6.3.1-on-the-rampart"),
        pytest.param(_at_foot("W3"), "dW31", "§12.1.5", id="§12.1.5-a-climbing-giant"),
    ],
)
def test_blocking_refusals(state: BattleState, blocker: str, clause: str) -> None:
    refused(lambda: block(state, blocker, "climb:g1"), clause)


def test_a_blocker_leaves_by_name() -> None:
    """§6.3.2 applied to §12.1.5: with two blockers, the one leaving is named."""
    state = _on_wall(2)
    refused(lambda: end_block(state, "climb:g1"), "§6.3.2")
    assert end_block(state, "climb:g1", "d1").climb("g1").blockers == ("d2",)


@pytest.mark.parametrize("roll", range(1, 7))
def test_the_sweep_is_d6_less_one(roll: int) -> None:
    """§12.1.5: the giant takes 1 from the D6 and may score nothing."""
    assert sweep_hits(roll) == roll - 1


@pytest.mark.parametrize(
    ("rolls", "place", "wounds_lost", "fleeing", "blockers"),
    [
        # d1 hits (3) and wounds (6), d2 misses (2); the sweep rolls 4: 3 hits, d1 d2 d1, all wound on 2;
        # wounded, the giant holds on a 5 and passes panic on 3+4 against Ld 10: no blocker left, onto W3
        pytest.param((3, 6, 2, 4, 2, 2, 2, 5, 3, 4), RAMPART, 1, False, None, id="§12.1.5-swept-away-giant-up"),
        # both miss; the sweep rolls 1: no hit, the club catches in the crenel; unhurt, no test
        pytest.param((2, 2, 1), WALL, 0, False, ("d1", "d2"), id="§12.1.5-sweep-of-1-scores-0"),
        # d1 wounds the giant, the sweep scores 0; the fall test rolls 6: outside, a wound without save;
        # the panic test is taken at the foot and passed
        pytest.param((3, 6, 2, 1, 6, 3, 4), FOOT, 2, False, None, id="§12.1.5-wounded-giant-falls-on-6"),
        # d1 wounds the giant, the sweep scores 0; it holds (5) but panics on 6+6: it flees down its wall
        pytest.param((3, 6, 2, 1, 5, 6, 6), FOOT, 1, True, None, id="§12.1.5-wounded-giant-takes-a-panic-test"),
        # d1 wounds, the sweep rolls 2: one hit on d1, who dies; d2 still blocks, the giant stays on the wall
        pytest.param((3, 6, 2, 2, 2, 5, 3, 4), WALL, 1, False, ("d2",), id="§12.1.5-up-once-all-blockers-dead"),
    ],
)
def test_a_round_against_the_blockers(
    rolls: tuple[int, ...], place: Place, wounds_lost: int, fleeing: bool, blockers: tuple[str, ...] | None
) -> None:
    result = fight_climbing_giant(_on_wall(2), "g1", dice(*rolls))
    giant = result.state.model("g1")
    assert (giant.place, giant.wounds_lost, giant.fleeing) == (place, wounds_lost, fleeing)
    assert [(c.id, c.blockers) for c in result.state.climbs] == ([] if blockers is None else [("g1", blockers)])
    assert [r.result for r in result.rolls] == list(rolls)


def test_the_sweep_falls_on_each_blocker_in_turn() -> None:
    """§12.1.5: three blockers all miss; a sweep of 4 is 3 hits, one on each, every one wounding on 2."""
    result = fight_climbing_giant(_on_wall(3), "g1", dice(1, 1, 1, 4, 2, 2, 2))
    assert {"d1", "d2", "d3"}.isdisjoint(m.id for m in result.state.models)
    assert result.state.model("g1").place == RAMPART
    assert "g1" in result.state.turn_log.arrived


@pytest.mark.parametrize(
    ("state", "attack", "targets"),
    [
        pytest.param(_on_wall(2), GiantAttack.THUMP, (), id="§12.1.5-sweep-only"),
        pytest.param(_on_wall(2), GiantAttack.SWEEP, ("d3",), id="§12.1.5-only-against-the-blockers"),
        pytest.param(_on_wall(0), GiantAttack.SWEEP, (), id="§12.1.5-no-blocker-no-fight"),
        pytest.param(_at_foot("W3"), GiantAttack.SWEEP, (), id="§12.1.5-a-giant-on-the-wall"),
        pytest.param(
            replace(battle(besiegers(OGRE, "wall:W3", 1, "g")), climbs=(Climb("g1"),)),
            GiantAttack.SWEEP,
            (),
            id="§12.1.5-a-giant",
        ),
    ],
)
def test_fight_refusals(state: BattleState, attack: GiantAttack, targets: tuple[str, ...]) -> None:
    refused(lambda: fight_climbing_giant(state, "g1", dice(), attack=attack, targets=targets), "§12.1.5")


def test_onto_the_rampart_in_its_move_only_unblocked() -> None:
    """§12.1.5: a blocked giant stays on the wall; unblocked, it steps onto the rampart, from below (§3.2.2)."""
    refused(lambda: move(_on_wall(1), ["g1"], "W3", dice()), "§12.1.5")
    state = climb_wall(_at_foot("W4"), "g1", dice(4)).state
    moved = move(state, ["g1"], "W3", dice()).state
    assert moved.model("g1").place == RAMPART
    assert moved.climbs == ()
    assert "g1" in moved.turn_log.arrived


def test_a_climb_is_saved_with_the_battle() -> None:
    state = _on_wall(2)
    assert BattleState.from_json(state.to_json()) == state


@pytest.mark.parametrize(
    ("blockers", "leaving", "message"),
    [
        pytest.param(0, None, "§6.3.2: nobody_blocks (access=climb, ref=g1)", id="nobody"),
        pytest.param(
            2, None, "§6.3.2: name_the_one_leaving (access=climb, ref=g1, blocker_models=d1+d2)", id="several"
        ),
        pytest.param(
            1, "d2", "§6.3.2: not_the_blocker (model=d2, access=climb, ref=g1, blocker_models=d1)", id="another"
        ),
    ],
)
def test_a_refused_end_of_blocking_names_who_blocks(blockers: int, leaving: str | None, message: str) -> None:
    """§6.3.2: the refusal says who blocks, not "nobody is not the one blocker"."""
    with pytest.raises(IllegalAction) as error:
        end_block(_on_wall(blockers), "climb:g1", leaving)
    assert str(error.value) == message


def test_the_menu_offers_the_climb_of_a_rampart_wall_only() -> None:
    """§12.1.5 « Un géant peut escalader les murailles »: a giant at the foot of W1 is offered the climb; one at the
    foot of the main gate's courtyard C1, which has no wall of its own, and one fleeing at the foot of W2 are not."""
    state = battle(
        besiegers(GIANT, "foot:W1", 1, "g"),
        besiegers(GIANT, "foot:C1", 1, "c"),
        besiegers(GIANT, "foot:W2", 1, "f"),
        besieged(MAN, "T4", 1),
    )
    state = replace(state, phase=Phase.MOVEMENT)
    state = state.with_models({"f1": replace(state.model("f1"), fleeing=True)})
    assert [o.actors for o in menu_options(state, "climb_wall")] == [("g1",)]


def test_only_a_giant_scales_a_wall_from_its_foot_and_falls_on_a_6() -> None:
    """§12.1.5: « Cette action est réservée aux géants uniquement », « s'il commence son tour de mouvement au pied
    de la muraille », « Sur un 6, le géant tombe à la renverse »."""
    state = battle(
        besiegers(GIANT, "foot:W3", 1, "g"), besiegers(OGRE, "foot:W3", 1, "o"), besiegers(GIANT, "field:W3", 1, "f")
    )
    up = climb_wall(state, "g1", dice(5)).state
    assert up.model("g1").place == Place.parse("wall:W3")
    down = climb_wall(state, "g1", dice(6, 6)).state
    assert down.model("g1").place == Place.parse("foot:W3")
    refused(lambda: climb_wall(state, "o1", dice(1)), "§12.1.5")
    refused(lambda: climb_wall(state, "f1", dice(1)), "§12.1.5")


def test_six_blockers_at_most_against_a_climbing_giant() -> None:
    """§12.1.5: « Jusqu'à 6 figurines de taille normale peuvent bloquer un géant qui escalade »."""
    state = climb_wall(battle(besiegers(GIANT, "foot:W3", 1, "g"), besieged(MAN, "W3", 7)), "g1", dice(1)).state
    for n in range(1, 7):
        state = block(state, f"d{n}", "climb:g1")
    assert len(state.climb("g1").blockers) == 6
    refused(lambda: block(state, "d7", "climb:g1"), "§12.1.5")


def _menu(state: BattleState, name: str) -> list[Option]:
    return [o for o in menu_options(state) if o.name == name]


def test_at_most_six_block_a_climbing_giant() -> None:
    """§12.1.5: « Jusqu'à 6 figurines de taille normale peuvent bloquer un géant qui escalade »: with six men
    blocking the giant on the wall of W1, the seventh man on W1 is not offered; with five, he is, and the ogre,
    no model of normal size, never.
    """
    men, six = besieged(MAN, "W1", 7), tuple(ids("d", 6))
    state = battle(besiegers(GIANT, "wall:W1", 1, "g"), men, besieged(OGRE, "W1", 1, "o"))
    state = replace(state, climbs=(Climb("g1", six),), phase=Phase.MOVEMENT, turn=1)
    assert not [o for o in _menu(state, "block") if o.where == "climb:g1"]
    five = replace(state, climbs=(Climb("g1", six[:5]),))
    assert [(o.actors, o.most) for o in _menu(five, "block") if o.where == "climb:g1"] == [(("d6", "d7"), 1)]
