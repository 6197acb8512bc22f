"""The whole-assault simulator: plans as values, policies that play only what the menu offers, runs that reproduce
from their seed whatever their chunks, and frequencies that agree with the exact odds of the same mechanic."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from bots.siege.assault import (
    NEVER,
    Assault,
    BesiegedPlan,
    BesiegerPlan,
    Garrison,
    PlanError,
    Summary,
    assault_setup,
    demo_assault,
    game_seed,
    set_up_once,
    simulate,
)
from bots.siege.policies import Game, orders_for, play_out, play_setup
from rules import odds
from rules.siege.battle import Battle, replay, start
from rules.siege.board.engines import Liquid
from rules.siege.board.state import Phase, Side
from rules.siege.chapters.game_length import EARLY_END_FACES, TURNS
from tests.rules.siege.builders import RAMPARTS

QUIET_GARRISON = BesiegedPlan(garrison=(Garrison("W4", "halberdier", 5),))
"""Five halberdiers far from the gates, without missiles, stones or braziers: nothing touches a ram."""


def ram_only(gate: str, crew: int, covered: bool) -> Assault:
    return Assault(BesiegerPlan(ram_gate=gate, covered_ram=covered, ram_crew=crew, engine_points=40), QUIET_GARRISON)


def test_plans_read_back_from_their_json() -> None:
    assault = demo_assault()
    assert Assault.from_json(assault.to_json()) == assault
    assert assault.besieger.engines() == ("ladder", "ladder", "covered_ram", "siege_tower")
    assert assault.besieged.engines() == ("stones", "stones", "brazier_oil")


def test_the_demo_plans_set_up_the_example_battles_forces() -> None:
    setup = assault_setup(demo_assault())
    state = start(setup)
    assert [(x.id, x.section, x.raised) for x in state.ladders] == [("L1", "W3", True), ("L2", "W3", True)]
    assert [(t.id, t.section) for t in state.siege_towers] == [("ST1", "W2")]
    assert [(r.id, r.covered) for r in state.rams] == [("R1", True)]
    assert state.occupancy("W3", Side.BESIEGED) == 11
    assert state.occupancy("foot:C1", Side.BESIEGER) == 6  # the ram crew at the main gate's foot
    assert state.budget(Side.BESIEGER).bought == ("ladder", "ladder", "covered_ram", "siege_tower")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"besieger": {"ladders": ["C1"]}}, r"ladders: 'C1' is not a rampart section .*§7\.1"),
        ({"besieger": {"ram_gate": "G9"}}, r"ram_gate: 'G9' is not a gate of the fort"),
        ({"besieger": {"ram_gate": "G1", "ram_crew": 11}}, r"ram_crew: a ram is carried by 6 to 10 models, not 11"),
        (
            {"besieger": {"tower": "W2", "engine_points": 10}},
            r"engine_points: §14: over_engine_budget \(side=besieger, points=10, ",
        ),
        ({"besieged": {"garrison": [["W3", "halberdier", 40]]}}, r"garrison: W3 holds at most \d+ besieged models"),
        ({"besieged": {"garrison": [["W3", "wizard", 4]]}}, r"garrison: 'wizard' is not a troop"),
        ({"besieged": {"garrison": []}}, r"garrison: the fort needs at least one defender"),
        ({"besieged": {"braziers": [["W3", "tar"]]}}, r"braziers: 'tar' is not a liquid"),
        ({"besieger": {"ladders": "W3"}}, r"ladders: a list was expected"),
        ({"besieger": {"ram_crew": -1}}, r"ram_crew: a whole number from 0 to 100000 was expected"),
        # ten to the fortieth stones held the worker as the plan listed what it bought
        ({"besieged": {"stones": [["W3", 10**40]]}}, r"stones: a whole number from 0 to 100000 was expected"),
    ],
)
def test_a_plan_the_rules_refuse_is_named_by_its_field_and_clause(
    change: dict[str, dict[str, object]], message: str
) -> None:
    data = demo_assault().to_json()
    for side, fields in change.items():
        data[side] = {**data[side], **fields}
    with pytest.raises(PlanError, match=message):
        assault_setup(Assault.from_json(data))


def test_a_run_reproduces_from_its_seed_and_another_seed_plays_other_games() -> None:
    assault = demo_assault()
    first = simulate(assault, 6, seed=2026)
    assert simulate(assault, 6, seed=2026) == first
    assert simulate(assault, 6, seed=2027) != first
    assert first.games == 6
    assert sum(first.wins.values()) == 6
    assert sum(first.gate_fell.values()) == sum(first.first_breach.values()) == 6
    assert all(sum(held.values()) == 6 for held in first.control.values())


RUN_1500_FIRST_FOUR = {
    "control": {
        "C1": {"besieger": 1, "nobody": 3},
        "C2": {"besieged": 4},
        "C3": {"nobody": 4},
        "S1": {"nobody": 4},
        "T1": {"nobody": 4},
        "T2": {"besieger": 1, "nobody": 3},
        "T3": {"besieger": 4},
        "T4": {"besieger": 1, "nobody": 3},
        "W1": {"besieger": 2, "nobody": 2},
        "W2": {"besieger": 1, "nobody": 3},
        "W3": {"besieger": 4},
        "W4": {"nobody": 4},
    },
    "first_breach": {"never": 4},
    "games": 4,
    "gate_fell": {"2": 1, "never": 3},
    "vp": {"besieged": {"2": 4}, "besieger": {"10": 1, "15": 1, "7": 2}},
    "wins": {"besieger": 4},
}
"""The first four games of the demo assault's run seeded 1500 (the assault bench's seed), as the engine plays them
since its menus offer only what the rules accept, with the limits they set, and each side settles what the rules
oblige before its step ends (§16's three-part set-up, R33, R34, §3.1.2, §4.1): a faster engine plays the same
games."""


def test_the_demo_run_plays_the_games_it_always_played() -> None:
    assert simulate(demo_assault(), 4, seed=1500).to_json() == RUN_1500_FIRST_FOUR


def test_chunks_merge_into_the_whole_runs_summary_in_any_order() -> None:
    assault = demo_assault()
    whole = simulate(assault, 7, seed=99)
    parts = [simulate(assault, 3, seed=99, first=4), simulate(assault, 1, seed=99, first=3)]
    parts.append(simulate(assault, 3, seed=99))
    merged = Summary()
    for part in parts:
        merged = merged.merge(part)
    assert merged == whole
    assert Summary.from_json(whole.to_json()) == whole


def test_game_seeds_depend_on_the_run_seed_and_the_games_place_only() -> None:
    assert game_seed(1, 5) == game_seed(1, 5)
    assert len({game_seed(s, i) for s in range(4) for i in range(50)}) == 200


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_policies_play_only_what_the_menu_offers_and_the_game_replays_as_a_battle_log(seed: int) -> None:
    setup = assault_setup(demo_assault())
    game = play_out(Game(start(setup), game_seed(7, seed), demo_assault().orders(), record=True, check_menu=True))
    assert game.off_menu == []
    assert game.state.over  # §16: the siege is played to its end
    assert game.state.turn in (5, 6)  # R10
    assert game.played > 60
    # each action rolled the dice of its place in the log: the game is a battle that replays exactly (002)
    assert replay(Battle(setup, game.seed, tuple(game.entries))) == game.state


def test_a_tracked_battle_under_way_is_played_on_from_where_it_stands() -> None:
    setup = assault_setup(demo_assault())
    game = play_out(Game(start(setup), 5, demo_assault().orders(), record=True))
    # stop the recorded game in the besieger's turn 3 movement, and play on from there
    middle = start(setup)
    battle = Battle(setup, 5)
    for entry in game.entries:
        if middle.turn == 3 and middle.active is Side.BESIEGER and middle.phase is Phase.MOVEMENT:
            break
        battle = replace(battle, entries=(*battle.entries, entry))
        middle = replay(battle)
    assert (middle.turn, middle.active, middle.phase) == (3, Side.BESIEGER, Phase.MOVEMENT)
    summary = simulate(middle, 5, seed=3)
    assert summary == simulate(middle, 5, seed=3)
    assert summary.games == 5
    assert orders_for(middle).machine_targets == ("gate:G1",)


def test_a_run_from_a_finished_battle_counts_it_as_it_ended() -> None:
    setup = assault_setup(demo_assault())
    ended = play_out(Game(start(setup), 11, demo_assault().orders())).state
    summary = simulate(ended, 3, seed=1)
    assert summary.games == 3
    assert len(summary.wins) == 1  # the same ended battle, three times


def standard_error(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n)


def fallen_by_turn(exact: list[Fraction]) -> list[Fraction]:
    """P(the gate has fallen by the end of game turn t), t = 1…6: the ram strikes once a besieger turn, and the game
    ends after turn 5 on a D6 of 5 or 6 (R10), so the sixth strike comes only in the games that go on."""
    goes_on = Fraction(6 - len(EARLY_END_FACES), 6)
    return [*exact[: TURNS - 1], exact[TURNS - 2] + goes_on * (exact[TURNS - 1] - exact[TURNS - 2])]


@pytest.mark.parametrize(
    ("gate", "odds_gate", "crew", "covered", "games"),
    [("G1", "main", 10, True, 400), ("P1", "postern", 6, False, 400)],
)
def test_the_gates_fall_by_turn_agrees_with_the_exact_ram_odds_within_four_standard_errors(
    gate: str, odds_gate: str, crew: int, covered: bool, games: int
) -> None:
    """R3, R4: the simulated turn the gate falls against rules.odds.ram_vs_gate (orcs, strength 3, no reinforcing:
    no besieged model stands by the gate)."""
    summary = simulate(ram_only(gate, crew, covered), games, seed=404)
    expected = fallen_by_turn(odds.ram_vs_gate(crew, 3, odds_gate, covered, TURNS))
    assert summary.games == games
    for turn, p in enumerate(expected, 1):
        seen = summary.fallen_by(summary.gate_fell, turn) / games
        tolerance = 4 * max(standard_error(float(p), games), 1 / games)
        assert abs(seen - float(p)) <= tolerance, (turn, seen, float(p))
    assert summary.first_breach == {NEVER: games}


def test_braziers_and_stones_are_placed_as_planned() -> None:
    plan = replace(
        demo_assault(),
        besieged=replace(
            demo_assault().besieged, rocks=(("W3", 1),), braziers=(("W3", Liquid.OIL), ("W2", Liquid.WATER))
        ),
    )
    plan = replace(plan, besieged=replace(plan.besieged, engine_points=30))
    game = Game(start(assault_setup(plan)), 1, plan.orders())
    play_setup(game)
    assert game.state.works_of("W3").stones == 2
    assert game.state.works_of("W3").rocks == 1
    assert game.state.works_of("W3").braziers == (Liquid.OIL,)
    assert game.state.works_of("W2").braziers == (Liquid.WATER,)
    assert game.state.ram("R1").gate == "G1"  # §7.2.4: the crew brought the ram to the main gate
    assert game.state.mine is not None
    assert game.state.mine.goal.value == "foundations"
    assert game.state.phase is not Phase.SETUP


def random_assault(rng: random.Random) -> Assault:
    pick = rng.choice
    besieger = BesiegerPlan(
        ladders=tuple(pick(RAMPARTS) for _ in range(rng.randint(0, 3))),
        ram_gate=pick([None, "G1", "P1"]),
        covered_ram=rng.random() < 0.5,
        ram_crew=rng.randint(6, 10),
        tower=pick([None, *RAMPARTS]),
        machines=tuple(pick([*RAMPARTS, "gate:G1", "gate:P1"]) for _ in range(rng.randint(0, 2))),
        mine=pick([None, *RAMPARTS]),
        engine_points=300,
    )
    garrison = tuple(
        Garrison(pick([*RAMPARTS, "C1", "C2", "C3", "S1"]), pick(["halberdier", "crossbowman"]), rng.randint(1, 5))
        for _ in range(rng.randint(1, 5))
    )
    besieged = BesiegedPlan(
        garrison=garrison,
        stones=((pick(RAMPARTS), 1),),
        rocks=((pick(RAMPARTS), 1),),
        braziers=((pick(RAMPARTS), pick([*Liquid, None])),),
        counter_miners=pick([0, 4, 6]),
        engine_points=60,
    )
    return Assault(besieger, besieged)


@pytest.mark.parametrize("seed", range(8))
def test_any_plan_the_rules_accept_is_played_to_the_end_from_the_menu(seed: int) -> None:
    assault = random_assault(random.Random(seed))
    setup = assault_setup(assault)
    game = play_out(Game(start(setup), seed, assault.orders(), check_menu=True))
    assert game.state.over  # §16
    assert game.off_menu == []


@pytest.mark.parametrize("seed", range(4))
def test_a_set_up_played_once_for_a_runs_games_plays_the_games_each_would_play_alone(seed: int) -> None:
    # §16: the set-up rolls no die, so each game of a run goes on from the same set-up whatever its seed
    assault = random_assault(random.Random(seed))
    alone = Summary()
    for index in range(3):
        alone = alone.merge(simulate(assault, 1, seed=seed, first=index))  # one game: its own set-up
    assert simulate(assault, 3, seed=seed) == alone
    state = start(assault_setup(assault))
    set_up = set_up_once(state, assault.orders())
    assert set_up is not None
    assert (set_up.state.phase, set_up.state.turn) == (Phase.MOVEMENT, 1)
    assert set_up_once(set_up.state, assault.orders()) is None  # a state past its set-up
