"""Structure damage to wall and tower sections (*dommages de structures*, §5.9, Table 3) and template hits (§5.10).

Damage is counted per section (or tower level). A hit scores its strength, plus the roll of its damage die when the
weapon does multiple damage, plus the damage points the section already has (R5); the score's row in Table 3 says
what happens and how many damage points the section takes::

    >>> outcome(score(7, 3, 3))
    <StructureOutcome.SHAKEN: 'shaken'>
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType

from rules.dice import D2, D3, D4, D6, Dice, Die, reason
from rules.siege.board.fort import Connection, ConnectionKind, SectionKind
from rules.siege.board.profiles import TroopType
from rules.siege.board.state import BattleState, Event, IllegalAction, Place, Zone
from rules.siege.board.values import replace
from rules.siege.chapters.hits import Save, hit_models
from rules.validation import check_choice, check_range

__all__ = [
    "COLLAPSE_SCORE",
    "DAMAGE_DICE",
    "THRESHOLDS",
    "StructureOutcome",
    "add_damage",
    "breach_courtyard",
    "check_not_silenced",
    "damage_die",
    "hit_section",
    "main_gate_wall",
    "outcome",
    "score",
    "template_strength",
]


class StructureOutcome(Enum):
    """A row of Table 3 (§5.9); :attr:`damage_points` is what it adds to the section (R5)."""

    NO_EFFECT = "no_effect"  # pas d'effet
    SHAKEN = "shaken"  # ébranlé
    SEVERELY_SHAKEN = "severely_shaken"  # sévèrement ébranlé
    RAMPART_DESTROYED = "rampart_destroyed"  # rempart détruit
    PARTIAL_COLLAPSE = "partial_collapse"  # effondrement partiel
    COLLAPSE = "collapse"  # effondrement: the section becomes a breach

    @property
    def damage_points(self) -> int:
        return _DAMAGE_POINTS[self]

    @property
    def lowest_score(self) -> int:
        """The lowest score giving this outcome."""
        return _LOWEST_SCORE[self]


_DAMAGE_POINTS: Mapping[StructureOutcome, int] = MappingProxyType(
    {
        StructureOutcome.NO_EFFECT: 0,
        StructureOutcome.SHAKEN: 1,
        StructureOutcome.SEVERELY_SHAKEN: 1,
        StructureOutcome.RAMPART_DESTROYED: 2,
        StructureOutcome.PARTIAL_COLLAPSE: 2,
        # The section is gone; no later hit reads its points.
        StructureOutcome.COLLAPSE: 0,
    }
)

# §5.9 Table 3: 2-12, 13, 14-15, 16-17, 18, 19+.
_LOWEST_SCORE: Mapping[StructureOutcome, int] = MappingProxyType(
    {
        StructureOutcome.NO_EFFECT: 2,
        StructureOutcome.SHAKEN: 13,
        StructureOutcome.SEVERELY_SHAKEN: 14,
        StructureOutcome.RAMPART_DESTROYED: 16,
        StructureOutcome.PARTIAL_COLLAPSE: 18,
        StructureOutcome.COLLAPSE: 19,
    }
)

_OUTCOMES = tuple(StructureOutcome)
THRESHOLDS = tuple(o.lowest_score for o in _OUTCOMES[1:])
"""The scores from which each outcome after ``no_effect`` applies, in :class:`StructureOutcome` order."""
COLLAPSE_SCORE = _LOWEST_SCORE[StructureOutcome.COLLAPSE]

DAMAGE_DICE: Mapping[str, Die | None] = MappingProxyType({"1": None, "D2": D2, "D3": D3, "D4": D4, "D6": D6})
"""A weapon's damage: ``"1"`` for single damage, which adds nothing to the score (§5.9), or the die it adds."""


def damage_die(damage: str) -> Die | None:
    """The die a weapon's ``damage`` adds to the score, ``None`` for single damage."""
    return DAMAGE_DICE[check_choice("damage", damage, DAMAGE_DICE)]


def score(strength: int, damage_roll: int, prior: int) -> int:
    """A hit's score on Table 3: strength + damage roll (0 for single damage) + the section's damage points."""
    # R5
    check_range("strength", strength, 1, 10)
    check_range("damage_roll", damage_roll, 0, 6)
    check_range("prior", prior, 0)
    return strength + damage_roll + prior


def outcome(score: int) -> StructureOutcome:
    """The Table 3 row for ``score`` (§5.9)."""
    # A S1 single-damage hit on an undamaged section scores 1, below the table's 2: no effect.
    check_range("score", score, 1)
    return _OUTCOMES[bisect_right(THRESHOLDS, score)]


def template_strength(strength: int, *, with_models: bool) -> int:
    """A template weapon aimed at the structure and the models under it lobs its shot: S−1 for both (§5.10, R5)."""
    check_range("strength", strength, 1, 10)
    return strength - 1 if with_models else strength


SILENCE_NEED: Mapping[StructureOutcome, int] = MappingProxyType(
    {
        # §5.9 Table 3: the D6 that stops the section's shooting and engineering next turn; 1 is "always"
        StructureOutcome.SEVERELY_SHAKEN: 4,
        StructureOutcome.RAMPART_DESTROYED: 2,
        StructureOutcome.PARTIAL_COLLAPSE: 1,
    }
)
SILENCED_TURNS = 2
"""The rest of this player turn and the next one (§5.9 *lors du prochain tour*)."""
RAMPART_DESTROYED_VICTIMS = D4
COLLAPSE_HIT = 5
ADJACENT_HIT = 3
FALLING_RAMPART_HIT = 4


def check_not_silenced(state: BattleState, section: str, what: str) -> None:
    """Refuse shooting or engineering from a section Table 3 has shaken into silence (§5.9)."""
    works = state.works_of(section)
    if works.silenced:
        raise IllegalAction("section_silenced", "§5.9", section=section, activity=what)


def breach_courtyard(state: BattleState, section: str) -> str:
    """The courtyard section a breach in ``section`` opens on: the nearest one (§5.9)."""
    wall = state.fort.section(section)
    courtyards = [s for s in state.fort.sections if s.kind is SectionKind.COURTYARD]
    return min(courtyards, key=lambda c: math.dist((c.x, c.y), (wall.x, wall.y))).id


def main_gate_wall(state: BattleState, gate_id: str) -> str:
    """The rampart section a gate stands in: the wall or tower section nearest to it (§5.5, §5.6, §10.3.1)."""
    gate = next(g for g in state.fort.gates if g.id == gate_id)
    ramparts = [s for s in state.fort.sections if s.is_rampart]
    return min(ramparts, key=lambda s: math.dist((s.x, s.y), (gate.x, gate.y))).id


def add_damage(state: BattleState, section: str, points: int) -> BattleState:
    """``points`` structure damage points on ``section`` without a roll on Table 3 (§10.3.1: undermining)."""
    works = state.works_of(section)
    return state.with_works(replace(works, damage=works.damage + points))


def hit_section(
    state: BattleState,
    section: str,
    strength: int,
    damage: str,
    dice: Dice,
    cause: str,
    *,
    by_model: str | None = None,
) -> tuple[BattleState, list[Event]]:
    """One hit of ``strength`` and ``damage`` (``"1"``, ``"D3"``…) on a rampart section, resolved on Table 3 with
    every effect (§5.9, R5), struck by ``cause`` (a word of the engine: ``"shot"`` by ``by_model``,
    ``"war_machine"``, ``"earthquake"``). Hits on one section resolve one after another: call this once per hit.
    """
    rampart = state.fort.section(section)
    if not rampart.is_rampart:
        raise IllegalAction("structure_not_a_rampart", "§5.9", section=section, kind=rampart.kind.value)
    works = state.works_of(section)
    if works.collapsed:
        raise IllegalAction("collapsed_into_breach", "§5.9", section=section)
    die = damage_die(damage)
    roll = 0 if die is None else dice.roll(die, reason("structure_damage_roll", "§5.9", cause=cause, section=section))
    total = score(strength, roll, works.damage)
    result = outcome(total)
    works = replace(works, damage=works.damage + result.damage_points)
    events = [
        Event(
            "structure_damage",
            "§5.9",
            {
                "cause": cause,
                "by_model": by_model,
                "section": section,
                "strength": strength,
                "roll": roll,
                "score": total,
                "result": result.value,
            },
        )
    ]
    need = SILENCE_NEED.get(result)
    if need is not None and (need == 1 or dice.roll(D6, reason("section_shaken", "§5.9", section=section)) >= need):
        works = replace(works, silenced=SILENCED_TURNS)
        events.append(Event("silenced", "§5.9", {"section": section}))
    state = state.with_works(works)
    here = [m.id for m in state.at(section)]
    if result is StructureOutcome.RAMPART_DESTROYED:
        victims = dice.roll(RAMPART_DESTROYED_VICTIMS, reason("rampart_falls_victims", "§5.9", section=section))
        state, more, _ = hit_models(
            state, here[:victims], FALLING_RAMPART_HIT, dice, "falling_rampart", "§5.9", save=Save.NONE, section=section
        )
        events.extend(more)
    elif result is StructureOutcome.PARTIAL_COLLAPSE:
        state, more, _ = hit_models(
            state, here, FALLING_RAMPART_HIT, dice, "falling_rampart", "§5.9", save=Save.NONE, section=section
        )
        events.extend(more)
    elif result is StructureOutcome.COLLAPSE:
        state, more = _collapse(state, section, dice)
        events.extend(more)
    return state, events


def _collapse(state: BattleState, section: str, dice: Dice) -> tuple[BattleState, list[Event]]:
    """§5.9 19+: the section falls into a breach, a courtyard connection (R5)."""
    here = [m.id for m in state.at(section)]
    state, events, _ = hit_models(state, here, COLLAPSE_HIT, dice, "collapse", "§5.9", save=Save.NONE, section=section)
    machines = {m.id: None for m in state.at(section) if m.profile.troop_type is TroopType.WAR_MACHINE}
    state = state.with_models(machines)
    fallen_ladders = [x for x in state.ladders if x.section == section]
    foot = Place(Zone.FOOT, section)
    climbers = [m for x in fallen_ladders for m in state.at(Place(Zone.LADDER, x.id))]
    state = state.with_models({m.id: replace(m, place=foot) for m in climbers})
    for ladder in fallen_ladders:
        state = state.with_ladder(None, ladder.id)
    near = [m.id for n in state.fort.neighbours(section) for m in state.at(n)] + [m.id for m in state.at(foot)]
    state, more, _ = hit_models(
        state, near, ADJACENT_HIT, dice, "collapse_nearby", "§5.9", save=Save.NONE, section=section
    )
    events.extend(more)
    courtyard = breach_courtyard(state, section)
    fort = replace(
        state.fort, connections=(*state.fort.connections, Connection(section, courtyard, ConnectionKind.BREACH))
    )
    state = replace(state, fort=fort).with_works(
        replace(state.works_of(section), collapsed=True, stones=0, rocks=0, braziers=())
    )
    events.append(Event("breach", "§5.9", {"section": section, "courtyard": courtyard}))
    return state, events
