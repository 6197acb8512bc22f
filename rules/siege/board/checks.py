"""The checks an action makes before it plays: the occupancy quotas of the sections (§1.7, R15), models bound to
something else this turn, and a model named twice.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from rules.fast.members import SECTION
from rules.siege.board.fort import SectionKind
from rules.siege.board.places import IllegalAction, Model, Place, Side

if TYPE_CHECKING:
    from rules.siege.board.state import BattleState

__all__ = [
    "LADDER_HOLDS",
    "QUOTA_PER_SIDE",
    "SIEGE_TOWER_HOLDS",
    "bound",
    "check_distinct",
    "check_may_act",
    "check_quota",
    "quota",
    "room_left",
    "within_quota",
]


QUOTA_PER_SIDE: Mapping[SectionKind, int] = MappingProxyType(
    {
        # §1.7, R15
        SectionKind.COURTYARD: 30,
        SectionKind.WALL_WALK: 15,
        SectionKind.TOWER: 15,
        SectionKind.STAIRS: 15,
    }
)
LADDER_HOLDS = 4  # §7.1.5
SIEGE_TOWER_HOLDS = 15  # §7.3.4


def quota(kind: SectionKind) -> int:
    """Models a side may have on a section of this kind (§1.7, R15); both sides together hold twice that."""
    return QUOTA_PER_SIDE[kind]


def room_left(state: BattleState, section: str, side: Side) -> int:
    """How many more ``side`` models (counted with their ratio) the quota of ``section`` takes (§1.7, R15)."""
    return quota(state.fort.section(section).kind) - state.occupancy(Place(SECTION, section), side)


def within_quota(state: BattleState, section: str, models: Iterable[Model]) -> tuple[list[Model], list[Model]]:
    """``models`` in order, split into those the quota of ``section`` takes and those it does not (§1.7, R15): each
    comes as long as its ratio still fits.
    """
    taken: list[Model] = []
    left: list[Model] = []
    room = -1
    for model in models:
        if room < 0:
            room = room_left(state, section, model.side)
        if model.profile.ratio <= room:
            taken.append(model)
            room -= model.profile.ratio
        else:
            left.append(model)
    return taken, left


def bound(state: BattleState) -> frozenset[str]:
    """The models :func:`check_may_act` refuses whatever they would do this turn, for the menus to leave out:
    reinforcing a gate (§6.4), just out of a mine (§10.1, §10.2), at a belfry's winches or stunned by its drawbridge
    (001 §8). Kept with the state."""
    memo = state.memo
    found: frozenset[str] | None = memo.get(bound)
    if found is None:
        ids = set(state.turn_log.deployed)
        for gate in state.gates:
            ids.update(gate.reinforcers)
        for belfry in state.belfries:
            ids.update(belfry.winchers)
            ids.update(belfry.stunned)
        found = memo[bound] = frozenset(ids)
    return found


def check_may_act(state: BattleState, model_ids: Iterable[str], what: str) -> None:
    """Refuse ``what`` (a deed, ``"fight"``, ``"strike a gate"``: a fact the pages word) to models bound to do
    nothing else this turn (:func:`bound`), naming why."""
    ids = set(model_ids)
    if ids.isdisjoint(bound(state)):
        return
    if state.belfries:
        winching = tuple(sorted({m for b in state.belfries for m in b.winchers} & ids))
        if winching:
            raise IllegalAction("at_the_winches", "001 §8", models=winching, what=what)
        stunned = tuple(sorted({m for b in state.belfries for m in b.stunned} & ids))
        if stunned:
            raise IllegalAction("stunned_by_drawbridge", "001 §8", models=stunned, what=what)
    for gate in state.gates:
        if not ids.isdisjoint(gate.reinforcers):
            reinforcing = tuple(sorted({m for g in state.gates for m in g.reinforcers} & ids))
            raise IllegalAction("reinforcing_a_gate", "§6.4", models=reinforcing, what=what)
    deployed = tuple(sorted(state.turn_log.deployed & ids)) if state.turn_log.deployed else ()
    if deployed:
        clause = "§10.2" if state.model(deployed[0]).side is Side.BESIEGED else "§10.1"
        raise IllegalAction("out_of_the_mine", clause, models=deployed, what=what)


def check_quota(state: BattleState, section: str, models: Iterable[Model], clause: str) -> None:
    """Refuse ``models`` coming onto ``section`` beyond their side's quota (§1.7, R15), whichever way they come."""
    coming = list(models)
    if not coming:
        return
    weight = sum(m.profile.ratio for m in coming)
    left = room_left(state, section, coming[0].side)
    if weight > left:
        most = quota(state.fort.section(section).kind)
        side = coming[0].side.value
        # §1.7, and the rule that brings them (clause)
        raise IllegalAction(
            "quota_passed", "§1.7", section=section, held=most - left, side=side, coming=weight, most=most, by=clause
        )


def check_distinct(model_ids: Iterable[str], clause: str) -> None:
    """Refuse a list of models that names one twice: it would act, or count towards a number, twice."""
    model_ids = model_ids if isinstance(model_ids, tuple | list) else list(model_ids)
    if len(set(model_ids)) == len(model_ids):
        return
    twice = tuple(sorted(model_id for model_id, named in Counter(model_ids).items() if named > 1))
    if twice:
        raise IllegalAction("named_twice", clause, models=twice)
