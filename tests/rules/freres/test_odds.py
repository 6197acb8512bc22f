"""The Frères d'Armes odds of ``rules.odds``: ODDS_API.md's worked examples, cases computed by hand, bad arguments,
and Monte Carlo simulations of the same questions, one rolling the rule functions with NumPy, one playing the
engine's own actions with seeded dice. Each exact probability must lie within 4 standard errors of the simulated
frequency (plus 1/N); the simulations are seeded, so a failure is reproducible.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import odds
from rules.dice import Dice
from rules.freres import actions as act
from rules.freres.checks import Check
from rules.freres.damage import defence_result
from rules.freres.example import ARCHER, KNIGHT, SOLDIER
from rules.freres.game import apply
from rules.freres.melee import jc_score, opposed
from rules.freres.morale import morale_outcome
from rules.freres.state import Model, Side, new_skirmish
from tests.rules.data.odds_api import FRERES_EXAMPLES, WorkedExample
from tests.rules.freres.builders import activated, engaged

RUNS = 20_000
MC_SETTINGS = settings(max_examples=15, deadline=None, derandomize=True)


def test_every_freres_example_is_transcribed() -> None:
    assert len(FRERES_EXAMPLES) == 4


@pytest.mark.parametrize("example", FRERES_EXAMPLES, ids=[example[0] for example in FRERES_EXAMPLES])
def test_worked_example_from_odds_api(example: WorkedExample) -> None:
    """ODDS_API.md, The other rule systems: each Frères d'Armes call gives the result written beside it."""
    name, args, kwargs, expected = example
    assert getattr(odds, name)(*args, **kwargs) == expected


# ---- by hand ------------------------------------------------------------------------------------------------------


def test_a_monstrous_test_fails_only_on_a_zero() -> None:
    """003 II §2, R17: C 10 succeeds on 1–9; the natural 0 fails critically whatever the total."""
    assert odds.fda_test(10) == {"success": F(9, 10), "critical_failure": F(1, 10)}


def test_a_test_of_one_needs_a_nine() -> None:
    assert odds.fda_test(1) == {"success": F(1, 10), "failure": F(4, 5), "critical_failure": F(1, 10)}


def test_a_hopeless_test_has_no_success_key() -> None:
    """ODDS_API.md: only the keys with P > 0."""
    assert odds.fda_test(1, -5) == {"failure": F(9, 10), "critical_failure": F(1, 10)}


def test_equal_fighters() -> None:
    """003 II §4.1.3: equal JCs hit nobody; both zeros tie too (§4.1.1): 1/100 + 9/100."""
    assert odds.fda_opposed(5, 5) == {"attacker_hits": F(9, 20), "tie": F(1, 10), "defender_hits": F(9, 20)}


def test_the_weak_hit_the_strong_only_on_its_zero() -> None:
    """003 II §4.1.1: C 1 against C 10 hits only when the defender rolls a 0 and it does not."""
    assert odds.fda_opposed(1, 10) == {"attacker_hits": F(9, 100), "tie": F(1, 100), "defender_hits": F(9, 10)}


def test_a_fearless_model_is_stoic_on_its_zero() -> None:
    """003 II §8.1: M 10 passes on 1–9; a natural 0 fails and keeps its score, 10: Stoïque."""
    assert odds.fda_morale(10) == {"passed": F(9, 10), "stoic": F(1, 10)}


def test_a_broken_model_reads_the_bottom_rows() -> None:
    """003 II §8.1: M 1 with -3: scores -2…7: 0 and below Perdue (faces 0–2), 1 Paniquée, 2–3 Déroutée,
    4–6 Ebranlée, 7 Secouée."""
    assert odds.fda_morale(1, -3) == {
        "lost": F(3, 10),
        "panicked": F(1, 10),
        "routed": F(1, 5),
        "shaken": F(3, 10),
        "rattled": F(1, 10),
    }


def test_a_sure_shot_at_a_poor_defender() -> None:
    """003 II §5.1.3, §7: T 10 hits on 1–9 with damage d + 10; D 1: result d - e + 9, e = 0 kills.
    Pairs of faces 1–9 by d - e: ≤ -4 stunned 15, -3…0 wounded 30, ≥ 1 grievously wounded 36."""
    assert odds.fda_shot(10, 1) == {
        "critical_miss": F(1, 10),
        "stunned": F(15, 100),
        "wounded": F(30, 100),
        "grievously_wounded": F(36, 100),
        "killed": F(9, 100),
    }


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.fda_test(11), "characteristic must be between 1 and 10, got 11"),
        (lambda: odds.fda_test(0), "characteristic must be between 1 and 10, got 0"),
        (lambda: odds.fda_opposed(5, 12), "defender must be between 1 and 10, got 12"),
        (lambda: odds.fda_shot(5, 5, hit_modifier=40), "hit_modifier must be between -30 and 30, got 40"),
        (lambda: odds.fda_morale(5, True), "modifier must be an integer, got True"),
    ],
)
def test_bad_arguments_name_the_argument_and_range(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_every_call_returns_a_new_dict() -> None:
    first = odds.fda_test(5)
    first["success"] = F(0)
    assert odds.fda_test(5)["success"] == F(1, 2)


# ---- Monte Carlo with the rule functions ----------------------------------------------------------------------------


def _within(exact: Mapping[str, Fraction], seen: Counter[str], runs: int) -> None:
    assert set(seen) <= set(exact), f"simulated outcomes {set(seen) - set(exact)} have no exact probability"
    for key, p in exact.items():
        tolerance = 4 * math.sqrt(float(p * (1 - p)) / runs) + 1 / runs
        assert abs(seen[key] / runs - float(p)) <= tolerance, (key, float(p), seen[key] / runs)


def _faces(seed: int, count: int = 1) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 10, size=(count, RUNS))


characteristic = st.integers(1, 10)
modifier = st.integers(-6, 6)


@MC_SETTINGS
@given(characteristic, modifier)
def test_test_against_monte_carlo(value: int, shift: int) -> None:
    (faces,) = _faces(value * 100 + shift)
    seen = Counter(Check(int(f), value, shift).result.value for f in faces)
    _within(odds.fda_test(value, shift), seen, RUNS)


@MC_SETTINGS
@given(characteristic, characteristic, modifier, modifier)
def test_opposed_against_monte_carlo(attacker: int, defender: int, a_mod: int, d_mod: int) -> None:
    a_faces, d_faces = _faces(attacker * 1000 + defender * 10 + a_mod + 7 * d_mod, 2)
    seen = Counter(
        opposed(jc_score(int(a), attacker, a_mod), jc_score(int(d), defender, d_mod)).value
        for a, d in zip(a_faces, d_faces, strict=True)
    )
    _within(odds.fda_opposed(attacker, defender, a_mod, d_mod), seen, RUNS)


@MC_SETTINGS
@given(characteristic, characteristic, modifier, st.integers(0, 6), st.integers(0, 4))
def test_shot_against_monte_carlo(shooting: int, defence: int, hit: int, damage: int, armour: int) -> None:
    d_faces, e_faces = _faces(shooting * 1000 + defence * 10 + hit + 13 * damage + 31 * armour, 2)

    def outcome(d: int, e: int) -> str:
        if d == 0:
            return "critical_miss"
        if not Check(d, shooting, hit).succeeded:
            return "miss"
        row = defence_result(d + shooting + damage, e, defence + armour)
        return "killed" if row is None else row.value

    seen = Counter(outcome(int(d), int(e)) for d, e in zip(d_faces, e_faces, strict=True))
    _within(odds.fda_shot(shooting, defence, hit, damage, armour), seen, RUNS)


@MC_SETTINGS
@given(characteristic, modifier)
def test_morale_against_monte_carlo(value: int, shift: int) -> None:
    (faces,) = _faces(value * 77 + shift)
    seen = Counter(
        "passed" if (row := morale_outcome(Check(int(f), value, shift))) is None else row.value for f in faces
    )
    _within(odds.fda_morale(value, shift), seen, RUNS)


# ---- Monte Carlo with the engine's own actions ----------------------------------------------------------------------

ENGINE_RUNS = 3_000


def _first(events: tuple[str, ...], *kinds: str) -> str | None:
    return next((kind for kind in events if kind in kinds), None)


def test_the_engine_shot_agrees_with_fda_shot() -> None:
    """An archer (T 6, projectile damage 2) shoots a soldier (D 5, armour 1, shield 1) at 15 cm: the shield takes 1
    off the JT, the armour adds 1 to the JD (003 II §5.1.2–5.1.3): fda_shot(6, 5, -1, 2, 1)."""
    state = activated(new_skirmish([Model("a", Side.A, ARCHER), Model("b", Side.B, SOLDIER)]), "a")
    seen: Counter[str] = Counter()
    for seed in range(ENGINE_RUNS):
        result = apply(state, act.Shoot("a", "b", 15), Dice(seed=seed))
        texts = [str(e.params["row"]) for e in result.events if e.kind == "damage"]
        kinds = tuple(e.kind for e in result.events)
        if "shot_critical" in kinds:
            seen["critical_miss"] += 1
        elif "miss" in kinds:
            seen["miss"] += 1
        elif _first(kinds, "damage", "killed") == "killed":
            seen["killed"] += 1
        else:
            seen[texts[0]] += 1
    _within(odds.fda_shot(6, 5, hit_modifier=-1, damage_bonus=2, defence_modifier=1), seen, ENGINE_RUNS)


def test_the_engine_melee_agrees_with_fda_opposed() -> None:
    """A knight (C 7) strikes a soldier (C 5), one against one: no bonus either way (003 II §4.1.2):
    fda_opposed(7, 5). Who hits is read from whom the first damage falls on."""
    models = [Model("a", Side.A, KNIGHT), Model("b", Side.B, SOLDIER)]
    state = engaged(activated(new_skirmish(models), "a"), ("a", "b"))
    seen: Counter[str] = Counter()
    for seed in range(ENGINE_RUNS):
        dice = Dice(seed=seed)
        pending = apply(state, act.Strike("a", "b"), dice).state
        events = apply(pending, act.Defend("b"), dice).events
        struck = next((e.models[0] for e in events if e.kind in ("damage", "killed")), None)
        seen[{"b": "attacker_hits", "a": "defender_hits", None: "tie"}[struck]] += 1
    _within(odds.fda_opposed(7, 5), seen, ENGINE_RUNS)
