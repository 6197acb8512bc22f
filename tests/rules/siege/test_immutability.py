"""Every public action leaves the state it was given as it was, and a refused one leaves the roll log as it was.

The state is a value (``rules.siege.board.state``): an action returns a new one. Frozen dataclasses hold tuples and
frozensets only, so this checks what typing cannot: no action rebuilds its input through a shared container, and no
refusal comes after a die was rolled. Each public function of ``rules.siege`` whose first argument is the state is
wrapped, wherever a module imported it, while the example battle plays and while a rich state meets every action.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import inspect
import json
import pkgutil
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from types import ModuleType
from typing import Any

import pytest

import bots.siege
import rules.siege
from bots.siege import assault, policies, solo, strong
from rules.dice import Dice
from rules.siege import game
from rules.siege.actions import EndPhase, Move, ReplaceRamCarriers
from rules.siege.board import menu_view
from rules.siege.board import state as state_module
from rules.siege.board.engines import Belfry, Bridge, Budget, Climb, Fire, Liquid, MineGoal, Ram, SiegeTower, Works
from rules.siege.board.fort import SectionKind
from rules.siege.board.state import BattleState, IllegalAction, Phase, Place, Side
from rules.siege.chapters import (
    blocking,
    costs,
    defences,
    deployment,
    fire,
    game_length,
    gates,
    giants,
    heroism,
    hits,
    ladders,
    magic,
    melee,
    mining,
    morale,
    movement,
    psychology,
    rams,
    shooting,
    siege_towers,
    sorties,
    structure,
    victory,
)
from rules.siege.chapters.belfry import belfry as belfry_module
from rules.siege.chapters.belfry import belfry_cover, drawbridge
from rules.siege.chapters.mining import start_mine
from rules.siege.example import example_battle
from rules.siege.menus import belfry_menu, menu_movement
from tests.rules.siege.builders import ARCHER, GIANT, HARPY, MAN, ORC, battle, besieged, besiegers, fleeing, lost


def _modules() -> list[ModuleType]:
    return [
        importlib.import_module(info.name)
        for package, prefix in ((rules.siege, "rules.siege."), (bots.siege, "bots.siege."))
        for info in pkgutil.walk_packages(package.__path__, prefix)
        if not info.ispkg
    ]


def _actions() -> Iterator[Callable[..., Any]]:
    for module in _modules():
        for name in getattr(module, "__all__", ()):
            function = getattr(module, name)
            if (
                inspect.isfunction(function)
                and function.__module__ == module.__name__
                and next(iter(inspect.signature(function).parameters), None) == "state"
            ):
                yield function


def _snapshot(state: BattleState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def _checked(action: Callable[..., Any], calls: Counter[str]) -> Callable[..., Any]:
    @functools.wraps(action)
    def run(state: BattleState, *args: Any, **kwargs: Any) -> Any:
        calls[action.__name__] += 1
        before = _snapshot(state)
        dice = next((a for a in (*args, *kwargs.values()) if isinstance(a, Dice)), None)
        mark = None if dice is None else dice.mark()
        try:
            return action(state, *args, **kwargs)
        except IllegalAction:
            assert dice is None or dice.mark() == mark, f"{action.__name__} refused after rolling"
            raise
        finally:
            assert _snapshot(state) == before, f"{action.__name__} changed the state it was given"

    return run


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Wrap every action wherever it is imported; count the calls by name."""
    counted: Counter[str] = Counter()
    wrapped = {action: _checked(action, counted) for action in _actions()}
    for module in _modules():
        for name, value in vars(module).items():
            if inspect.isfunction(value) and value in wrapped:
                monkeypatch.setattr(module, name, wrapped[value])
    return counted


@pytest.mark.parametrize("seed", range(3))
def test_the_example_battle_never_changes_a_state_it_is_given(calls: Counter[str], seed: int) -> None:
    example_battle(seed)
    assert {"dig", "bombard", "move", "pour_brazier", "use_ram", "fight", "end_player_turn"} <= set(calls)


def _rich() -> BattleState:
    """A battle with something in every field: fights, engines, works, fires, a mine, budgets, a giant on a wall."""
    state = battle(
        besieged(MAN, "W3", 5, "d"),
        besieged(ARCHER, "W3", 2, "x"),
        besieged(MAN, "C1", 4, "g"),
        besieged(MAN, "C2", 8, "m"),
        besieged(HARPY, "C3", 1, "h"),
        besieged(MAN, "C3", 1, "p"),
        besiegers(ORC, "ladder:L1", 2, "a"),
        besiegers(ORC, "foot:W3", 6, "f"),
        besiegers(ORC, "siege_tower:ST1", 10, "t"),
        besiegers(ORC, "foot:C1", 6, "r"),
        besiegers(ARCHER, "field:E", 3, "b", unit="Bows"),
        besiegers(MAN, "foot:W1", 6, "s"),
        besiegers(GIANT, "wall:W4", 1, "giant"),
        besiegers(ORC, "W2", 2, "w"),
        besieged(MAN, "W2", 2, "v"),
        results=[lost("W2", Side.BESIEGED)],
    )
    state = start_mine(state, MineGoal.FOUNDATIONS, [f"s{n}" for n in range(1, 7)])
    state = replace(
        state,
        rams=(Ram("R1", covered=True, carriers=tuple(f"r{n}" for n in range(1, 7)), gate="G1"),),
        siege_towers=(replace(state.siege_tower("ST1"), crew=tuple(f"t{n}" for n in range(1, 11))),),
        fires=(Fire("gate:G1"),),
        works=(Works("W3", damage=3, stones=2, rocks=1, braziers=(Liquid.OIL, Liquid.WATER)), Works("T2", damage=1)),
        budgets=((Side.BESIEGER, Budget(100, 2000)), (Side.BESIEGED, Budget(40, 1500))),
        heroism_tokens=2,
        climbs=(Climb("giant1", ("v1",)),),
        ladders=(replace(state.ladder("L1"), blocker="d5"), state.ladder("L2")),
        contacts=frozenset({("w1", "v1"), ("w2", "v2")}),
        unit_braziers=(),
    )
    return state


def _belfried(state: BattleState, bridge: Bridge = Bridge.UP) -> BattleState:
    """The rich state with its siege tower played as a belfry (001, R16): 8 pushing, 2 on level 2 by the winches."""
    aboard = {f"t{n}": "belfry:ST1.0" for n in range(1, 9)} | {"t9": "belfry:ST1.2", "t10": "belfry:ST1.2"}
    state = replace(
        state, phase=Phase.MOVEMENT, active=Side.BESIEGER, belfries=(Belfry("ST1", "W3", 1, bridge=bridge),)
    )
    return state.with_models({m: replace(state.model(m), place=Place.parse(p)) for m, p in aboard.items()})


_EVERY_ACTION: list[Callable[[BattleState, Dice], object]] = [
    lambda s, d: belfry_module.check_aboard(_belfried(s)),
    lambda s, d: belfry_module.aboard(_belfried(s), "ST1"),
    lambda s, d: belfry_module.count_aboard(_belfried(s), _belfried(s).belfry("ST1")),
    lambda s, d: belfry_menu.belfry_options(_belfried(s), lambda place, side: ()),
    lambda s, d: belfry_menu.bridge_steps(_belfried(s, Bridge.DOWN), Place.parse("W3"), Side.BESIEGED),
    lambda s, d: belfry_cover.check_may_shoot(_belfried(s), _belfried(s).model("t1")),
    lambda s, d: belfry_module.crossing(
        _belfried(s, Bridge.DOWN), [s.model("t9")], Place.parse("belfry:ST1.2"), Place.parse("W3")
    ),
    lambda s, d: belfry_module.bridge_problem(
        _belfried(s, Bridge.DOWN), Place.parse("W3"), Place.parse("belfry:ST1.2")
    ),
    lambda s, d: drawbridge.drop_bridges(_belfried(s, Bridge.LOWERING), d),
    lambda s, d: belfry_cover.ignite(_belfried(s), "ST1", "side", 3, d),
    lambda s, d: drawbridge.lower_bridge(_belfried(s), "ST1", ["t9", "t10"]),
    lambda s, d: belfry_module.push(replace(_belfried(s), belfries=(Belfry("ST1", "W3", 4),)), "ST1", "forward", 2),
    lambda s, d: belfry_module.pushers(_belfried(s), _belfried(s).belfry("ST1")),
    lambda s, d: belfry_module.raise_ground_ladder(_belfried(s), "ST1", ["b1"]),
    lambda s, d: belfry_cover.shooting_bonus(_belfried(s), _belfried(s).model("t9")),
    lambda s, d: belfry_module.step(_belfried(s), ["t1"], "belfry:ST1.1"),
    lambda s, d: blocking.block(s, "p1", "gate:P1"),
    lambda s, d: blocking.take_gate(s, "P1", "a1"),
    lambda s, d: blocking.blocker_of(s, "ladder:L1"),
    lambda s, d: blocking.blockers_of(s, "ladder:L1"),
    lambda s, d: blocking.end_block(s, "ladder:L1"),
    lambda s, d: blocking.fight_blocker(s, "ladder:L1", ["a1"], d),
    lambda s, d: blocking.gate_open(s, "G1"),
    lambda s, d: blocking.attackers_reach(s, "gate:G1"),
    lambda s, d: blocking.strike(s, "w1", "v1", 1, 0, SectionKind.WALL_WALK, d, verb="strikes"),
    lambda s, d: costs.buy(s, Side.BESIEGER, "ladder"),
    lambda s, d: costs.buy_in_setup(s, Side.BESIEGER, "siege_tower"),
    lambda s, d: deployment.may_crew(s, s.model("b1")),
    lambda s, d: deployment.place_tower(
        replace(s, siege_towers=(*s.siege_towers, SiegeTower("ST2", None))), "ST2", ["b1", "b2"]
    ),
    lambda s, d: menu_view.bought(s, Side.BESIEGED),
    lambda s, d: defences.drop_rock(s, "W3", ["d1", "d2"], "f1", d),
    lambda s, d: defences.knock_over_braziers(s, "W3"),
    lambda s, d: defences.place_braziers(s, "W1", [Liquid.LEAD]),
    lambda s, d: defences.allocate_ammunition(s, "W1", stones=1),
    lambda s, d: costs.use_bought(s, Side.BESIEGED, ["rock"], "§8.1.1"),
    lambda s, d: defences.pour_brazier(s, "W3", Liquid.OIL, ["d1", "d2"], ["f1", "f2"], d, structure="gate:G1"),
    lambda s, d: defences.pour_brazier(s, "W3", Liquid.WATER, ["d3", "d4"], ["f3"], d, splash=["f4"]),
    lambda s, d: defences.throw_stones(s, "W3", ["d1"], ["f1", "f2", "a1"], d),
    lambda s, d: defences.pour_on_fire(s, "W3", Liquid.OIL, ["d3", "d4"], "gate:G1", d),
    lambda s, d: defences.burning(s, "gate:G1"),
    lambda s, d: fire.burn(s, d),
    lambda s, d: fire.catch_fire(s, "siege_tower:ST1", d),
    lambda s, d: fire.damage_structure(s, "ram:R1", 2, d),
    lambda s, d: fire.give_brazier(replace(s, budgets=((Side.BESIEGER, Budget(100, 2000, ("brazier",))),)), "Bows"),
    lambda s, d: fire.has_brazier(s, s.model("x1")),
    lambda s, d: fire.may_shoot_flaming(s, s.model("x1")),
    lambda s, d: fire.oil_on_fire(s, "gate:G1", d),
    lambda s, d: fire.pour_water(s, "gate:G1"),
    lambda s, d: game_length.end_player_turn(s, d),
    lambda s, d: game_length.end_player_turn(replace(s, active=Side.BESIEGED), d),
    lambda s, d: gates.attack_gate(s, "G1", ["r1", "r2"], d),
    lambda s, d: gates.attack_gate(s, "G1", ["r1", "d1"], d),
    lambda s, d: gates.damage_gate(s, "G1", 3),
    lambda s, d: gates.gate_sections(s, "G1"),
    lambda s, d: gates.reinforce_gate(s, "G1", ["g1", "g2"]),
    lambda s, d: gates.reinforce_gates(gates.reinforce_gate(s, "G1", ["g1", "g2"]).state),
    lambda s, d: gates.touches_gate(s, s.model("r1"), "G1"),
    lambda s, d: gates.unlock_gate(s, "P1", "p1"),
    lambda s, d: gates.unlockers(s, "P1"),
    lambda s, d: giants.climb_wall(s, "giant1", d),
    lambda s, d: giants.fight_climbing_giant(s, "giant1", d),
    lambda s, d: heroism.grant_heroism(s, 3000, 1500),
    lambda s, d: heroism.spend_heroism(s),
    lambda s, d: hits.apply_wounds(s, {"d1": 1, "f1": 1}),
    lambda s, d: hits.hit_models(s, ["d1", "f1", "giant1"], 4, d, "test hit", "§5.9"),
    lambda s, d: hits.save_or_suffer(s, ["a1", "a2"], d, "§7.1.6 test", "§7.1.6", wounds=1),
    lambda s, d: ladders.drop_ladder(s, "L2"),
    lambda s, d: ladders.erect_ladder(s, "L2", "W3", ["f1", "f2"]),
    lambda s, d: ladders.hoist_ladder(s, "L1", ["d1", "d2"], "C3"),
    lambda s, d: ladders.hoisted_ladder_falls(s, "L1", d),
    lambda s, d: ladders.knock_down_ladder(s, "L1", d),
    lambda s, d: ladders.move_ladder_inside(s, "L1", d),
    lambda s, d: ladders.must_drop(s, "L1"),
    lambda s, d: ladders.pick_up_ladder(s, "L2", ["f1", "f2", "f3", "f4"]),
    lambda s, d: ladders.push_back(s, "L1", ["d1", "d2"], d, blocker="d1"),
    lambda s, d: ladders.push_back_pending(s, "L1"),
    lambda s, d: ladders.forgo_push_back(s, "L1"),
    lambda s, d: ladders.push_over_empty_ladder(s, "L2"),
    lambda s, d: ladders.pushers_of(s, "W3"),
    lambda s, d: ladders.push_back_options(s, s.ladder("L1")),
    lambda s, d: ladders.push_backs_due(replace(s, phase=Phase.MOVEMENT)),
    lambda s, d: ladders.carrying(s),
    lambda s, d: ladders.together(s, ["f1", "f2"], "§7.1.1"),
    lambda s, d: magic.earthquake(s, "W3", d),
    lambda s, d: magic.ward(s, s.model("b1"), True, d),
    lambda s, d: melee.fight(replace(s, results=()), "W2", [("w1", "v1"), ("w2", "v2")], d),
    lambda s, d: melee.to_hit_need(s, s.model("w1"), s.model("v1"), SectionKind.WALL_WALK),
    lambda s, d: mining.counter_mine(s, [f"m{n}" for n in range(1, 9)]),
    lambda s, d: mining.counter_miners(s),
    lambda s, d: mining.sappers_may_roll(s),
    lambda s, d: mining.mine_exits(s),
    lambda s, d: mining.rerolls(mining.dig(s, d, section="W2").state, Side.BESIEGER),
    lambda s, d: mining.undermineable(s),
    lambda s, d: mining.dig(s, d, section="W2"),
    lambda s, d: mining.leave_mine(s, Side.BESIEGER),
    lambda s, d: mining.leave_mine(s, Side.BESIEGED, courtyard="C2"),
    lambda s, d: mining.reroll(mining.dig(s, d, section="W2").state, mining.MineDie.SAPPING, d),
    lambda s, d: mining.start_mine(replace(s, mine=None), MineGoal.TUNNEL, [f"f{n}" for n in range(1, 7)]),
    lambda s, d: mining.through_tunnel(s, ["f1"], "C2"),
    lambda s, d: morale.flee(s, "W2", list(s.at("W2", Side.BESIEGED)), d),
    lambda s, d: morale.flee_on(fleeing(s, "v1", "v2"), "W2", Side.BESIEGED, d),
    lambda s, d: morale.hold(s, "W2", d),
    lambda s, d: morale.leadership_groups(s, list(s.at("W3"))),
    lambda s, d: morale.rally(s, "W2", Side.BESIEGED, d),
    lambda s, d: morale.retreat(s, "W2", "T2", d),
    lambda s, d: morale.retreat_problem(s, "W2", list(s.at("W2", Side.BESIEGED)), Place.parse("T2")),
    lambda s, d: morale.flight_problem(s, "W2", list(s.at("W2", Side.BESIEGED)), Place.parse("T2")),
    lambda s, d: morale.flee_option(fleeing(s, "v1", "v2"), "W2", Side.BESIEGED),
    lambda s, d: movement.move(s, ["a1", "a2"], "W3", d),
    lambda s, d: movement.way(s, Side.BESIEGER, Place.parse("foot:W3"), Place.parse("ladder:L1")),
    lambda s, d: movement.admits(s, movement.Who.CLIMBERS, s.model("a1")),
    lambda s, d: movement.move(s, ["t1", "t2", "t3", "t4"], "W2", d),
    lambda s, d: psychology.charge_psychology(s, "W3", list(s.at("ladder:L1")), d),
    lambda s, d: psychology.panic_test(s, "W3", Side.BESIEGED, psychology.PanicCause.CASUALTIES, d, present=6, lost=2),
    lambda s, d: psychology.panic_tests(s),
    lambda s, d: psychology.casualty_panic(s, "W3", Side.BESIEGED, d),
    lambda s, d: rams.bring_ram(s, "R1", "G1"),
    lambda s, d: rams.carry_ram(s, "R1", [f"r{n}" for n in range(1, 7)]),
    lambda s, d: rams.damage_ram(s, "R1", 2),
    lambda s, d: rams.drop_ram(s, "R1"),
    lambda s, d: rams.must_drop_ram(s, "R1"),
    lambda s, d: rams.replace_carriers(s, ReplaceRamCarriers("R1", ("r7",)), d),
    lambda s, d: rams.use_ram(s, "R1", d),
    lambda s, d: rams.ram_gates(s),
    lambda s, d: shooting.bombard(s, "W3", 7, "D4", d, under_template=["d1", "d2"]),
    lambda s, d: shooting.bombard_targets(s),
    lambda s, d: shooting.check_machine(s, None),
    lambda s, d: shooting.ready_machines(s),
    lambda s, d: shooting.modifiers(s, s.model("d1")),
    lambda s, d: shooting.shoot(s, ["b1", "b2", "b3"], ["d1", "d2"], d),
    lambda s, d: shooting.shoot_engine(s, ["b1"], "siege_tower:ST1", d),
    lambda s, d: shooting.shoot_gate(s, ["b1", "b2"], "G1", d),
    lambda s, d: shooting.shoot_structure(s, ["b1", "b2"], "T2", d),
    lambda s, d: siege_towers.assault_sections(s, "ST1"),
    lambda s, d: siege_towers.crew_strength(s, s.siege_tower("ST1")),
    lambda s, d: siege_towers.damage_tower(s, "ST1", 7, d),
    lambda s, d: siege_towers.may_push(s, s.siege_tower("ST1")),
    lambda s, d: siege_towers.disembark_after_win(s, "ST1", ["t1", "t2"]),
    lambda s, d: siege_towers.push_tower(
        replace(s, siege_towers=(SiegeTower("ST2", None, crew=tuple(f"t{n}" for n in range(1, 11))),)), "ST2", 10
    ),
    lambda s, d: sorties.sortie(s, ["h1"], "b1"),
    lambda s, d: sorties.may_sortie(s, s.model("h1")),
    lambda s, d: state_module.outcome(s, [], d, d.mark()),
    lambda s, d: state_module.room_left(s, "W3", Side.BESIEGER),
    lambda s, d: state_module.check_quota(s, "W3", list(s.at("ladder:L1")), "§7.1.8"),
    lambda s, d: state_module.within_quota(s, "W3", s.at("ladder:L1")),
    lambda s, d: state_module.check_may_act(s, ["d1"], "shoot"),
    lambda s, d: structure.add_damage(s, "W3", 2),
    lambda s, d: structure.breach_courtyard(s, "W3"),
    lambda s, d: structure.check_not_silenced(s, "W3", "shoot"),
    lambda s, d: structure.hit_section(s, "W3", 10, "D6", d, "test hit"),
    lambda s, d: structure.main_gate_wall(s, "G1"),
    lambda s, d: victory.section_control(s, "W2"),
    lambda s, d: victory.victory_points(s),
    lambda s, d: victory.section_holders(s),
    lambda s, d: defences.allocate_ammunition(s, "W3", 1, 0),
    lambda s, d: game.apply(replace(s, phase=Phase.MOVEMENT), Move(("a1",), "W3"), d),
    lambda s, d: game.problems(replace(s, phase=Phase.MOVEMENT), Move(("a1",), "W3")),
    lambda s, d: game.menu_options(replace(s, phase=Phase.MOVEMENT)),
    lambda s, d: game.legal_actions(replace(s, phase=Phase.MOVEMENT)),
    lambda s, d: menu_movement.courtyard_via(s, Side.BESIEGED, Place.parse("C1"), Place.parse("C3")),
    lambda s, d: game.side_of(s, EndPhase()),
    lambda s, d: game.choose(s, game.Option("end_phase", Side.BESIEGER), (), None),
    lambda s, d: assault.play_game(s, policies.orders_for(s), 1),
    lambda s, d: assault.set_up_once(s, policies.orders_for(s)),
    lambda s, d: solo.next_action(s, Side.BESIEGED, seed=1),
    lambda s, d: strong.candidates(s, Side.BESIEGER),
    lambda s, d: strong.rollout(s, Side.BESIEGER, EndPhase(), policies.orders_for(s), 1),
    lambda s, d: strong.rank(s, Side.BESIEGER, seed=1, max_games=2),
    lambda s, d: strong.decide(s, Side.BESIEGER, seed=1, max_games=2),
]


@pytest.mark.parametrize("seed", range(3))
def test_every_action_leaves_a_rich_state_as_it_was(calls: Counter[str], seed: int) -> None:
    """Each action runs on the rich state (or is refused): the wrapper checks the state and the roll log."""
    rich = _rich()
    for action in _EVERY_ACTION:
        with contextlib.suppress(IllegalAction):
            action(rich, Dice(seed=seed))
    assert {action.__name__ for action in _actions()} <= set(calls)
