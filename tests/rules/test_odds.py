"""``rules.odds`` against ODDS_API.md's worked examples (transcribed in ``tests/rules/data``), the rulings, and a
Monte Carlo run of the same rules.

The Monte Carlo side is :mod:`rules.montecarlo`, which rolls every die on NumPy arrays and shares none of the exact
code's probability arithmetic. Each exact probability must lie within 4 standard errors of the simulated frequency
(plus 1/N, so a rare event seen once or twice in N runs is not a failure). A 4-SE miss happens by chance about
once in 16,000 comparisons, so the examples are derandomised and each simulation is seeded from its arguments:
a run that passes passes again, and a failure is reproducible.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import zlib
from collections.abc import Callable, Sequence
from fractions import Fraction
from fractions import Fraction as F
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import montecarlo as mc
from rules import odds
from rules.siege.board import fort
from rules.siege.chapters.structure import StructureOutcome
from tests.rules.data.odds_api import WORKED_EXAMPLES, WorkedExample

ROOT = Path(__file__).resolve().parents[2]
RUNS = 10_000
MC_SETTINGS = settings(max_examples=30, deadline=None, derandomize=True)


@pytest.mark.parametrize("example", WORKED_EXAMPLES, ids=[example[0] for example in WORKED_EXAMPLES])
def test_worked_example_from_odds_api(example: WorkedExample) -> None:
    """ODDS_API.md: each call of its worked-examples block gives the result written beside it."""
    name, args, kwargs, expected = example
    assert getattr(odds, name)(*args, **kwargs) == expected


def test_imports_without_django() -> None:
    code = "import sys, rules.odds, rules.montecarlo; sys.exit('django' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={}, capture_output=True, check=False)
    assert result.returncode == 0, result.stderr.decode()


# Cases checked by hand against the rules


@pytest.mark.parametrize(("helpers", "p"), [(0, F(1, 6)), (1, F(1, 3)), (2, F(1, 2))])
def test_ladder_pushback(helpers: int, p: Fraction) -> None:
    """§7.1.6: 6+, +1 per helper."""
    assert odds.ladder_pushback(helpers) == p


def test_single_damage_hit_is_certain() -> None:
    """R5: single damage adds nothing, so S10 on a section with 3 points scores exactly 13."""
    assert odds.structure_hit(10, "1", 3) == {"shaken": F(1)}
    assert odds.structure_hit(2, "1", 0) == {"no_effect": F(1)}


def test_structure_hit_keys_are_outcome_names() -> None:
    names = {o.value for o in StructureOutcome}
    assert set(odds.structure_hit(9, "D6", 5)) <= names


def test_bombardment_single_damage_is_deterministic() -> None:
    """R5: S10 single damage from 0 points: 10, 10, … no effect forever; from 3: 13 shaken (+1), 14 (+1), 15 (+1),
    16 rampart (+2), 18 partial (+2), 20 collapse: the 6th hit."""
    assert odds.bombardment(10, "1", 1, 3) == [F(0)] * 3
    assert odds.bombardment(10, "1", 2, 3, prior=3) == [F(0), F(0), F(1)]


def test_ram_cannot_wound_when_t_is_4_above_s() -> None:
    """R3, R9: S6 against T10 is impossible; the main gate is T9 so S6 needs a 6."""
    assert odds.ram_vs_gate(6, 3, "main", True, 2)[0] == 0


def test_service_door_falls_to_any_wound() -> None:
    """R4: 1 SP; S6 against T4 wounds on 2+; covered, two chances."""
    assert odds.ram_vs_gate(6, 3, "service", False, 1) == [F(5, 6)]
    assert odds.ram_vs_gate(6, 3, "service", True, 1) == [1 - F(1, 36)]


def test_reinforcing_slows_the_ram() -> None:
    """§6.4, R4: regaining a point between turns can only lower the odds."""
    plain = odds.ram_vs_gate(8, 4, "main", True, 6)
    reinforced = odds.ram_vs_gate(8, 4, "main", True, 6, reinforced=True)
    assert all(r <= p for r, p in zip(reinforced, plain, strict=True))
    assert reinforced[-1] < plain[-1]


def test_mining_without_counter_miners() -> None:
    """R2: two D6 reach 8 with P(2D6 ≥ 8) = 15/36."""
    assert odds.mining(8, 0, 2)[1] == F(15, 36)


def test_counter_mining_slows_sapping() -> None:
    """R2: D3 (8 counter-miners) subtracts more than D2 (4)."""
    none, d2, d3 = (odds.mining(10, c, 6) for c in (0, 4, 8))
    assert all(a > b > c for a, b, c in zip(none[2:], d2[2:], d3[2:], strict=True))


def test_impossible_shot() -> None:
    """R6: a need of 10 or more is impossible."""
    assert odds.shooting_wounds(3, 1, 4, 3, None, -4) == [F(1), F(0), F(0), F(0)]


def test_seven_plus_shot() -> None:
    """R6: need 7 is a 6 then 4+: 1/12 to hit; S4 against T3 wounds on 3+; no save."""
    assert odds.shooting_wounds(1, 1, 4, 3, None, -1) == [1 - F(1, 12) * F(2, 3), F(1, 12) * F(2, 3)]


def test_save_impossible_at_high_strength() -> None:
    """R8: a 5+ save against S5 is gone; WS 3 vs 3 hits on 4+, S5 vs T4 wounds on 3+."""
    assert odds.melee_wounds(1, 3, 3, 5, 4, 5) == [F(2, 3), F(1, 3)]


def test_break_test() -> None:
    """2D6 ≤ 7 − 2 = 5: 10/36."""
    assert odds.break_test(7, 2) == F(10, 36)


def test_game_length() -> None:
    """R10."""
    assert odds.game_length() == {5: F(1, 3), 6: F(2, 3)}


def test_fixed_lookups() -> None:
    """R13 heroism; Table 1 (R12) comes from rules.siege.board.fort."""
    assert odds.heroism_tokens(2000, 1500) == 1
    assert odds.minimum_sections is fort.minimum_sections
    assert set(odds.minimum_sections(1200)) == {
        "courtyard",
        "wall_walk",
        "tower_level3",
        "tower_level2",
        "stairs",
        "main_gate",
        "postern",
    }


def test_results_are_fresh_copies() -> None:
    first = odds.melee_wounds(2, 4, 4, 4, 4)
    first[0] = F(0)
    assert odds.melee_wounds(2, 4, 4, 4, 4)[0] != 0
    # The small questions are answered from tables built at import: a caller's edits must not reach them.
    hit = odds.structure_hit(10, "D6", 3)
    hit.clear()
    assert odds.structure_hit(10, "D6", 3)["collapse"] == F(1, 6)
    length = odds.game_length()
    length[5] = F(1)
    assert odds.game_length() == {5: F(1, 3), 6: F(2, 3)}
    # Frères d'Armes answers are kept per question (003 II §2.2, R17: 4 of the 10 faces pass 5 − 1).
    test = odds.fda_test(5, -1)
    test["success"] = F(1)
    assert odds.fda_test(5, -1) == {"success": F(2, 5), "failure": F(1, 2), "critical_failure": F(1, 10)}
    for kept in (odds.fda_opposed(5, 4), odds.fda_shot(5, 4), odds.fda_morale(5)):
        kept.clear()
    for answer in (odds.fda_opposed(5, 4), odds.fda_shot(5, 4), odds.fda_morale(5)):
        assert sum(answer.values()) == 1


def test_recompiling_the_chains_gives_the_same_answers() -> None:
    before = (
        odds.bombardment(7, "D3", 2, 4, 1),
        odds.ram_vs_gate(9, 7, "postern", True, 4, True),
        odds.mining(8, 5, 4),
        odds.fda_shot(6, 5, 1, 2),
    )
    odds.cache_clear()
    after = (
        odds.bombardment(7, "D3", 2, 4, 1),
        odds.ram_vs_gate(9, 7, "postern", True, 4, True),
        odds.mining(8, 5, 4),
        odds.fda_shot(6, 5, 1, 2),
    )
    assert before == after


@pytest.mark.parametrize(("target", "counter_miners"), [(8, 0), (8, 4), (10, 2), (10, 8)])
def test_mining_trajectory_matches_stepping_the_chain(target: int, counter_miners: int) -> None:
    """The trajectory kept when compiling answers every turn count as running the chain that many turns would.

    Up to ``MAX_TURNS``, so past the turn from which most of these chains' weights no longer fit ``int64`` (the
    16th for a chain in 18ths, as with 8 counter-miners).
    """
    chain = odds._sapping_chain(target, counter_miners)
    for turns in range(1, odds.MAX_TURNS + 1):
        answer = odds.mining(target, counter_miners, turns)
        assert answer == chain.probability_of(target, 0, turns)
        answer[-1] = F(-1)  # a caller's edit must not reach the kept trajectory
    assert odds.mining(target, counter_miners, odds.MAX_TURNS)[-1] >= 0


@pytest.mark.parametrize(
    "ram",
    [
        (6, 3, "postern", False, False),
        (8, 4, "main", True, True),
        (10, 10, "service", True, False),
        (7, 1, "main", False, True),
    ],
)
def test_ram_trajectory_matches_stepping_the_chain(ram: tuple[int, int, str, bool, bool]) -> None:
    """As for mining: these chains are in 24ths or 36ths, past ``int64`` from the 14th or 13th turn."""
    carriers, carrier_strength, gate, covered, reinforced = ram
    chain = odds._ram_chain(*ram)
    for turns in range(1, odds.MAX_TURNS + 1):
        answer = odds.ram_vs_gate(carriers, carrier_strength, gate, covered, turns, reinforced)
        assert answer == chain.probability_of(0, chain.states[-1], turns)
        answer[-1] = F(-1)
    assert odds.ram_vs_gate(carriers, carrier_strength, gate, covered, odds.MAX_TURNS, reinforced)[-1] >= 0


def test_points_beyond_certain_collapse_change_nothing() -> None:
    """Damage points past the first that makes every hit collapse share one state of the chain."""
    assert odds.structure_hit(1, "1", 40) == {"collapse": F(1)}
    assert odds.bombardment(3, "D2", 1, 2, prior=50) == [F(1), F(1)]


@pytest.mark.parametrize(
    "call",
    [
        lambda: odds.ladder_pushback(True),
        lambda: odds.structure_hit(True, "D6", 0),
        lambda: odds.ram_vs_gate(8, True, "main", False, 2),
        lambda: odds.mining(True, 4, 2),
        lambda: odds.break_test(True, 0),
    ],
)
def test_booleans_are_not_integers(call: Callable[[], object]) -> None:
    """The table lookups must refuse True where the rules do, though True == 1 as a key."""
    with pytest.raises(ValueError, match="must be"):
        call()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.ladder_pushback(3), "helpers must be between 0 and 2, got 3"),
        (lambda: odds.structure_hit(5, "D5", 0), "damage must be one of '1', 'D2', 'D3', 'D4', 'D6', got 'D5'"),
        (lambda: odds.structure_hit(0, "D6", 0), "strength must be between 1 and 10, got 0"),
        (lambda: odds.structure_hit(5, "D6", -1), "prior must be 0 or more, got -1"),
        (lambda: odds.bombardment(5, "D6", 0, 3), "hits_per_turn must be between 1 and 30, got 0"),
        (lambda: odds.bombardment(5, "D6", 1, 0), "turns must be between 1 and 20, got 0"),
        (lambda: odds.ram_vs_gate(5, 3, "main", False, 3), "carriers must be between 6 and 10, got 5"),
        (lambda: odds.ram_vs_gate(6, 11, "main", False, 3), "carrier_strength must be between 1 and 10, got 11"),
        (lambda: odds.ram_vs_gate(6, 3, "back", False, 3), "gate must be one of 'main', 'postern', 'service'"),
        (lambda: odds.ram_vs_gate(6, 3, "main", False, -1), "turns must be between 1 and 20, got -1"),
        (lambda: odds.mining(9, 4, 3), "target must be 8 (foundations) or 10 (tunnel), got 9"),
        (lambda: odds.mining(8, 9, 3), "counter_miners must be between 0 and 8, got 9"),
        (lambda: odds.melee_wounds(-1, 4, 4, 4, 4), "attacks must be between 0 and 200, got -1"),
        (lambda: odds.melee_wounds(1, 0, 4, 4, 4), "ws must be between 1 and 10, got 0"),
        (lambda: odds.melee_wounds(1, 4, 11, 4, 4), "target_ws must be between 1 and 10, got 11"),
        (lambda: odds.melee_wounds(1, 4, 4, 4, 4, 7), "armour_save must be between 1 and 6, got 7"),
        (lambda: odds.shooting_wounds(-2, 4, 4, 4), "shots must be between 0 and 200, got -2"),
        (lambda: odds.shooting_wounds(1, 11, 4, 4), "bs must be between 1 and 10, got 11"),
        (lambda: odds.shooting_wounds(1, 3, 4, 4, None, -11), "modifier must be between -10 and 10, got -11"),
        (lambda: odds.break_test(7, -1), "lost_by must be 0 or more, got -1"),
        (lambda: odds.heroism_tokens(-1, 0), "open_field_points must be 0 or more, got -1"),
    ],
)
def test_bad_input_names_the_argument_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


# Exact against Monte Carlo, and every PMF sums to exactly 1


def _rng(*key: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _assert_close(exact: Sequence[Fraction], observed: npt.NDArray[np.float64], runs: int = RUNS) -> None:
    assert len(exact) == len(observed)
    for p, freq in zip(exact, observed, strict=True):
        tolerance = 4 * math.sqrt(float(p * (1 - p)) / runs) + 1 / runs
        assert abs(float(p) - freq) <= tolerance, (exact, observed)


def _frequencies(samples: npt.NDArray[np.int64], size: int) -> npt.NDArray[np.float64]:
    return np.bincount(samples, minlength=size)[:size] / len(samples)


strengths = st.integers(1, 10)
damages = st.sampled_from(["1", "D2", "D3", "D4", "D6"])
turns = st.integers(1, 6)
saves = st.one_of(st.none(), st.integers(2, 6))


@MC_SETTINGS
@given(helpers=st.integers(0, 2))
def test_ladder_pushback_against_monte_carlo(helpers: int) -> None:
    exact = odds.ladder_pushback(helpers)
    _assert_close([exact], np.array([mc.ladder_pushback(_rng(helpers), RUNS, helpers).mean()]))


@MC_SETTINGS
@given(strength=strengths, damage=damages, prior=st.integers(0, 12))
def test_structure_hit_against_monte_carlo(strength: int, damage: str, prior: int) -> None:
    exact = odds.structure_hit(strength, damage, prior)
    assert sum(exact.values()) == 1
    assert all(p > 0 for p in exact.values())
    outcomes = list(StructureOutcome)
    observed = _frequencies(
        mc.structure_hit(_rng(strength, damage, prior), RUNS, strength, damage, prior), len(outcomes)
    )
    _assert_close([exact.get(o.value, F(0)) for o in outcomes], observed)


@MC_SETTINGS
@given(strength=strengths, damage=damages, hits=st.integers(1, 3), turns=turns, prior=st.integers(0, 10))
def test_bombardment_against_monte_carlo(strength: int, damage: str, hits: int, turns: int, prior: int) -> None:
    exact = odds.bombardment(strength, damage, hits, turns, prior)
    assert exact == sorted(exact)
    samples = mc.bombardment(_rng(strength, damage, hits, turns, prior), RUNS, strength, damage, hits, turns, prior)
    _assert_close(exact, mc.by_turn(samples, turns))


@MC_SETTINGS
@given(
    carriers=st.integers(6, 10),
    carrier_strength=strengths,
    gate=st.sampled_from(["main", "postern", "service"]),
    covered=st.booleans(),
    turns=turns,
    reinforced=st.booleans(),
)
def test_ram_vs_gate_against_monte_carlo(
    carriers: int, carrier_strength: int, gate: str, covered: bool, turns: int, reinforced: bool
) -> None:
    exact = odds.ram_vs_gate(carriers, carrier_strength, gate, covered, turns, reinforced)
    key = (carriers, carrier_strength, gate, covered, turns, reinforced)
    samples = mc.ram_vs_gate(_rng(*key), RUNS, *key)
    _assert_close(exact, mc.by_turn(samples, turns))


@MC_SETTINGS
@given(target=st.sampled_from([8, 10]), counter_miners=st.integers(0, 8), turns=turns)
def test_mining_against_monte_carlo(target: int, counter_miners: int, turns: int) -> None:
    exact = odds.mining(target, counter_miners, turns)
    samples = mc.mining(_rng(target, counter_miners, turns), RUNS, target, counter_miners, turns)
    _assert_close(exact, mc.by_turn(samples, turns))


@MC_SETTINGS
@given(
    attacks=st.integers(0, 8),
    ws=strengths,
    target_ws=strengths,
    strength=strengths,
    toughness=strengths,
    save=saves,
    hit_mod=st.integers(-2, 2),
)
def test_melee_wounds_against_monte_carlo(
    attacks: int, ws: int, target_ws: int, strength: int, toughness: int, save: int | None, hit_mod: int
) -> None:
    exact = odds.melee_wounds(attacks, ws, target_ws, strength, toughness, save, hit_mod)
    assert len(exact) == attacks + 1
    assert sum(exact) == 1
    key = (attacks, ws, target_ws, strength, toughness, save, hit_mod)
    _assert_close(exact, _frequencies(mc.melee_wounds(_rng(*key), RUNS, *key), attacks + 1))


@MC_SETTINGS
@given(
    shots=st.integers(0, 8),
    bs=strengths,
    strength=strengths,
    toughness=strengths,
    save=saves,
    modifier=st.integers(-6, 2),
)
def test_shooting_wounds_against_monte_carlo(
    shots: int, bs: int, strength: int, toughness: int, save: int | None, modifier: int
) -> None:
    exact = odds.shooting_wounds(shots, bs, strength, toughness, save, modifier)
    assert len(exact) == shots + 1
    assert sum(exact) == 1
    key = (shots, bs, strength, toughness, save, modifier)
    _assert_close(exact, _frequencies(mc.shooting_wounds(_rng(*key), RUNS, *key), shots + 1))


@MC_SETTINGS
@given(leadership=strengths, lost_by=st.integers(0, 6))
def test_break_test_against_monte_carlo(leadership: int, lost_by: int) -> None:
    exact = odds.break_test(leadership, lost_by)
    observed = mc.break_test(_rng(leadership, lost_by), RUNS, leadership, lost_by).mean()
    _assert_close([exact], np.array([observed]))


def test_game_length_against_monte_carlo() -> None:
    exact = odds.game_length()
    assert sum(exact.values()) == 1
    samples = mc.game_length(_rng("game length"), RUNS)
    _assert_close([exact[5], exact[6]], np.array([(samples == 5).mean(), (samples == 6).mean()]))
