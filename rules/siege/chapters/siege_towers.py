"""Siege towers (*tours de siège*, §7.3): crew, structure, movement, assault, collapse.

>>> tower_move(10), tower_move(8), tower_move(7)
(20, 15, 0)
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.dice import D6, Dice, reason
from rules.siege.board.engines import TOWER_STRUCTURE_POINTS
from rules.siege.board.state import (
    SIEGE_TOWER_HOLDS,
    BattleState,
    Event,
    IllegalAction,
    Model,
    Place,
    Side,
    SiegeTower,
    Zone,
    check_distinct,
    check_quota,
)
from rules.siege.board.values import replace
from rules.siege.chapters.belfry.belfry import LEVELS, level_place
from rules.siege.chapters.hits import Save, hit_models, save_or_suffer
from rules.validation import check_range

__all__ = [
    "AFTER_WIN",
    "CREW",
    "HEAVY_COVER_LOST_AFTER",
    "STRUCTURE_POINTS",
    "TOUGHNESS",
    "assault_sections",
    "crew_strength",
    "damage_tower",
    "disembark_after_win",
    "has_heavy_cover",
    "may_push",
    "push_tower",
    "tower_move",
]

CREW = 10  # §7.3.1
TOUGHNESS = 9
STRUCTURE_POINTS = TOWER_STRUCTURE_POINTS  # §7.3.2
HEAVY_COVER_LOST_AFTER = 3
"""The tower's heavy cover is gone once it has taken 3 structure points (§7.3.2)."""
COLLAPSE_FALLS_ON = 2
"""A tower at 0 falls over on a D6 of 1–2, hitting models beneath at S4 (§7.3.2)."""
FALL_HIT = 4
FULL_MOVE, SLOW_MOVE = 20, 15
SLOW_CREW = 8
AFTER_WIN = 2
"""After a won combat, 2 more models come out of the tower (§7.3.4)."""


def tower_move(crew: int) -> int:
    """The tower's move in cm: 20 with 10 crew, 15 with 8 or 9, none below 8 (§7.3.3)."""
    check_range("crew", crew, 0, SIEGE_TOWER_HOLDS)
    return FULL_MOVE if crew >= CREW else SLOW_MOVE if crew >= SLOW_CREW else 0


def has_heavy_cover(tower: SiegeTower) -> bool:
    """Heavy cover for those inside until it has lost 3 structure points (§7.3.2)."""
    return STRUCTURE_POINTS - tower.structure_points < HEAVY_COVER_LOST_AFTER


def crew_strength(state: BattleState, tower: SiegeTower) -> int:
    """The crew pushing the tower from inside it, each counted as its ratio (§7.3.1, §12.1.4)."""
    inside = Place(Zone.SIEGE_TOWER, tower.id)
    by_id = state.by_id
    return sum(by_id[c].profile.ratio for c in tower.crew if c in by_id and by_id[c].place == inside)


def may_push(state: BattleState, tower: SiegeTower) -> int:
    """How far the crew may push ``tower`` this turn, in cm: none once it stands against a rampart, has collapsed
    or was pushed this turn, else its move (:func:`tower_move`, §7.3.3)."""
    if tower.section is not None or tower.collapsed or tower.id in state.turn_log.towers_pushed:
        return 0
    return tower_move(crew_strength(state, tower))


def assault_sections(state: BattleState, tower_id: str) -> tuple[str, ...]:
    """The wall and tower sections ``tower_id`` may come up against: standing, with no other siege tower against
    them (§7.3.4: « Jusqu'à une tour de siège peut livrer un assaut sur une section »)."""
    taken = {t.section for t in state.siege_towers if t.id != tower_id}
    works = {w.section: w for w in state.works}
    return tuple(
        s.id
        for s in state.fort.sections
        if s.is_rampart and s.id not in taken and not (s.id in works and works[s.id].collapsed)
    )


def push_tower(state: BattleState, tower_id: str, distance: int, section: str | None = None) -> BattleState:
    """The crew push the tower ``distance`` cm towards the walls, up against rampart ``section`` if given (§7.3.3,
    §7.3.4): once a turn, 1 to 20 cm, 15 with 8 or 9 crew, not at all with fewer; one tower a section. A tower
    against a rampart has come to the end of its way.
    """
    tower = state.siege_tower(tower_id)
    if tower.collapsed:
        raise IllegalAction("tower_collapsed", "§7.3.2", tower=tower_id)
    if tower.section is not None:
        raise IllegalAction("tower_against_rampart", "§7.3.3", tower=tower_id, section=tower.section)  # §7.3.4
    log = state.turn_log
    if tower_id in log.towers_pushed:
        raise IllegalAction("tower_pushed_already", "§7.3.3", tower=tower_id, turn=state.turn, most=FULL_MOVE)
    crew = crew_strength(state, tower)
    allowed = tower_move(crew)
    if not allowed:
        raise IllegalAction("tower_immobilised", "§7.3.3", tower=tower_id, crew=crew, least=SLOW_CREW)
    # §7.3.3: a push moves the tower forward, up to its move; a push of nothing or backwards is no move
    if not 1 <= distance <= allowed:
        raise IllegalAction("tower_push_distance", "§7.3.3", tower=tower_id, crew=crew, most=allowed, distance=distance)
    if section is not None and section not in assault_sections(state, tower_id):
        if not state.fort.section(section).is_rampart:
            raise IllegalAction("tower_assaults_ramparts", "§7.3.4", section=section)
        if state.works_of(section).collapsed:
            raise IllegalAction("tower_rampart_collapsed", "§7.3.4", section=section)  # §5.9
        raise IllegalAction("section_has_tower", "§7.3.4", section=section)
    state = replace(state, turn_log=replace(log, towers_pushed=log.towers_pushed | {tower_id}))
    return state.with_siege_tower(replace(tower, section=section))


def disembark_after_win(state: BattleState, tower_id: str, models: Sequence[str]) -> BattleState:
    """Having won the combat on the tower's section this turn, 2 more models come out; they fight in the next
    close-combat phase, not in this one (§7.3.4)."""
    tower = state.siege_tower(tower_id)
    if tower.section is None:
        raise IllegalAction("tower_not_against_rampart", "§7.3.4", tower=tower_id)
    result = state.result(tower.section)
    if result is None or result.winner is not Side.BESIEGER:
        raise IllegalAction("tower_combat_not_won", "§7.3.4", section=tower.section)
    check_distinct(models, "§7.3.4")
    if len(models) > AFTER_WIN:
        raise IllegalAction("after_win_too_many", "§7.3.4", most=AFTER_WIN, named=len(models))
    inside = Place(Zone.SIEGE_TOWER, tower_id)
    outside = tuple(m for m in models if state.model(m).place != inside)
    if outside:
        raise IllegalAction("not_in_the_tower", "§7.3.4", models=outside, tower=tower_id)
    if not result.settled:
        # « juste après »
        raise IllegalAction("besieged_react_before_landing", "§7.3.4", section=tower.section)
    log = state.turn_log
    if tower.section not in log.fought:
        # §7.3.4 « parviennent à remporter le combat … débarquer immédiatement »: a win of this turn, not of a
        # turn before (the last result on a section stays until the next combat there)
        raise IllegalAction("won_in_an_earlier_turn", "§7.3.4", section=tower.section)
    if tower_id in log.disembarked:
        raise IllegalAction("landed_already", "§7.3.4", tower=tower_id, most=AFTER_WIN)
    check_quota(state, tower.section, [state.model(m) for m in models], "§7.3.4")
    on = Place(Zone.SECTION, tower.section)
    # §7.3.4: « le corps-à-corps s'effectuera à la prochaine phase de mêlée »
    log = replace(log, disembarked=log.disembarked | {tower_id}, landed=log.landed | set(models))
    state = replace(state, turn_log=log)
    return state.with_models({m: replace(state.model(m), place=on) for m in models})


def _inside(state: BattleState, tower_id: str) -> list[Model]:
    """Everyone in the tower, on each level of it when it is a belfry (R16)."""
    places = {Place(Zone.SIEGE_TOWER, tower_id), *(level_place(tower_id, n) for n in LEVELS)}
    return [m for m in state.models if m.place in places]


def damage_tower(state: BattleState, tower_id: str, points: int, dice: Dice) -> tuple[BattleState, list[Event]]:
    """``points`` on a siege tower; at 0 it collapses (§7.3.2): on a D6 of 1–2 it falls, hitting every model at
    its foot at S4; everyone inside takes a basic save without shield or dies.
    """
    tower = state.siege_tower(tower_id)
    left = max(0, tower.structure_points - points)
    state = state.with_siege_tower(replace(tower, structure_points=left))
    events = [Event("tower_damage", "§7.3.2", {"tower": tower_id, "damage": points, "left": left})]
    if left or tower.collapsed:
        return state, events
    inside = [m.id for m in _inside(state, tower_id)]
    state, more, _ = save_or_suffer(
        state, inside, dice, f"§7.3.2 siege tower {tower_id} collapses", "§7.3.2", wounds=None
    )
    events.extend(more)
    if (
        tower.section is not None
        and dice.roll(D6, reason("tower_falls", "§7.3.2", tower=tower_id)) <= COLLAPSE_FALLS_ON
    ):
        below = [m.id for m in state.at(Place(Zone.FOOT, tower.section))]
        state, more, _ = hit_models(
            state, below, FALL_HIT, dice, f"§7.3.2 tower {tower_id} falls", "§7.3.2", save=Save.NORMAL
        )
        events.extend(more)
    survivors = _inside(state, tower_id)
    foot = Place(Zone.FOOT, tower.section) if tower.section is not None else Place(Zone.FIELD, tower_id)
    state = state.with_models({m.id: replace(m, place=foot) for m in survivors})
    state = state.with_siege_tower(replace(state.siege_tower(tower_id), collapsed=True, section=None, crew=()))
    return state, events
