"""The questions of ``rules.odds`` asked of icepool (2.x), to compare answers and times in ``test_icepool_bench.py``.

Each function reads the rules from the same rule functions as ``rules.odds`` (needs, Table 3, ram damage, the
gates' reinforcement, counter-mining, the grade scales), so only the probability arithmetic differs: here it is
icepool's, written as its documentation suggests (a ``Die`` per roll, ``Die.map`` for one outcome choosing the
next, ``map(…, repeat=n)`` for a Markov step taken ``n`` times, a pool's sum for many alike attacks). Each returns
the same type as the ``rules.odds`` function, with exact ``Fraction``s from icepool.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import icepool

from rules import wfb
from rules.confrontation import flight
from rules.confrontation.checks import DISENGAGE_GRADES, SHOT_GRADES, TEST_DIE, GradeScale
from rules.confrontation.shooting import difficulty as shot_difficulty
from rules.dice import D6, Die
from rules.freres.checks import CRITICAL, D10, Check
from rules.freres.damage import defence_result
from rules.freres.melee import jc_score, opposed
from rules.freres.morale import morale_outcome
from rules.siege.chapters.game_length import EARLY_END_DIE, last_turn
from rules.siege.chapters.gates import REINFORCING_MODELS, gate_kind, reinforce, starting_points, toughness
from rules.siege.chapters.ladders import pushback_need
from rules.siege.chapters.mining import SAPPING_DIE, counter_mining_die, progress
from rules.siege.chapters.rams import COVERED_SECOND_STRIKE_DAMAGE, ram_damage, ram_strength
from rules.siege.chapters.structure import StructureOutcome, damage_die, outcome, score

_COLLAPSED = -1


def _die(die: Die | None) -> Any:
    return icepool.Die([0]) if die is None else icepool.Die(die.faces)


def _meets(roll: int, need: int | None) -> bool:
    return need is not None and roll >= need


def _by_turn(start: Any, turn: Any, goal: int, turns: int) -> list[Fraction]:
    state, answers = start, []
    for _ in range(turns):
        state = state.map(turn)
        answers.append(state.probability(goal))
    return answers


def ladder_pushback(helpers: int) -> Fraction:
    return (icepool.Die(D6.faces) >= pushback_need(helpers)).probability(True)  # type: ignore[no-any-return]


def structure_hit(strength: int, damage: str, prior: int) -> dict[str, Fraction]:
    rolls = _die(damage_die(damage))
    outcomes = rolls.map(lambda roll: outcome(score(strength, roll, prior)).value)
    return {name: outcomes.probability(name) for name in outcomes}


def bombardment(strength: int, damage: str, hits_per_turn: int, turns: int, prior: int = 0) -> list[Fraction]:
    rolls = _die(damage_die(damage))

    def hit(points: int) -> Any:
        if points == _COLLAPSED:
            return _COLLAPSED

        def after(roll: int) -> int:
            row = outcome(score(strength, roll, points))
            return _COLLAPSED if row is StructureOutcome.COLLAPSE else points + row.damage_points

        return rolls.map(after)

    return _by_turn(
        icepool.Die([prior]), lambda points: icepool.Die([points]).map(hit, repeat=hits_per_turn), _COLLAPSED, turns
    )


def ram_vs_gate(
    carriers: int, carrier_strength: int, gate: str, covered: bool, turns: int, reinforced: bool = False
) -> list[Fraction]:
    kind = gate_kind(gate)
    need = wfb.to_wound(ram_strength(carriers), toughness(kind))
    per_wound = ram_damage(carrier_strength)
    d6, damage_die = icepool.Die(D6.faces), icepool.Die(per_wound.die.faces)

    def strikes(wound: int, damage: int, second: int) -> int:
        total = damage + per_wound.bonus if _meets(wound, need) else 0
        if covered and _meets(second, need):
            total += COVERED_SECOND_STRIKE_DAMAGE
        return total

    damage = icepool.map(strikes, d6, damage_die, d6 if covered else icepool.Die([0]))
    defenders = REINFORCING_MODELS if reinforced else 0

    def turn(points: int) -> Any:
        return damage.map(lambda dmg: reinforce(kind, max(0, points - dmg), defenders=defenders))

    return _by_turn(icepool.Die([starting_points(kind)]), turn, 0, turns)


def mining(target: int, counter_miners: int, turns: int) -> list[Fraction]:
    progress_die = icepool.map(progress, icepool.Die(SAPPING_DIE.faces), _die(counter_mining_die(counter_miners)))

    def turn(reached: int) -> Any:
        return reached if reached >= target else progress_die.map(lambda p: min(reached + p, target))

    return _by_turn(icepool.Die([0]), turn, target, turns)


def _wounds(count: int, hit: Any, strength: int, toughness: int, save: int | None) -> list[Fraction]:
    wound_need, save_need = wfb.to_wound(strength, toughness), wfb.modified_save(save, strength)
    d6 = icepool.Die(D6.faces)
    attack = icepool.map(lambda h, w, s: int(h and _meets(w, wound_need) and not _meets(s, save_need)), hit, d6, d6)
    wounds = attack.pool(count).sum()
    return [wounds.probability(k) for k in range(count + 1)]


def melee_wounds(
    attacks: int,
    ws: int,
    target_ws: int,
    strength: int,
    toughness: int,
    armour_save: int | None = None,
    hit_mod: int = 0,
) -> list[Fraction]:
    need = wfb.melee_to_hit(ws, target_ws, hit_mod)
    return _wounds(attacks, icepool.Die(D6.faces) >= need, strength, toughness, armour_save)


def shooting_wounds(
    shots: int, bs: int, strength: int, toughness: int, armour_save: int | None = None, modifier: int = 0
) -> list[Fraction]:
    need = wfb.shooting_to_hit(bs, modifier)
    d6 = icepool.Die(D6.faces)
    if need is not None and need > max(D6.faces):
        second = wfb.SEVEN_PLUS_SECOND_ROLL[need]
        hit = icepool.map(lambda a, b: a == max(D6.faces) and b >= second, d6, d6)
    else:
        hit = d6.map(lambda roll: _meets(roll, need))
    return _wounds(shots, hit, strength, toughness, armour_save)


def break_test(leadership: int, lost_by: int) -> Fraction:
    rolls = 2 @ icepool.Die(D6.faces)
    return rolls.map(lambda roll: wfb.break_test_passes(leadership, lost_by, roll)).probability(True)  # type: ignore[no-any-return]


def game_length() -> dict[int, Fraction]:
    turns = icepool.Die(EARLY_END_DIE.faces).map(last_turn)
    return {t: turns.probability(t) for t in turns}


def _graded(value: int, difficulty: int, scale: GradeScale) -> dict[str, Fraction]:
    grades = icepool.Die(TEST_DIE.faces).map(lambda face: scale.grade(face, face + value - difficulty).value)
    return {grade: grades.probability(grade) for grade in grades}


def confrontation_shot(shooting: int, range_band: str, modifier: int = 0) -> dict[str, Fraction]:
    return _graded(shooting, shot_difficulty(range_band) + modifier, SHOT_GRADES)


def confrontation_disengage(
    initiative: int, highest_opposing_initiative: int, opponents: int, fleeing: int, engaged_elsewhere: int = 0
) -> dict[str, Fraction]:
    target = flight.disengage_difficulty(highest_opposing_initiative, opponents, fleeing, engaged_elsewhere)
    return _graded(initiative, target, DISENGAGE_GRADES)


def confrontation_caught(
    flee_move: int,
    pursuer_move: int,
    charge_move: int,
    voluntary: bool,
    gap: int = 0,
    flee_modifier: int = 0,
    pursuit_modifier: int = 0,
) -> Fraction:
    d6 = icepool.Die(TEST_DIE.faces)
    fled = d6.map(lambda face: flight.flight_distance(flee_move, face, voluntary, flee_modifier))
    pursued = d6.map(lambda face: flight.pursuit_distance(charge_move, pursuer_move, face, pursuit_modifier))
    return icepool.map(lambda p, f: flight.caught(p, f, gap), pursued, fled).probability(True)  # type: ignore[no-any-return]


def _named(die: Any) -> dict[str, Fraction]:
    return {name: die.probability(name) for name in die}


def fda_test(characteristic: int, modifier: int = 0) -> dict[str, Fraction]:
    return _named(icepool.Die(D10.faces).map(lambda face: Check(face, characteristic, modifier).result.value))


def fda_opposed(
    attacker: int, defender: int, attacker_modifier: int = 0, defender_modifier: int = 0
) -> dict[str, Fraction]:
    attack = icepool.Die(D10.faces).map(lambda face: jc_score(face, attacker, attacker_modifier))
    defence = icepool.Die(D10.faces).map(lambda face: jc_score(face, defender, defender_modifier))
    return _named(icepool.map(lambda a, d: opposed(a, d).value, attack, defence))


def fda_shot(
    shooting: int, defence: int, hit_modifier: int = 0, damage_bonus: int = 0, defence_modifier: int = 0
) -> dict[str, Fraction]:
    def shot(face: int, defence_face: int) -> str:
        if face == CRITICAL:
            return "critical_miss"
        if not Check(face, shooting, hit_modifier).succeeded:
            return "miss"
        row = defence_result(face + shooting + damage_bonus, defence_face, defence + defence_modifier)
        return "killed" if row is None else row.value

    d10 = icepool.Die(D10.faces)
    return _named(icepool.map(shot, d10, d10))


def fda_morale(morale: int, modifier: int = 0) -> dict[str, Fraction]:
    def outcome(face: int) -> str:
        row = morale_outcome(Check(face, morale, modifier))
        return "passed" if row is None else row.value

    return _named(icepool.Die(D10.faces).map(outcome))
