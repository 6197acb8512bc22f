"""The exact distribution type, checked against brute-force enumeration of the dice."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import D2, D3, D4, D6, SCATTER, Die
from rules.dist import Chain, Dist, binomial_pmf, trajectory

small_dists = st.dictionaries(st.integers(-5, 12), st.integers(1, 9), min_size=1, max_size=6).map(Dist)
DICE = [D2, D3, D4, D6]


def _enumerate(dice: list[Die]) -> dict[int, F]:
    """P(sum) by listing every face combination: the reference the operations are checked against."""
    counts = Counter(sum(faces) for faces in itertools.product(*(d.faces for d in dice)))
    total = sum(counts.values())
    return {k: F(c, total) for k, c in counts.items()}


def test_two_d6() -> None:
    assert Dist.of(D6).repeat(2).pmf() == _enumerate([D6, D6])


@pytest.mark.parametrize(("die", "n"), [(D2, 5), (D3, 4), (D4, 3), (D6, 4)])
def test_repeat_matches_enumeration(die: Die, n: int) -> None:
    assert Dist.of(die).repeat(n).pmf() == _enumerate([die] * n)


def test_add_of_different_dice() -> None:
    assert (Dist.of(D6) + Dist.of(D4) + 1).pmf() == {k + 1: p for k, p in _enumerate([D6, D4]).items()}


def test_scatter_die_repeats_faces() -> None:
    assert Dist.of(SCATTER).pmf() == {0: F(1, 3), 1: F(2, 3)}


def test_max_of_two_d6() -> None:
    """P(highest of 2D6 = k) = (2k − 1)/36."""
    best = Dist.of(D6).max(Dist.of(D6))
    assert best.pmf() == {k: F(2 * k - 1, 36) for k in range(1, 7)}


def test_subtract_and_clamp() -> None:
    """D6 − D2, never below 0: the counter-mining shape of R2."""
    progress = (Dist.of(D6) - Dist.of(D2)).clamp(low=0)
    assert progress.pmf() == {0: F(3, 12), 1: F(2, 12), 2: F(2, 12), 3: F(2, 12), 4: F(2, 12), 5: F(1, 12)}
    assert Dist.of(D6).clamp(2, 4).pmf() == {2: F(1, 3), 3: F(1, 6), 4: F(1, 2)}


def test_mixture() -> None:
    mixed = Dist.mixture([(F(1, 4), Dist.constant(0)), (F(3, 4), Dist.of(D2))])
    assert mixed.pmf() == {0: F(1, 4), 1: F(3, 8), 2: F(3, 8)}


def test_mixture_must_sum_to_one() -> None:
    with pytest.raises(ValueError, match="sum to 1"):
        Dist.mixture([(F(1, 2), Dist.constant(0))])


def test_given() -> None:
    assert Dist.of(D6).given(lambda k: k >= 5).pmf() == {5: F(1, 2), 6: F(1, 2)}
    with pytest.raises(ValueError, match="probability 0"):
        Dist.of(D6).given(lambda k: k > 6)


def test_bind_is_a_dependent_roll() -> None:
    """Roll a D2; on 1 roll a D4, on 2 roll a D6."""
    chained = Dist.of(D2).bind(lambda k: Dist.of(D4) if k == 1 else Dist.of(D6))
    assert chained.probability(1) == F(1, 2) * F(1, 4) + F(1, 2) * F(1, 6)
    assert chained.probability(6) == F(1, 12)


def test_trajectory_counts_successes_turn_by_turn() -> None:
    """A 6 on a D6 each turn, absorbing: P(by turn t) = 1 − (5/6)^t."""
    states = trajectory(Dist.constant(0), lambda s: Dist.constant(1) if s else Dist.bernoulli(F(1, 6)), 3)
    assert [s.probability(1) for s in states] == [1 - F(5, 6) ** t for t in (1, 2, 3)]


def test_reading() -> None:
    d = Dist.of(D6)
    assert d.at_least(5) == F(1, 3)
    assert d.where(lambda k: k % 2 == 0) == F(1, 2)
    assert d.mean() == F(7, 2)
    assert Dist.bernoulli(F(1, 3)).pmf_list(3) == [F(2, 3), F(1, 3), F(0)]
    assert Dist.from_pmf({1: F(1, 3), 4: F(2, 3)}) == Dist({1: 1, 4: 2})


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Dist({}), "at least one outcome"),
        (lambda: Dist({1: -1, 2: 2}), "weights must be 0 or more"),
        (lambda: Dist.bernoulli(F(3, 2)), "p must be between 0 and 1"),
        (lambda: Dist.of(D6).repeat(-1), "n must be 0 or more"),
        (lambda: Dist.of(D6).clamp(4, 2), "low \\(4\\) must not be above high \\(2\\)"),
        (lambda: (Dist.of(D6) - 3).pmf_list(), "outcomes of 0 or more"),
    ],
)
def test_bad_input(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


@settings(max_examples=40, deadline=None)
@given(a=small_dists, b=small_dists, n=st.integers(0, 4))
def test_every_pmf_sums_to_exactly_one(a: Dist, b: Dist, n: int) -> None:
    for d in (a + b, a.max(b), a.clamp(0, 5), a.repeat(n), a.given(lambda k: k == a.outcomes[0]), a.bind(lambda _: b)):
        assert sum(d.pmf().values()) == 1


@settings(max_examples=40, deadline=None)
@given(a=small_dists, b=small_dists)
def test_add_and_max_match_pairwise_enumeration(a: Dist, b: Dist) -> None:
    sums: Counter[int] = Counter()
    highs: Counter[int] = Counter()
    for (x, px), (y, py) in itertools.product(a.pmf().items(), b.pmf().items()):
        sums[x + y] += px * py  # type: ignore[assignment]
        highs[max(x, y)] += px * py  # type: ignore[assignment]
    assert (a + b).pmf() == dict(sums)
    assert a.max(b).pmf() == dict(highs)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 12), a=st.integers(0, 7), extra=st.integers(0, 7))
def test_binomial_matches_repeated_bernoulli(n: int, a: int, extra: int) -> None:
    p = F(a, a + extra) if a + extra else F(0)
    assert Dist.binomial(n, p) == Dist.bernoulli(p).repeat(n)


@st.composite
def small_chains(draw: st.DrawFn) -> dict[int, dict[int, int]]:
    """Each state 0 … n−1 steps to states among them, with integer weights of its own denominator."""
    n = draw(st.integers(1, 5))
    row = st.dictionaries(st.integers(0, n - 1), st.integers(1, 9), min_size=1, max_size=n)
    return {state: draw(row) for state in range(n)}


def _fraction_steps(rows: dict[int, dict[int, int]], start: int, steps: int) -> list[dict[int, F]]:
    """The chain run with plain ``Fraction`` dictionaries: the reference for the integer matrices."""
    step = {s: {k: F(w, sum(row.values())) for k, w in row.items()} for s, row in rows.items()}
    current = {start: F(1)}
    states = []
    for _ in range(steps):
        after: dict[int, F] = {}
        for s, p in current.items():
            for k, q in step[s].items():
                after[k] = after.get(k, F(0)) + p * q
        current = {k: p for k, p in after.items() if p}
        states.append(current)
    return states


@settings(max_examples=60, deadline=None)
@given(rows=small_chains(), steps=st.integers(1, 6), every=st.integers(1, 3))
def test_chain_matches_fraction_arithmetic(rows: dict[int, dict[int, int]], steps: int, every: int) -> None:
    chain = Chain({s: Dist(row) for s, row in rows.items()})
    reference = _fraction_steps(rows, 0, steps * every)
    assert [d.pmf() for d in chain.trajectory(Dist.constant(0), steps * every)] == reference
    last = max(rows)
    assert chain.power(every).probability_of(last, 0, steps) == [
        reference[t * every - 1].get(last, F(0)) for t in range(1, steps + 1)
    ]


def test_chain_switches_to_python_integers_beyond_int64() -> None:
    """Weights over 3**45 (past 2**63) and a 45-step power stay exact, in Python integers.

    A run changes over within itself: 3**39 is below 2**63 and 3**40 above, so 39 steps are ``int64``.
    """
    rows = {0: {0: 1, 1: 2}, 1: {0: 1, 1: 1, 2: 1}, 2: {2: 1}}
    chain = Chain({s: Dist(row) for s, row in rows.items()})
    reference = _fraction_steps(rows, 0, 45)
    dtypes = [weights.dtype for weights, _ in chain._run({0: 1}, 1, 45)]
    assert dtypes == [np.dtype(np.int64)] * 39 + [np.dtype(object)] * 6
    assert chain.probability_of(2, 0, 45) == [r.get(2, F(0)) for r in reference]
    assert chain.power(45).probability_of(2, 0, 1) == [reference[-1][2]]
    assert chain.trajectory(Dist.constant(0), 45)[-1].pmf() == reference[-1]


def test_chain_needs_every_state_it_reaches() -> None:
    with pytest.raises(ValueError, match="not a state of the chain"):
        Chain({0: Dist({0: 1, 1: 1})})
    with pytest.raises(ValueError, match="steps must be 1 or more"):
        Chain({0: Dist.constant(0)}).power(0)


@pytest.mark.parametrize(
    ("n", "p", "expected"),
    [
        # By hand: C(n, k)·p^k·(1 − p)^(n − k), in lowest terms.
        (0, F(1, 3), [F(1)]),
        (2, F(1, 2), [F(1, 4), F(1, 2), F(1, 4)]),
        (3, F(1, 6), [F(125, 216), F(25, 72), F(5, 72), F(1, 216)]),
        (4, F(1, 2), [F(1, 16), F(1, 4), F(3, 8), F(1, 4), F(1, 16)]),
        (2, F(0), [F(1), F(0), F(0)]),
        (2, F(1), [F(0), F(0), F(1)]),
        (2, 1, [F(0), F(0), F(1)]),
    ],
)
def test_binomial_pmf_by_hand(n: int, p: F, expected: list[F]) -> None:
    """The terms come out in lowest terms (as ``Fraction`` would reduce them), so they compare and hash as usual."""
    pmf = binomial_pmf(n, p)
    assert pmf == expected
    assert [(q.numerator, q.denominator) for q in pmf] == [(q.numerator, q.denominator) for q in expected]
    assert [hash(q) for q in pmf] == [hash(q) for q in expected]


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 200), a=st.integers(0, 300), extra=st.integers(0, 300))
def test_binomial_pmf_equals_the_fractions_of_the_weights(n: int, a: int, extra: int) -> None:
    """The integer weights over one denominator, turned into ``Fraction``s the ordinary way, are the same numbers,
    numerator and denominator alike (the gcd taken on small numbers finds every common factor)."""
    p = F(a, a + extra) if a + extra else F(0)
    reference = Dist.binomial(n, p).pmf_list(n + 1)
    pmf = binomial_pmf(n, p)
    assert [(q.numerator, q.denominator) for q in pmf] == [(q.numerator, q.denominator) for q in reference]


def test_binomial_pmf_bad_input() -> None:
    with pytest.raises(ValueError, match="n must be 0 or more"):
        binomial_pmf(-1, F(1, 2))
    with pytest.raises(ValueError, match="p must be between 0 and 1"):
        binomial_pmf(2, F(3, 2))
