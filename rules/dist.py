"""Exact probability distributions over integers.

A :class:`Dist` is an immutable finite distribution: integer outcomes with integer weights over one common
denominator, so every probability it hands out is an exact :class:`~fractions.Fraction`::

    >>> from rules.dice import D6
    >>> two_d6 = Dist.of(D6).repeat(2)
    >>> two_d6.probability(7)
    Fraction(1, 6)
    >>> Dist.of(D6).max(Dist.of(D6)).at_least(6)
    Fraction(11, 36)

Odds are composed from these operations (add, max, clamp, repeat, binomial, mixture, conditional, and
:meth:`Dist.bind` for one outcome choosing the next distribution), never enumerated by hand. A Markov chain, such as
a section's damage points hit after hit, is a :class:`Chain`: each state's next-state ``Dist`` turned once into an
integer matrix, then run as one vector × matrix product per step (:func:`trajectory` builds one from a step
function).

Why not icepool (a fine library)? ``bench/test_icepool_bench.py`` asks it the same questions as :mod:`rules.odds`
and checks that the exact answers agree; on this machine the odds are 5–35 times faster cold (the first call for
a new chain) and more warm (``docs/performance.md``). Integer weights over one denominator keep every intermediate
an ``int`` (Python's fastest exact number) and postpone building ``Fraction`` objects to the end; the project's
dice are tiny, but its chains of dependent rolls (damage carried from hit to hit, gate structure points regained
between turns) are awkward to express as icepool pools. The type is also small enough to read in one sitting.

The same integer weights, arranged as a matrix, make the chains cheap: 18 hits on a section (S10, D6 damage, six
turns of three) took ~310 µs as 18 :meth:`Dist.bind` steps, each building a dictionary and calling back into Python
per state, and take ~15 µs as a compiled :class:`Chain` (six products with the three-hit power of its matrix, in
``int64`` while the denominator fits). :meth:`Dist.binomial` gives 20 attacks' wounds in ~6 µs by the closed form,
against ~80 µs by repeated convolution. Turning the weights into ``Fraction`` objects costs more than computing
them, most of it the ``gcd`` each reduction takes (numbers of ~1,000 bits for 200 attacks):
:func:`binomial_pmf` finds each common factor with a ``gcd`` of small numbers instead, and builds the fractions
already reduced (200 attacks: ~0.35 ms against ~1.3 ms).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import partial
from typing import Any

import numpy as np
import numpy.typing as npt

from rules.dice import Die

__all__ = ["Chain", "Dist", "binomial_pmf", "trajectory"]

Probability = Fraction | int


class Dist:
    """A finite distribution over integers with exact probabilities.

    Stored as ``{outcome: weight}`` and a denominator, reduced to lowest terms; outcomes with weight 0 are dropped.
    Instances are immutable: every operation returns a new distribution.
    """

    __slots__ = ("_den", "_weights")

    _weights: dict[int, int]
    _den: int

    def __init__(self, weights: Mapping[int, int], denominator: int | None = None) -> None:
        kept = {int(k): int(w) for k, w in weights.items() if w}
        if not kept:
            raise ValueError("a distribution needs at least one outcome with a positive weight")
        if any(w < 0 for w in kept.values()):
            raise ValueError("weights must be 0 or more")
        total = sum(kept.values())
        den = total if denominator is None else denominator
        if den != total:
            raise ValueError(f"weights sum to {total}, not to the denominator {den}")
        self._set(kept, den)

    @classmethod
    def _checked(cls, weights: Mapping[int, int], denominator: int) -> Dist:
        """From weights the operations built, so already positive and summing to ``denominator``."""
        dist = cls.__new__(cls)
        dist._set({k: w for k, w in weights.items() if w}, denominator)
        return dist

    def _set(self, weights: Mapping[int, int], den: int) -> None:
        g = math.gcd(den, *weights.values())
        self._weights = {k: weights[k] // g for k in sorted(weights)}
        self._den = den // g

    # Construction

    @classmethod
    def constant(cls, outcome: int) -> Dist:
        return cls({outcome: 1})

    @classmethod
    def of(cls, die: Die) -> Dist:
        """One roll of ``die``, every face equally likely (a face may repeat, as on the scatter die)."""
        return cls.uniform(die.faces)

    @classmethod
    def uniform(cls, outcomes: Iterable[int]) -> Dist:
        weights: defaultdict[int, int] = defaultdict(int)
        for outcome in outcomes:
            weights[outcome] += 1
        return cls(weights)

    @classmethod
    def bernoulli(cls, p: Probability) -> Dist:
        """1 with probability ``p``, else 0."""
        p = Fraction(p)
        if not 0 <= p <= 1:
            raise ValueError(f"p must be between 0 and 1, got {p}")
        return cls({1: p.numerator, 0: p.denominator - p.numerator})

    @classmethod
    def binomial(cls, n: int, p: Probability) -> Dist:
        """The number of successes in ``n`` independent trials of probability ``p``.

        Closed form rather than ``bernoulli(p).repeat(n)``: with ``p = a/b`` and ``q = b − a``, the weight of ``k``
        is ``C(n, k) · a^k · q^(n − k)`` over ``b^n``, each from the one before by one exact integer division.
        """
        a, b = _binomial_ratio(n, p)
        if a == b:
            return cls.constant(n)
        return cls._checked(dict(enumerate(weight for _, weight in _binomial_terms(n, a, b))), b**n)

    @classmethod
    def from_pmf(cls, pmf: Mapping[int, Probability]) -> Dist:
        """From exact probabilities summing to 1."""
        fractions = {k: Fraction(p) for k, p in pmf.items()}
        den = math.lcm(*(p.denominator for p in fractions.values()))
        weights = {k: p.numerator * (den // p.denominator) for k, p in fractions.items()}
        return cls(weights, den)

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Probability, Dist]]) -> Dist:
        """Choose one of ``parts`` with its probability, then draw from it; the probabilities must sum to 1."""
        chosen = [(Fraction(p), d) for p, d in parts]
        if sum(p for p, _ in chosen) != 1:
            raise ValueError("the mixture's probabilities must sum to 1")
        return cls._weighted([(p.numerator, p.denominator, d) for p, d in chosen if p])

    @classmethod
    def _weighted(cls, parts: list[tuple[int, int, Dist]]) -> Dist:
        """Mixture of ``(numerator, denominator, dist)`` parts whose fractions sum to 1, in integers only."""
        den = math.lcm(*(q * d._den for _, q, d in parts))
        weights: defaultdict[int, int] = defaultdict(int)
        for p, q, d in parts:
            scale = p * (den // (q * d._den))
            for k, w in d._weights.items():
                weights[k] += w * scale
        return cls._checked(weights, den)

    # Reading

    @property
    def outcomes(self) -> tuple[int, ...]:
        """The outcomes with a positive probability, in increasing order."""
        return tuple(self._weights)

    @property
    def denominator(self) -> int:
        return self._den

    def probability(self, outcome: int) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self._den)

    def where(self, predicate: Callable[[int], bool]) -> Fraction:
        """P(``predicate`` holds for the outcome)."""
        return Fraction(sum(w for k, w in self._weights.items() if predicate(k)), self._den)

    def at_least(self, threshold: int) -> Fraction:
        return self.where(lambda k: k >= threshold)

    def pmf(self) -> dict[int, Fraction]:
        """``{outcome: probability}`` for every outcome with a positive probability."""
        return {k: Fraction(w, self._den) for k, w in self._weights.items()}

    def pmf_list(self, length: int | None = None) -> list[Fraction]:
        """Probabilities indexed by outcome from 0, for distributions over counts (outcomes ≥ 0)."""
        if self.outcomes[0] < 0:
            raise ValueError("pmf_list needs outcomes of 0 or more")
        size = self.outcomes[-1] + 1 if length is None else length
        if size <= self.outcomes[-1]:
            raise ValueError(f"length must be more than the largest outcome {self.outcomes[-1]}, got {size}")
        weight, den = self._weights.get, self._den
        return [Fraction(weight(k, 0), den) for k in range(size)]

    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self._weights.items()), self._den)

    # Transforming

    def map(self, f: Callable[[int], int]) -> Dist:
        """The distribution of ``f(outcome)``."""
        weights: defaultdict[int, int] = defaultdict(int)
        for k, w in self._weights.items():
            weights[f(k)] += w
        return Dist._checked(weights, self._den)

    def bind(self, f: Callable[[int], Dist]) -> Dist:
        """Draw an outcome, then draw from the distribution ``f(outcome)``: one step of a Markov chain."""
        return Dist._weighted([(w, self._den, f(k)) for k, w in self._weights.items()])

    def combine(self, other: Dist, f: Callable[[int, int], int]) -> Dist:
        """The distribution of ``f(a, b)`` for independent draws ``a`` from this and ``b`` from ``other``."""
        weights: defaultdict[int, int] = defaultdict(int)
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                weights[f(a, b)] += wa * wb
        return Dist._checked(weights, self._den * other._den)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.map(lambda k: k + other)
        return self.combine(other, _add)

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.map(lambda k: k - other)
        return self.combine(other, _sub)

    def max(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.map(lambda k: max(k, other))
        return self.combine(other, max)

    def clamp(self, low: int | None = None, high: int | None = None) -> Dist:
        """Outcomes below ``low`` count as ``low``, above ``high`` as ``high``."""
        if low is not None and high is not None and low > high:
            raise ValueError(f"low ({low}) must not be above high ({high})")

        def clamped(k: int) -> int:
            if low is not None and k < low:
                return low
            if high is not None and k > high:
                return high
            return k

        return self.map(clamped)

    def repeat(self, n: int) -> Dist:
        """The sum of ``n`` independent draws (``Dist.of(D6).repeat(2)`` is 2D6), by repeated doubling."""
        if n < 0:
            raise ValueError(f"n must be 0 or more, got {n}")
        result = Dist.constant(0)
        power = self
        while n:
            if n & 1:
                result = result + power
            n >>= 1
            if n:
                power = power + power
        return result

    def given(self, predicate: Callable[[int], bool]) -> Dist:
        """The conditional distribution, knowing that ``predicate`` holds."""
        kept = {k: w for k, w in self._weights.items() if predicate(k)}
        if not kept:
            raise ValueError("the condition has probability 0")
        return Dist._checked(kept, sum(kept.values()))

    # Comparing

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dist):
            return NotImplemented
        return self._den == other._den and self._weights == other._weights

    def __hash__(self) -> int:
        return hash((self._den, tuple(self._weights.items())))

    def __repr__(self) -> str:
        body = ", ".join(f"{k}: {w}/{self._den}" for k, w in self._weights.items())
        return f"Dist({{{body}}})"


def _binomial_ratio(n: int, p: Probability) -> tuple[int, int]:
    """``p`` as ``a/b`` in lowest terms, after checking ``n`` and ``p``."""
    if n < 0:
        raise ValueError(f"n must be 0 or more, got {n}")
    a, b = p.as_integer_ratio()
    if not 0 <= a <= b:
        raise ValueError(f"p must be between 0 and 1, got {Fraction(a, b)}")
    return a, b


def _binomial_terms(n: int, a: int, b: int) -> Iterator[tuple[int, int]]:
    """``(C(n, k), C(n, k) · a^k · (b − a)^(n − k))`` for k = 0 … n, for ``0 ≤ a < b``: the weights over ``b^n``."""
    q = b - a
    count, weight = 1, q**n
    for k in range(n + 1):
        yield count, weight
        # C(n, k+1) = C(n, k)·(n−k)/(k+1), and the weight gains a/q: both divisions are exact.
        count = count * (n - k) // (k + 1)
        weight = weight * (n - k) * a // ((k + 1) * q)


def binomial_pmf(n: int, p: Probability) -> list[Fraction]:
    """``Dist.binomial(n, p).pmf_list()``, element ``k`` being P(k successes), built without a ``gcd`` of their size.

    The weights of a binomial are exact integers over ``b^n``, but turning each into a ``Fraction`` reduces it by
    a ``gcd`` of numbers as long as ``b^n`` (~1,000 bits for 200 trials of 1/216): most of the time of an answer.
    Here the common factor is known small: with ``p = a/b`` in lowest terms, ``a`` and ``b − a`` are prime to
    ``b``, so ``gcd(C(n, k)·a^k·(b − a)^(n−k), b^n) = gcd(C(n, k), b^n)``, and as ``C(n, k)`` holds each prime
    ``r`` at most ``log_r n`` times (Kummer), that is ``gcd(C(n, k), b^m)`` for ``m`` the bit length of ``n``:
    a ``gcd`` of ~200-bit and ~60-bit numbers. The fractions are then built already in lowest terms.
    """
    a, b = _binomial_ratio(n, p)
    if a == b:
        return [Fraction(0)] * n + [Fraction(1)]
    small = b ** min(n, n.bit_length())
    reduced = {1: b**n}
    """``b^n // g`` by common factor ``g``: a few of them serve all the terms."""
    pmf = []
    for count, weight in _binomial_terms(n, a, b):
        if not weight:
            pmf.append(Fraction(0))
            continue
        g = math.gcd(count, small)
        if g not in reduced:
            reduced[g] = reduced[1] // g
        pmf.append(_lowest_terms(weight // g if g > 1 else weight, reduced[g]))
    return pmf


def _lowest_terms(numerator: int, denominator: int) -> Fraction:
    """``Fraction(numerator, denominator)`` for a ``numerator`` and a positive ``denominator`` known coprime.

    ``Fraction`` would check it with a ``gcd``; the standard library's own arithmetic skips it in that case, through
    ``Fraction._from_coprime_ints`` from Python 3.12 and ``Fraction(…, _normalize=False)`` before.
    """
    return _FROM_COPRIME(numerator, denominator)


_FROM_COPRIME: Callable[[int, int], Fraction] = getattr(
    Fraction, "_from_coprime_ints", partial(Fraction, _normalize=False)
)


def _add(a: int, b: int) -> int:
    return a + b


def _sub(a: int, b: int) -> int:
    return a - b


def trajectory(start: Dist, step: Callable[[int], Dist], turns: int) -> list[Dist]:
    """The distributions after 1, 2, … ``turns`` applications of the Markov ``step`` to ``start``."""
    return Chain.from_step(start.outcomes, step).trajectory(start, turns)


IntMatrix = npt.NDArray[Any]
"""An integer array: ``int64`` while its values provably fit, Python integers (``object``) beyond."""

_INT64_LIMIT = 2**63


class Chain:
    """A Markov chain over integer states, each step being integer weights over one common denominator.

    The step is a square matrix of ``int`` weights (row: from, column: to), so running the chain is one
    vector × matrix product per step, done by NumPy. The arithmetic stays exact: every weight after ``t`` steps is
    at most the denominator after ``t`` steps, so the products are done in ``int64`` when that denominator is below
    2**63 (checked before each step) and in Python integers (``object`` arrays) from there on. On the project's
    chains (10–20 states) a step costs under a microsecond, against 10–25 µs for :meth:`Dist.bind`, which builds
    a dictionary per state and calls back into Python for each of them.
    """

    __slots__ = ("_den", "_index", "_matrix", "states")

    states: tuple[int, ...]
    _index: dict[int, int]
    _matrix: IntMatrix
    _den: int

    def __init__(self, step: Mapping[int, Dist]) -> None:
        """From each state's next-state distribution; every state a step can reach must be a key of ``step``."""
        states = tuple(sorted(step))
        index = {s: i for i, s in enumerate(states)}
        den = math.lcm(*(d.denominator for d in step.values()))
        matrix = np.zeros((len(states), len(states)), dtype=object)
        for state, after in step.items():
            scale = den // after.denominator
            for k, w in after._weights.items():
                if k not in index:
                    raise ValueError(f"state {state} steps to {k}, which is not a state of the chain")
                matrix[index[state], index[k]] = w * scale
        self._init(states, index, matrix, den)

    def _init(self, states: tuple[int, ...], index: dict[int, int], matrix: IntMatrix, den: int) -> None:
        self.states = states
        self._index = index
        self._matrix = _narrowed(matrix, den)
        self._den = den

    @classmethod
    def from_step(cls, starts: Iterable[int], step: Callable[[int], Dist]) -> Chain:
        """The chain over the states reachable from ``starts``, calling ``step`` once per state."""
        rows: dict[int, Dist] = {}
        pending = list(starts)
        while pending:
            state = pending.pop()
            if state not in rows:
                rows[state] = step(state)
                pending.extend(rows[state].outcomes)
        return cls(rows)

    @property
    def denominator(self) -> int:
        """The denominator of one step's weights."""
        return self._den

    def power(self, steps: int) -> Chain:
        """The chain whose one step is ``steps`` steps of this one (say, the hits of a turn)."""
        if steps < 1:
            raise ValueError(f"steps must be 1 or more, got {steps}")
        den = self._den**steps
        chain = Chain.__new__(Chain)
        chain._init(self.states, self._index, np.linalg.matrix_power(_widened(self._matrix, den), steps), den)
        return chain

    def _run(self, start: Mapping[int, int], den: int, steps: int) -> list[tuple[IntMatrix, int]]:
        """The weight vectors over :attr:`states` and their denominators after 1 … ``steps`` steps.

        ``start`` is the starting distribution as weights over ``den``.
        """
        matrix = self._matrix
        weights = np.zeros(len(self.states), dtype=matrix.dtype)
        for k, w in start.items():
            if k not in self._index:
                raise ValueError(f"{k} is not a state of the chain")
            weights[self._index[k]] = w
        vectors = []
        for _ in range(steps):
            den *= self._den
            if den >= _INT64_LIMIT and matrix.dtype != object:
                # Every weight and partial sum of this step is at most the new denominator: past 2**63 the rest of
                # the run is in Python integers, the steps before it having stayed in the faster int64.
                matrix, weights = matrix.astype(object), weights.astype(object)
            weights = weights @ matrix
            vectors.append((weights, den))
        return vectors

    def trajectory(self, start: Dist, steps: int) -> list[Dist]:
        """The distributions after 1, 2, … ``steps`` steps from ``start``."""
        return [
            Dist._checked({s: int(w) for s, w in zip(self.states, weights, strict=True)}, den)
            for weights, den in self._run(start._weights, start.denominator, steps)
        ]

    def probability_of(self, state: int, start: int, steps: int) -> list[Fraction]:
        """P(the chain is in ``state``) after 1, 2, … ``steps`` steps from ``start``."""
        column = self._index[state]
        return [Fraction(int(weights[column]), den) for weights, den in self._run({start: 1}, 1, steps)]


def _narrowed(matrix: IntMatrix, bound: int) -> IntMatrix:
    """``matrix`` in ``int64`` when ``bound``, the largest value it can hold, fits; as it is otherwise."""
    return matrix.astype(np.int64) if bound < _INT64_LIMIT else matrix


def _widened(matrix: IntMatrix, bound: int) -> IntMatrix:
    """``matrix`` in Python integers when products up to ``bound`` would overflow ``int64``; as it is otherwise."""
    return matrix if bound < _INT64_LIMIT else matrix.astype(object)
