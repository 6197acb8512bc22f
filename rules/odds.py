"""Exact odds for the siege mechanics: every probability is a :class:`~fractions.Fraction` (``ODDS_API.md``).

Each answer is composed from :class:`rules.dist.Dist` operations over the rules' own functions (the siege chapters
under :mod:`rules.siege` and the WFB tables in :mod:`rules.wfb`), so no number is typed twice::

    >>> from fractions import Fraction as F
    >>> ladder_pushback(1) == F(1, 3)
    True
    >>> game_length()
    {5: Fraction(1, 3), 6: Fraction(2, 3)}

The distributions behind the answers are cached (they are immutable); every call returns a new list or dict.
:func:`cache_clear` empties the caches. Bad arguments raise ``ValueError`` naming the argument and its range.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache, partial

from rules import wfb
from rules.dice import D6
from rules.dist import Dist, trajectory
from rules.siege import gates, ladders, rams, structure
from rules.siege import mining as sapping
from rules.siege.fort import minimum_sections
from rules.siege.game_length import EARLY_END_DIE, last_turn
from rules.siege.heroism import heroism_tokens
from rules.validation import check_choice, check_range

__all__ = [
    "MAX_ATTACKS",
    "MAX_HITS_PER_TURN",
    "MAX_TURNS",
    "bombardment",
    "break_test",
    "cache_clear",
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

_D6 = Dist.of(D6)
_COLLAPSED = -1
"""The state of a section that has collapsed, in the damage-point chains."""


def _turns(turns: int) -> int:
    return check_range("turns", turns, 1, MAX_TURNS)


def _d6_success(need: int | None) -> Dist:
    """1 when a D6 meets ``need`` (``None``: never), else 0."""
    if need is None:
        return Dist.constant(0)
    return _D6.map(lambda roll: int(roll >= need))


def _fails(success: Dist) -> Dist:
    return success.map(lambda k: 1 - k)


def _both(a: Dist, b: Dist) -> Dist:
    return a.combine(b, min)


def _probability(success: Dist) -> Fraction:
    return success.probability(1)


# §7.1.6 ladders


def ladder_pushback(helpers: int) -> Fraction:
    """P(the besieged push a ladder back): 6+ on a D6, +1 per helping model, ``helpers`` 0–2 (§7.1.6)."""
    return _ladder_pushback(ladders.pushback_need(helpers))


@lru_cache(maxsize=8)
def _ladder_pushback(need: int) -> Fraction:
    return _probability(_d6_success(need))


# §5.9 structure damage


@lru_cache(maxsize=1024)
def _score(strength: int, damage: str, prior: int) -> Dist:
    # R5: single damage adds nothing to the score; multiple damage adds its die.
    die = structure.damage_die(damage)
    rolls = Dist.constant(0) if die is None else Dist.of(die)
    return rolls.map(lambda roll: structure.score(strength, roll, prior))


@lru_cache(maxsize=4096)
def _after_hit(strength: int, damage: str, points: int) -> Dist:
    """Damage points after one hit on a section with ``points``: collapsed stays collapsed, else Table 3 adds (R5)."""
    if points == _COLLAPSED:
        return Dist.constant(_COLLAPSED)
    return _score(strength, damage, points).map(lambda s: _next_points(points, structure.outcome(s)))


def _next_points(points: int, outcome: structure.StructureOutcome) -> int:
    if outcome is structure.StructureOutcome.COLLAPSE:
        return _COLLAPSED
    return points + outcome.damage_points


_OUTCOMES = tuple(structure.StructureOutcome)


def _check_hit(strength: int, damage: str, prior: int) -> None:
    check_range("strength", strength, 1, 10)
    check_choice("damage", damage, structure.DAMAGE_DICE)
    check_range("prior", prior, 0)


@lru_cache(maxsize=1024)
def _structure_hit(strength: int, damage: str, prior: int) -> tuple[tuple[str, Fraction], ...]:
    outcomes = _score(strength, damage, prior).map(lambda s: _OUTCOMES.index(structure.outcome(s)))
    return tuple((_OUTCOMES[i].value, p) for i, p in outcomes.pmf().items())


def structure_hit(strength: int, damage: str, prior: int) -> dict[str, Fraction]:
    """Outcome of one hit on a wall or tower section that has ``prior`` damage points (§5.9, R5).

    ``damage`` is ``"1"``, ``"D2"``, ``"D3"``, ``"D4"`` or ``"D6"``; keys are the outcomes with P > 0.
    """
    _check_hit(strength, damage, prior)
    return dict(_structure_hit(strength, damage, prior))


@lru_cache(maxsize=256)
def _bombardment(strength: int, damage: str, hits_per_turn: int, turns: int, prior: int) -> tuple[Fraction, ...]:
    # R5: hits resolve one after another, each reading the points the last one left, turn after turn.
    after_each_hit = trajectory(Dist.constant(prior), partial(_after_hit, strength, damage), hits_per_turn * turns)
    return tuple(s.probability(_COLLAPSED) for s in after_each_hit[hits_per_turn - 1 :: hits_per_turn])


def bombardment(strength: int, damage: str, hits_per_turn: int, turns: int, prior: int = 0) -> list[Fraction]:
    """P(the section has collapsed by the end of turn ``t``), for ``t`` = 1 … ``turns`` (§5.9, R5)."""
    _check_hit(strength, damage, prior)
    check_range("hits_per_turn", hits_per_turn, 1, MAX_HITS_PER_TURN)
    return list(_bombardment(strength, damage, hits_per_turn, _turns(turns), prior))


# §7.2 rams against §6 gates


@lru_cache(maxsize=256)
def _ram_vs_gate(
    carriers: int, carrier_strength: int, gate: str, covered: bool, turns: int, reinforced: bool
) -> tuple[Fraction, ...]:
    kind = gates.gate_kind(gate)
    wounds = _d6_success(wfb.to_wound(rams.ram_strength(carriers), gates.toughness(kind)))  # R3
    per_wound = rams.ram_damage(carrier_strength)
    damage = Dist.of(per_wound.die) + per_wound.bonus
    strikes = [wounds.bind(lambda w: damage if w else Dist.constant(0))]
    if covered:
        strikes.append(wounds.map(lambda w: w * rams.COVERED_SECOND_STRIKE_DAMAGE))  # R3
    defenders = gates.REINFORCING_MODELS if reinforced else 0

    @cache
    def turn(points: int) -> Dist:
        state = Dist.constant(points)
        for strike in strikes:
            state = state.combine(strike, lambda sp, dmg: max(0, sp - dmg))
        # R4: the besieged turn between two besieger turns.
        return state.map(lambda sp: gates.reinforce(kind, sp, defenders=defenders))

    return tuple(
        s.where(gates.is_destroyed) for s in trajectory(Dist.constant(gates.starting_points(kind)), turn, turns)
    )


def ram_vs_gate(
    carriers: int, carrier_strength: int, gate: str, covered: bool, turns: int, reinforced: bool = False
) -> list[Fraction]:
    """P(the gate is destroyed by the end of the besieger's turn ``t``), for ``t`` = 1 … ``turns`` (§7.2.4, R3, R4).

    ``gate`` is ``"main"``, ``"postern"`` or ``"service"``. With ``reinforced``, the gate regains 1 structure point
    in each besieged turn between, never above its start (§6.4).
    """
    rams.ram_strength(carriers)
    rams.ram_damage(carrier_strength)
    gates.gate_kind(gate)
    return list(_ram_vs_gate(carriers, carrier_strength, gate, bool(covered), _turns(turns), bool(reinforced)))


# §10 mining


@lru_cache(maxsize=64)
def _mining(target: int, counter_miners: int, turns: int) -> tuple[Fraction, ...]:
    die = sapping.counter_mining_die(counter_miners)
    subtraction = Dist.constant(0) if die is None else Dist.of(die)
    progress = Dist.of(sapping.SAPPING_DIE).combine(subtraction, sapping.progress)  # R2

    @cache
    def turn(score: int) -> Dist:
        if score >= target:
            return Dist.constant(score)
        return (progress + score).clamp(high=target)

    return tuple(s.at_least(target) for s in trajectory(Dist.constant(0), turn, turns))


def mining(target: int, counter_miners: int, turns: int) -> list[Fraction]:
    """P(the sapping score has reached ``target`` by the end of turn ``t``), for ``t`` = 1 … ``turns`` (§10, R2).

    ``target`` is 8 (foundations) or 10 (tunnel); no sapper re-roll (§10.4).
    """
    if target not in (sapping.FOUNDATIONS, sapping.TUNNEL):
        raise ValueError(
            f"target must be {sapping.FOUNDATIONS} (foundations) or {sapping.TUNNEL} (tunnel), got {target!r}"
        )
    sapping.counter_mining_die(counter_miners)
    return list(_mining(target, counter_miners, _turns(turns)))


# WFB close combat and shooting (seed 002)


def _unsaved_wound(hit: Dist, strength: int, toughness: int, armour_save: int | None) -> Dist:
    """1 when one attack that has ``hit`` as its to-hit roll causes an unsaved wound (R8, R9)."""
    wound = _d6_success(wfb.to_wound(strength, toughness))
    saved = _d6_success(wfb.modified_save(armour_save, strength))
    return _both(_both(hit, wound), _fails(saved))


@lru_cache(maxsize=1024)
def _wounds(count: int, per_attack: Dist) -> tuple[Fraction, ...]:
    return tuple(per_attack.repeat(count).pmf_list(count + 1))


@lru_cache(maxsize=1024)
def _melee_attack(ws: int, target_ws: int, strength: int, toughness: int, save: int | None, hit_mod: int) -> Dist:
    hit = _d6_success(wfb.melee_to_hit(ws, target_ws, hit_mod))  # R7
    return _unsaved_wound(hit, strength, toughness, save)


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
    check_range("hit_mod", hit_mod, -MAX_MODIFIER, MAX_MODIFIER)
    check_range("attacks", attacks, 0, MAX_ATTACKS)
    return list(_wounds(attacks, _melee_attack(ws, target_ws, strength, toughness, armour_save, hit_mod)))


@lru_cache(maxsize=64)
def _shooting_hit(need: int | None) -> Dist:
    if need is None or need <= 6:
        return _d6_success(need)
    # R6: a need of 7-9 is a 6, then a second D6.
    second = _d6_success(wfb.SEVEN_PLUS_SECOND_ROLL[need])
    return _D6.bind(lambda roll: second if roll == 6 else Dist.constant(0))


@lru_cache(maxsize=1024)
def _shot(bs: int, strength: int, toughness: int, save: int | None, modifier: int) -> Dist:
    return _unsaved_wound(_shooting_hit(wfb.shooting_to_hit(bs, modifier)), strength, toughness, save)


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
    check_range("modifier", modifier, -MAX_MODIFIER, MAX_MODIFIER)
    check_range("shots", shots, 0, MAX_ATTACKS)
    return list(_wounds(shots, _shot(bs, strength, toughness, armour_save, modifier)))


_2D6 = _D6.repeat(2)


@lru_cache(maxsize=256)
def break_test(leadership: int, lost_by: int) -> Fraction:
    """P(a unit that lost its combat by ``lost_by`` passes its break test: 2D6 ≤ Ld − ``lost_by``)."""
    wfb.break_test_passes(leadership, lost_by, 2)
    return _2D6.where(lambda roll: wfb.break_test_passes(leadership, lost_by, roll))


# §16 game length


def game_length() -> dict[int, Fraction]:
    """The distribution of the battle's number of turns (§16, R10)."""
    return dict(_game_length())


@cache
def _game_length() -> tuple[tuple[int, Fraction], ...]:
    return tuple(Dist.of(EARLY_END_DIE).map(last_turn).pmf().items())


def cache_clear() -> None:
    """Empty the caches of the distributions behind the answers (for measuring uncached calls)."""
    for cached in (
        _score,
        _after_hit,
        _structure_hit,
        _bombardment,
        _ram_vs_gate,
        _mining,
        _wounds,
        _melee_attack,
        _shooting_hit,
        _shot,
        _ladder_pushback,
        break_test,
        _game_length,
    ):
        cached.cache_clear()
