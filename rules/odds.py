"""Exact odds for the siege mechanics: every probability is a :class:`~fractions.Fraction` (``ODDS_API.md``).

Each answer is computed from :mod:`rules.dist` operations over the rules' own functions (the siege chapters
under :mod:`rules.siege` and the WFB tables in :mod:`rules.wfb`), so no number is typed twice::

    >>> from fractions import Fraction as F
    >>> ladder_pushback(1) == F(1, 3)
    True
    >>> game_length()
    {5: Fraction(1, 3), 6: Fraction(2, 3)}

Questions with a small domain (a ladder push-back, a break test, the game length) are answered from exact tables
built at import; :func:`structure_hit` reads the few Table 3 rows of its damage die on every call. The
turn-by-turn questions run an integer Markov chain (:class:`~rules.dist.Chain`) compiled from the rules the first
time it is needed, once per strength and damage die, per ram and gate, per sapping target and counter-mining;
compiling takes 0.05–0.3 ms, running one a few microseconds a step. :func:`bombardment` runs its chain on every
call, for the hits a turn and the prior damage asked; :func:`ram_vs_gate` and :func:`mining`, whose chains have one
start and one goal, run theirs for all ``MAX_TURNS`` turns when compiling it and answer from that
:data:`Trajectory`: at most 600 and 18 of them, 20 fractions each. Wounds are exact binomials, computed on every
call as integer weights over one denominator and handed out as ``Fraction``s already in lowest terms
(:func:`~rules.dist.binomial_pmf`). Every call returns a new list or dict; :func:`cache_clear` forgets the
compiled chains and trajectories. Bad arguments raise ``ValueError`` naming the argument and its range.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial

from rules import wfb
from rules.confrontation.odds import (
    confrontation_caught,
    confrontation_disengage,
    confrontation_shot,
    confrontation_wound,
)
from rules.dice import D6
from rules.dist import Chain, Dist, binomial_pmf
from rules.freres import odds as _freres
from rules.freres.odds import fda_morale, fda_opposed, fda_shot, fda_test
from rules.siege.board.fort import minimum_sections
from rules.siege.chapters import gates, ladders, rams, structure
from rules.siege.chapters import mining as sapping
from rules.siege.chapters.belfry.belfry_odds import belfry_crush, belfry_ignition, belfry_reach
from rules.siege.chapters.game_length import EARLY_END_DIE, last_turn
from rules.siege.chapters.heroism import heroism_tokens
from rules.validation import check_choice, check_range

__all__ = [
    "MAX_ATTACKS",
    "MAX_HITS_PER_TURN",
    "MAX_TURNS",
    "belfry_crush",
    "belfry_ignition",
    "belfry_reach",
    "bombardment",
    "break_test",
    "cache_clear",
    "confrontation_caught",
    "confrontation_disengage",
    "confrontation_shot",
    "confrontation_wound",
    "fda_morale",
    "fda_opposed",
    "fda_shot",
    "fda_test",
    "game_length",
    "heroism_tokens",
    "ladder_pushback",
    "melee_wounds",
    "minimum_sections",
    "mining",
    "ram_vs_gate",
    "shooting_wounds",
    "structure_hit",
]

MAX_TURNS = 20
"""Longest horizon the turn-by-turn functions accept; a siege battle lasts at most 6 turns (§16)."""
MAX_HITS_PER_TURN = 30
MAX_ATTACKS = 200
MAX_MODIFIER = 10
"""Modifiers beyond ±10 cannot change any need, so larger ones are refused as likely mistakes."""

Trajectory = tuple[Fraction, ...]
"""P(a chain has reached its goal) by the end of turns 1 … ``MAX_TURNS``, computed when the chain is compiled.

A chain whose start and goal are fixed by its parameters (a ram and gate, a sapping target and counter-mining) is
run for every turn the functions accept as soon as it is built, and only these ``MAX_TURNS`` fractions are kept:
a call is then its argument checks and a copy of a prefix. Stepping the chain on every call spent ~0.8 µs of NumPy
call overhead per turn and ~0.45 µs per ``Fraction``, which put the cheapest questions within reach of a Monte Carlo
of 100,000 runs. ``Fraction`` is immutable, so the kept ones are handed out as they are, in a new list.
"""

_D6 = Dist.of(D6)
_D6_SIDES = len(D6.faces)
_D6_MEETING: dict[int | None, int] = {None: 0} | {
    need: sum(face >= need for face in D6.faces) for need in range(1, _D6_SIDES + 1)
}
"""How many D6 faces meet a need (``None``: none do), to keep the per-attack chances in integers."""

_STRENGTHS = range(1, 11)
"""S1–S10, the strengths a hit on a structure can have (§5.9)."""
_COLLAPSED = -1
"""The state of a section that has collapsed, in the damage-point chains."""
_OUTCOMES = tuple(structure.StructureOutcome)
_COLLAPSE = _OUTCOMES.index(structure.StructureOutcome.COLLAPSE)


def _checked(name: str, value: int, accepted: range) -> int:
    """``value`` if it is an ``int`` in ``accepted``, else the ``ValueError`` of :func:`check_range`.

    Every answer is cheap now, so the argument checks are a visible share of a call: this is one type test and
    one range membership on the valid path (``type is``, as the rules refuse ``True`` for 1).
    """
    if type(value) is int and value in accepted:
        return value
    return check_range(name, value, accepted.start, accepted.stop - 1)


def _turns(turns: int) -> int:
    return _checked("turns", turns, range(1, MAX_TURNS + 1))


def _d6_success(need: int | None) -> Dist:
    """1 when a D6 meets ``need`` (``None``: never), else 0."""
    if need is None:
        return Dist.constant(0)
    return _D6.map(lambda roll: int(roll >= need))


# §7.1.6 ladders

_LADDER = {helpers: _D6.at_least(ladders.pushback_need(helpers)) for helpers in range(ladders.MAX_HELPERS + 1)}


def ladder_pushback(helpers: int) -> Fraction:
    """P(the besieged push a ladder back): 6+ on a D6, +1 per helping model, ``helpers`` 0–2 (§7.1.6)."""
    if type(helpers) is not int or helpers not in _LADDER:
        ladders.pushback_need(helpers)  # the rule's own check raises
    return _LADDER[helpers]


# §5.9 structure damage


_DAMAGE_FACES = {
    # R5: single damage adds nothing to the score; multiple damage adds its die.
    damage: (0,) if die is None else tuple(sorted(die.faces))
    for damage, die in structure.DAMAGE_DICE.items()
}
_DAMAGE_ROLLS = {damage: Dist.uniform(faces) for damage, faces in _DAMAGE_FACES.items()}
_FACE_SHARES = {
    len(faces): tuple(Fraction(count, len(faces)) for count in range(len(faces) + 1))
    for faces in _DAMAGE_FACES.values()
}
"""P(``count`` of the faces of an ``n``-faced damage die), by ``n`` and ``count``."""


@dataclass(frozen=True)
class _Section:
    """Damage points on a wall or tower section hit after hit, for one strength and damage die (§5.9, R5)."""

    cap: int
    """Damage points from which every hit collapses the section: more points change nothing, so they share a state."""
    chain: Chain
    """Damage points hit after hit, ``_COLLAPSED`` once the section has collapsed."""


def _rows(rolls: Dist, strength: int, points: int) -> Dist:
    """The Table 3 row (index into :class:`~rules.siege.chapters.structure.StructureOutcome`) of one hit."""
    return rolls.map(lambda roll: _OUTCOMES.index(structure.outcome(structure.score(strength, roll, points))))


def _points_after(points: int, cap: int, row: int) -> int:
    outcome = _OUTCOMES[row]
    if outcome is structure.StructureOutcome.COLLAPSE:
        return _COLLAPSED
    return min(points + outcome.damage_points, cap)


@cache
def _section(strength: int, damage: str) -> _Section:
    rolls = _DAMAGE_ROLLS[damage]
    rows: list[Dist] = []
    while not rows or rows[-1].outcomes != (_COLLAPSE,):
        rows.append(_rows(rolls, strength, len(rows)))
    cap = len(rows) - 1
    step = {points: row.map(partial(_points_after, points, cap)) for points, row in enumerate(rows)}
    step[_COLLAPSED] = Dist.constant(_COLLAPSED)
    return _Section(cap, Chain(step))


def _check_hit(strength: int, damage: str, prior: int) -> None:
    """On bad arguments for a hit, the ``ValueError`` naming the first one."""
    if not (
        type(strength) is int
        and strength in _STRENGTHS
        and type(damage) is str
        and damage in structure.DAMAGE_DICE
        and type(prior) is int
        and prior >= 0
    ):
        check_range("strength", strength, _STRENGTHS.start, _STRENGTHS.stop - 1)
        check_choice("damage", damage, structure.DAMAGE_DICE)
        check_range("prior", prior, 0)


def structure_hit(strength: int, damage: str, prior: int) -> dict[str, Fraction]:
    """Outcome of one hit on a wall or tower section that has ``prior`` damage points (§5.9, R5).

    ``damage`` is ``"1"``, ``"D2"``, ``"D3"``, ``"D4"`` or ``"D6"``; keys are the outcomes with P > 0. One hit is
    at most six rows of Table 3, read on every call: no chain is compiled for it, and each outcome's probability is
    its share of the damage die's faces (:data:`_FACE_SHARES`).
    """
    _check_hit(strength, damage, prior)
    faces = _DAMAGE_FACES[damage]
    rows = Counter(structure.outcome(structure.score(strength, face, prior)) for face in faces)
    # The faces are in increasing order, so the rows come in Table 3's order.
    return {row.value: _FACE_SHARES[len(faces)][count] for row, count in rows.items()}


def bombardment(strength: int, damage: str, hits_per_turn: int, turns: int, prior: int = 0) -> list[Fraction]:
    """P(the section has collapsed by the end of turn ``t``), for ``t`` = 1 … ``turns`` (§5.9, R5)."""
    _check_hit(strength, damage, prior)
    section = _section(strength, damage)
    hits = _checked("hits_per_turn", hits_per_turn, range(1, MAX_HITS_PER_TURN + 1))
    # R5: hits resolve one after another, each reading the points the last one left, so a turn is `hits` steps.
    return section.chain.power(hits).probability_of(_COLLAPSED, min(prior, section.cap), _turns(turns))


# §7.2 rams against §6 gates

_DESTROYED = 0
"""A gate's structure points once destroyed: damage never takes them below 0 (§6.1, R4)."""


def _turn_damage(need: int | None, per_wound: rams.RamDamage, covered: bool) -> Dist:
    """The structure points a gate loses to the ram in one besieger turn (R3)."""
    wounds = _d6_success(need)
    damage = Dist.of(per_wound.die) + per_wound.bonus
    total = wounds.bind(lambda w: damage if w else Dist.constant(0))
    if covered:
        total += wounds.map(lambda w: w * rams.COVERED_SECOND_STRIKE_DAMAGE)
    return total


def _after_turn(kind: gates.GateKind, damage: Dist, defenders: int, points: int) -> Dist:
    # Each strike takes max(0, SP − damage); damage being never negative, that is SP less the turn's total.
    # R4: then the besieged turn between two besieger turns.
    return damage.map(lambda dmg: gates.reinforce(kind, max(_DESTROYED, points - dmg), defenders=defenders))


def _gate_chain(kind: gates.GateKind, damage: Dist, reinforced: bool) -> Chain:
    after = partial(_after_turn, kind, damage, gates.REINFORCING_MODELS if reinforced else 0)
    return Chain({points: after(points) for points in range(_DESTROYED, gates.starting_points(kind) + 1)})


def _ram_chain(carriers: int, carrier_strength: int, gate: str, covered: bool, reinforced: bool) -> Chain:
    """Gate structure points turn after turn; the rules' own functions check the arguments."""
    per_wound = rams.ram_damage(carrier_strength)
    kind = gates.gate_kind(gate)
    need = wfb.to_wound(rams.ram_strength(carriers), gates.toughness(kind))  # R3
    return _gate_chain(kind, _turn_damage(need, per_wound, covered), reinforced)


@cache
def _ram_trajectory(carriers: int, carrier_strength: int, gate: str, covered: bool, reinforced: bool) -> Trajectory:
    """P(gate destroyed) by the end of turns 1 … ``MAX_TURNS``, run once per ram and gate (at most 600 of them)."""
    chain = _ram_chain(carriers, carrier_strength, gate, covered, reinforced)
    return tuple(chain.probability_of(_DESTROYED, chain.states[-1], MAX_TURNS))


def ram_vs_gate(
    carriers: int, carrier_strength: int, gate: str, covered: bool, turns: int, reinforced: bool = False
) -> list[Fraction]:
    """P(the gate is destroyed by the end of the besieger's turn ``t``), for ``t`` = 1 … ``turns`` (§7.2.4, R3, R4).

    ``gate`` is ``"main"``, ``"postern"`` or ``"service"``. With ``reinforced``, the gate regains 1 structure point
    in each besieged turn between, never above its start (§6.4).
    """
    if type(carriers) is not int or type(carrier_strength) is not int:
        # A cached trajectory for 1 would otherwise answer for True.
        rams.ram_strength(carriers)
        rams.ram_damage(carrier_strength)
    trajectory = _ram_trajectory(carriers, carrier_strength, gate, bool(covered), bool(reinforced))
    return list(trajectory[: _turns(turns)])


# §10 mining


def _check_target(target: int) -> None:
    if type(target) is not int or target not in (sapping.FOUNDATIONS, sapping.TUNNEL):
        raise ValueError(
            f"target must be {sapping.FOUNDATIONS} (foundations) or {sapping.TUNNEL} (tunnel), got {target!r}"
        )


def _sapping_chain(target: int, counter_miners: int) -> Chain:
    """The sapping score turn after turn, capped at ``target``; the arguments are checked here."""
    _check_target(target)
    die = sapping.counter_mining_die(counter_miners)
    subtraction = Dist.constant(0) if die is None else Dist.of(die)
    progress = Dist.of(sapping.SAPPING_DIE).combine(subtraction, sapping.progress)  # R2

    def turn(score: int) -> Dist:
        if score >= target:
            return Dist.constant(score)
        return (progress + score).clamp(high=target)

    return Chain.from_step([0], turn)


@cache
def _sapping_trajectory(target: int, counter_miners: int) -> Trajectory:
    """P(``target`` reached) by the end of turns 1 … ``MAX_TURNS``, run once per target and counter-mining (18)."""
    return tuple(_sapping_chain(target, counter_miners).probability_of(target, 0, MAX_TURNS))


def mining(target: int, counter_miners: int, turns: int) -> list[Fraction]:
    """P(the sapping score has reached ``target`` by the end of turn ``t``), for ``t`` = 1 … ``turns`` (§10, R2).

    ``target`` is 8 (foundations) or 10 (tunnel); no sapper re-roll (§10.4).
    """
    if type(target) is not int or type(counter_miners) is not int:
        # A cached trajectory for 1 would otherwise answer for True.
        _check_target(target)
        sapping.counter_mining_die(counter_miners)
    return list(_sapping_trajectory(target, counter_miners)[: _turns(turns)])


# WFB close combat and shooting (seed 002)


def _wounds(count: int, hits: int, hit_sides: int, strength: int, toughness: int, save: int | None) -> list[Fraction]:
    """PMF of unsaved wounds from ``count`` attacks, each hitting on ``hits`` of ``hit_sides`` (R8, R9).

    The attacks are independent and alike, so the count is binomial; the chance of one unsaved wound is
    counted in faces (hit × wound × failed save) to stay in integers until the one ``Fraction`` it needs.
    """
    wounds = _D6_MEETING[wfb.to_wound(strength, toughness)]
    unsaved = _D6_SIDES - _D6_MEETING[wfb.modified_save(save, strength)]
    per_attack = Fraction(hits * wounds * unsaved, hit_sides * _D6_SIDES * _D6_SIDES)
    return binomial_pmf(count, per_attack)


_MODIFIERS = range(-MAX_MODIFIER, MAX_MODIFIER + 1)
_ATTACKS = range(MAX_ATTACKS + 1)


def melee_wounds(
    attacks: int,
    ws: int,
    target_ws: int,
    strength: int,
    toughness: int,
    armour_save: int | None = None,
    hit_mod: int = 0,
) -> list[Fraction]:
    """PMF of unsaved wounds from ``attacks`` close-combat attacks, index = wounds (R7, R8, R9).

    ``armour_save`` is the unmodified need (5 for 5+), ``None`` for none; ``hit_mod`` +1 makes hitting easier.
    """
    _checked("hit_mod", hit_mod, _MODIFIERS)
    _checked("attacks", attacks, _ATTACKS)
    hits = _D6_MEETING[wfb.melee_to_hit(ws, target_ws, hit_mod)]  # R7
    return _wounds(attacks, hits, _D6_SIDES, strength, toughness, armour_save)


def shooting_wounds(
    shots: int,
    bs: int,
    strength: int,
    toughness: int,
    armour_save: int | None = None,
    modifier: int = 0,
) -> list[Fraction]:
    """PMF of unsaved wounds from ``shots`` shots, index = wounds (R6, R8, R9).

    ``modifier`` is the sum of the to-hit modifiers, negative being harder, with the 7+ rule (R6).
    """
    _checked("modifier", modifier, _MODIFIERS)
    _checked("shots", shots, _ATTACKS)
    need = wfb.shooting_to_hit(bs, modifier)
    if need is None or need <= _D6_SIDES:
        return _wounds(shots, _D6_MEETING[need], _D6_SIDES, strength, toughness, armour_save)
    # R6: a need of 7-9 is a 6, then a second D6.
    hits = _D6_MEETING[_D6_SIDES] * _D6_MEETING[wfb.SEVEN_PLUS_SECOND_ROLL[need]]
    return _wounds(shots, hits, _D6_SIDES * _D6_SIDES, strength, toughness, armour_save)


# Break tests

_2D6 = _D6.repeat(2)


def _passes(leadership: int, lost_by: int) -> Fraction:
    return _2D6.where(lambda roll: wfb.break_test_passes(leadership, lost_by, roll))


def _break_row(leadership: int) -> tuple[Fraction, ...]:
    """P(passing) by ``lost_by`` from 0 until no roll passes; a larger margin cannot pass either."""
    row = [_passes(leadership, 0)]
    while row[-1]:
        row.append(_passes(leadership, len(row)))
    return tuple(row)


_BREAK = {leadership: _break_row(leadership) for leadership in range(1, wfb.CHARACTERISTIC_MAX + 1)}


def break_test(leadership: int, lost_by: int) -> Fraction:
    """P(a unit that lost its combat by ``lost_by`` passes its break test: 2D6 ≤ Ld − ``lost_by``)."""
    if not (type(leadership) is int and type(lost_by) is int and leadership in _BREAK and lost_by >= 0):
        wfb.break_test_passes(leadership, lost_by, 2)  # the rule's own check raises
    row = _BREAK[leadership]
    return row[min(lost_by, len(row) - 1)]


# §16 game length

_GAME_LENGTH = tuple(Dist.of(EARLY_END_DIE).map(last_turn).pmf().items())


def game_length() -> dict[int, Fraction]:
    """The distribution of the battle's number of turns (§16, R10)."""
    return dict(_GAME_LENGTH)


def cache_clear() -> None:
    """Forget the compiled chains and trajectories, so that the next calls build them again (to measure that)."""
    for compiled in (_section, _ram_trajectory, _sapping_trajectory):
        compiled.cache_clear()
    _freres.cache_clear()
