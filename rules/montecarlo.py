"""Vectorised Monte Carlo simulation of the same rules as :mod:`rules.odds`, on NumPy arrays.

Each simulator plays ``runs`` independent trials at once, rolling every die the rules roll, and returns one result
per run (the turn something happened, 0 for never; the number of wounds; …), so whole assaults can be built from
them and summarised as the caller needs. The rules themselves (needs, Table 3, ram damage, counter-mining) come from
:mod:`rules.wfb` and :mod:`rules.siege`; the probability arithmetic is independent of :mod:`rules.dist`, which
lets the tests check one against the other::

    >>> rng = np.random.default_rng(1)
    >>> turns = mining(rng, 100_000, target=8, counter_miners=4, turns=3)
    >>> round(float(by_turn(turns, 3)[-1]), 2)
    0.33
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from rules import wfb
from rules.dice import D6, Die
from rules.siege.chapters import gates, ladders, rams, structure
from rules.siege.chapters import mining as sapping
from rules.siege.chapters.game_length import EARLY_END_DIE, EARLY_END_FACES, EARLY_END_TURN, TURNS
from rules.validation import check_range

__all__ = [
    "bombardment",
    "break_test",
    "by_turn",
    "game_length",
    "ladder_pushback",
    "melee_wounds",
    "mining",
    "ram_vs_gate",
    "roll",
    "shooting_wounds",
    "structure_hit",
]

IntArray = npt.NDArray[np.int64]
RollArray = npt.NDArray[np.int8]
"""Dice rolls: every face the rules roll fits a signed byte, and a difference of two rolls still does."""
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

_OUTCOMES = tuple(structure.StructureOutcome)
_THRESHOLDS = np.array(structure.THRESHOLDS)
_POINTS = np.array([o.damage_points for o in _OUTCOMES])
_COLLAPSE = _OUTCOMES.index(structure.StructureOutcome.COLLAPSE)


_BYTE = np.iinfo(np.int8)


@cache
def _faces(die: Die) -> tuple[int, int, RollArray | None]:
    """How to roll ``die``: ``(low, high, None)`` when its faces are ``low`` … ``high − 1`` once each (D2 … D10),
    drawn as they are; ``(0, n, faces)`` otherwise (the scatter and artillery dice), drawn as indices into ``faces``.
    """
    faces = die.faces
    if not all(_BYTE.min <= face <= _BYTE.max for face in faces) or len(faces) > _BYTE.max:
        raise ValueError(f"the faces of {die} must be {_BYTE.max} or fewer and fit in {_BYTE.min} … {_BYTE.max}")
    if faces == tuple(range(faces[0], faces[0] + len(faces))):
        return faces[0], faces[0] + len(faces), None
    return 0, len(faces), np.asarray(faces, dtype=np.int8)


def roll(rng: np.random.Generator, die: Die, size: int | tuple[int, ...]) -> RollArray:
    """An array of independent rolls of ``die``, as signed bytes.

    The faces are drawn directly in ``int8`` (a D6 is ``rng.integers(1, 7, dtype=np.int8)``), which NumPy does
    about seven times faster than drawing ``int64`` indices and looking the faces up. Widen before adding to large
    numbers: ``int8`` arithmetic wraps past 127.
    """
    low, high, faces = _faces(die)
    drawn = rng.integers(low, high, size=size, dtype=np.int8)
    return drawn if faces is None else faces[drawn]


def _meets(rolls: RollArray, need: int | None) -> BoolArray:
    if need is None:
        return np.zeros(rolls.shape, dtype=bool)
    return rolls >= need


def by_turn(event_turn: IntArray, turns: int) -> FloatArray:
    """Element ``t-1``: the fraction of runs whose event happened by turn ``t`` (event turn 0 meaning never)."""
    happened = event_turn[event_turn > 0]
    counts = np.bincount(happened, minlength=turns + 1)[1 : turns + 1]
    return np.cumsum(counts) / len(event_turn)


def ladder_pushback(rng: np.random.Generator, runs: int, helpers: int) -> BoolArray:
    """Whether each run's push-back roll succeeds (§7.1.6)."""
    return roll(rng, D6, runs) >= ladders.pushback_need(helpers)


def _damage_rolls(rng: np.random.Generator, damage: str, size: int) -> RollArray:
    die = structure.damage_die(damage)
    return np.zeros(size, dtype=np.int8) if die is None else roll(rng, die, size)


def structure_hit(rng: np.random.Generator, runs: int, strength: int, damage: str, prior: int) -> IntArray:
    """Each run's Table 3 outcome, as an index into :class:`~rules.siege.chapters.structure.StructureOutcome` (§5.9,
    R5)."""
    score = _damage_rolls(rng, damage, runs) + np.int64(strength + prior)
    return np.searchsorted(_THRESHOLDS, score, side="right")


def bombardment(
    rng: np.random.Generator, runs: int, strength: int, damage: str, hits_per_turn: int, turns: int, prior: int = 0
) -> IntArray:
    """Each run's turn of collapse, 0 if the section stands after ``turns`` turns of ``hits_per_turn`` hits (R5)."""
    points = np.full(runs, prior, dtype=np.int64)
    collapsed_turn = np.zeros(runs, dtype=np.int64)
    for turn in range(1, turns + 1):
        for _ in range(hits_per_turn):
            standing = collapsed_turn == 0
            score = strength + _damage_rolls(rng, damage, runs) + points
            outcome = np.searchsorted(_THRESHOLDS, score, side="right")
            points = np.where(standing, points + _POINTS[outcome], points)
            collapsed_turn[standing & (outcome == _COLLAPSE)] = turn
    return collapsed_turn


def ram_vs_gate(
    rng: np.random.Generator,
    runs: int,
    carriers: int,
    carrier_strength: int,
    gate: str,
    covered: bool,
    turns: int,
    reinforced: bool = False,
) -> IntArray:
    """Each run's besieger turn in which the gate falls, 0 if it stands after ``turns`` (§7.2.4, R3, R4)."""
    kind = gates.gate_kind(gate)
    need = wfb.to_wound(rams.ram_strength(carriers), gates.toughness(kind))
    per_wound = rams.ram_damage(carrier_strength)
    sp = np.full(runs, gates.starting_points(kind), dtype=np.int64)
    fallen = np.zeros(runs, dtype=np.int64)
    for turn in range(1, turns + 1):
        wounded = _meets(roll(rng, D6, runs), need)
        sp -= np.where(wounded, roll(rng, per_wound.die, runs) + per_wound.bonus, 0)
        if covered:
            sp -= np.where(_meets(roll(rng, D6, runs), need), rams.COVERED_SECOND_STRIKE_DAMAGE, 0)
        sp = np.maximum(sp, 0)
        fallen[(fallen == 0) & (sp == 0)] = turn
        if reinforced and gates.reinforceable(kind):
            sp = np.where(sp > 0, np.minimum(sp + 1, gates.starting_points(kind)), 0)
    return fallen


def mining(rng: np.random.Generator, runs: int, target: int, counter_miners: int, turns: int) -> IntArray:
    """Each run's turn the sapping score reaches ``target``, 0 if not within ``turns`` (§10, R2)."""
    die = sapping.counter_mining_die(counter_miners)
    score = np.zeros(runs, dtype=np.int64)
    reached = np.zeros(runs, dtype=np.int64)
    for turn in range(1, turns + 1):
        subtraction = np.zeros(runs, dtype=np.int8) if die is None else roll(rng, die, runs)
        score += np.maximum(0, roll(rng, sapping.SAPPING_DIE, runs) - subtraction)
        reached[(reached == 0) & (score >= target)] = turn
    return reached


def _unsaved(
    rng: np.random.Generator, hits: BoolArray, strength: int, toughness: int, armour_save: int | None
) -> IntArray:
    wounds = hits & _meets(roll(rng, D6, hits.shape), wfb.to_wound(strength, toughness))
    saved = _meets(roll(rng, D6, hits.shape), wfb.modified_save(armour_save, strength))
    return np.asarray((wounds & ~saved).sum(axis=1), dtype=np.int64)


def melee_wounds(
    rng: np.random.Generator,
    runs: int,
    attacks: int,
    ws: int,
    target_ws: int,
    strength: int,
    toughness: int,
    armour_save: int | None = None,
    hit_mod: int = 0,
) -> IntArray:
    """Each run's unsaved wounds from ``attacks`` close-combat attacks (R7, R8, R9)."""
    hits = roll(rng, D6, (runs, attacks)) >= wfb.melee_to_hit(ws, target_ws, hit_mod)
    return _unsaved(rng, hits, strength, toughness, armour_save)


def shooting_wounds(
    rng: np.random.Generator,
    runs: int,
    shots: int,
    bs: int,
    strength: int,
    toughness: int,
    armour_save: int | None = None,
    modifier: int = 0,
) -> IntArray:
    """Each run's unsaved wounds from ``shots`` shots, with the 7+ rule (R6, R8, R9)."""
    need = wfb.shooting_to_hit(bs, modifier)
    first = roll(rng, D6, (runs, shots))
    if need is not None and need > 6:
        hits = (first == 6) & (roll(rng, D6, (runs, shots)) >= wfb.SEVEN_PLUS_SECOND_ROLL[need])
    else:
        hits = _meets(first, need)
    return _unsaved(rng, hits, strength, toughness, armour_save)


def break_test(rng: np.random.Generator, runs: int, leadership: int, lost_by: int) -> BoolArray:
    """Whether each run passes its break test, 2D6 against Ld − ``lost_by``."""
    check_range("leadership", leadership, 1, 10)
    check_range("lost_by", lost_by, 0)
    return np.asarray(roll(rng, D6, (runs, 2)).sum(axis=1) <= leadership - lost_by, dtype=np.bool_)


def game_length(rng: np.random.Generator, runs: int) -> IntArray:
    """Each run's number of turns (§16, R10)."""
    ends_early = np.isin(roll(rng, EARLY_END_DIE, runs), list(EARLY_END_FACES))
    return np.where(ends_early, EARLY_END_TURN, TURNS)
