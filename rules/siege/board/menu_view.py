"""The battle state as the menus of :mod:`rules.siege.menus.legal` read it: each side's models by place, who is ready or
spent this turn, the fort's ramparts and courtyards. Each piece is sorted out the first time a menu asks, but the
models by side and place, which the state keeps and nearly every menu reads.
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping

from rules.fast.members import BESIEGED, BESIEGER, COURTYARD, FIELD, FOOT, SECTION, WAR_MACHINE
from rules.siege.board.checks import bound
from rules.siege.board.fort import SectionKind
from rules.siege.board.places import place_of
from rules.siege.board.state import BattleState, Model, Place, Side
from rules.siege.board.values import derived

_RAMPARTS = (SectionKind.WALL_WALK, SectionKind.TOWER)

__all__ = ["MenuView", "bought", "section_place", "war_machines"]


class MenuView:
    """The state sorted for the menus: the models by place, who is ready or spent this turn."""

    def __init__(self, state: BattleState) -> None:
        # The state sorted. A view is kept in its state's memo, so it refers to it weakly: a strong reference would
        # make each state and its view a cycle, left for the garbage collector instead of freed with the state. A
        # proxy, read as the state itself, rather than a reference called at each read through a property.
        self.state: BattleState = weakref.proxy(state)
        self._by_side: Mapping[Side, Mapping[Place, tuple[Model, ...]]] = state.by_side_and_place
        self._ready: dict[Side, dict[Place, tuple[str, ...]]] = {BESIEGER: {}, BESIEGED: {}}
        self._ready_by_place: dict[Side, dict[Place, tuple[str, ...]]] = {}

    @derived
    def by_place(self) -> Mapping[Place, tuple[Model, ...]]:
        return self.state.by_place

    @derived
    def spent(self) -> frozenset[str]:
        log = self.state.turn_log
        return log.moved | log.rallied | log.blockers

    @derived
    def bound(self) -> frozenset[str]:
        """Models bound to do nothing else this turn: reinforcing a gate (§6.4), out of a mine, at a belfry's winches
        or stunned by its drawbridge (:func:`~rules.siege.board.checks.bound`)."""
        return bound(self.state)

    @derived
    def _unready(self) -> frozenset[str]:
        """Models that may not act: spent this turn, just come up from the mine (§10.1, §10.2), engaged, blocking or
        bound to something else."""
        state = self.state
        log = state.turn_log
        return log.moved | log.rallied | log.blockers | log.deployed | state.engaged | state.blockers | self.bound

    def by_side(self, side: Side) -> Mapping[Place, tuple[Model, ...]]:
        """The places where ``side`` has models, with them."""
        return self._by_side[side]

    def side_at(self, place: Place, side: Side) -> tuple[Model, ...]:
        return self._by_side[side].get(place, ())

    def ready(self, place: Place, side: Side) -> tuple[str, ...]:
        """Models of ``side`` at ``place`` free to act: not fleeing, engaged, blocking, nor moved this turn."""
        known = self._ready[side]
        found = known.get(place)
        if found is None:
            here = self._by_side[side].get(place)
            if not here:
                return ()
            unready = self._unready
            found = known[place] = tuple([m.id for m in here if not m.fleeing and m.id not in unready])
        return found

    def ready_by_place(self, side: Side) -> Mapping[Place, tuple[str, ...]]:
        """Each place where ``side`` stands, in the order of :attr:`by_place`, with its models free to act (none,
        maybe)."""
        found = self._ready_by_place.get(side)
        if found is None:
            known, unready = self._ready[side], self._unready
            found = self._ready_by_place[side] = {}
            for place, here in self._by_side[side].items():
                ready = known.get(place)
                if ready is None:
                    ready = known[place] = tuple([m.id for m in here if not m.fleeing and m.id not in unready])
                found[place] = ready
        return found

    def ready_outside(self, side: Side) -> tuple[str, ...]:
        """The models of ``side`` at the foot of the walls or on the field free to act, in the order of
        :attr:`by_place`."""
        ready = self.ready
        found: list[str] = []
        for place in self._by_side[side]:
            zone = place.zone
            if zone is FOOT or zone is FIELD:
                found += ready(place, side)
        return tuple(found)

    @derived
    def on_field(self) -> tuple[Place, ...]:
        """The places on the field where the besieger has models, in the order of :attr:`by_place`."""
        return tuple([p for p in self._by_side[BESIEGER] if p.zone is FIELD])

    @derived
    def outside(self) -> tuple[Place, ...]:
        """The places at the foot of the walls or on the field where the besieger has models, in the order of
        :attr:`by_place`."""
        return tuple([p for p in self._by_side[BESIEGER] if p.zone is FOOT or p.zone is FIELD])

    def sections(self, *kinds: SectionKind) -> tuple[str, ...]:
        """The fort's sections of ``kinds``, in the layout's order, kept with the fort."""
        memo = self.state.fort.memo
        found: tuple[str, ...] | None = memo.get(kinds)
        if found is None:
            found = memo[kinds] = tuple(s.id for s in self.state.fort.sections if s.kind in kinds)
        return found

    @property
    def ramparts(self) -> tuple[str, ...]:
        return self.sections(*_RAMPARTS)

    @property
    def courtyards(self) -> tuple[str, ...]:
        return self.sections(COURTYARD)


def war_machines(state: BattleState) -> tuple[str, ...]:
    """The besieger's war machines, in the order of the models (§5.7). A model's side and profile never change and a
    battle under way only loses models: the war machines among all the models :attr:`BattleState.rank` ranks (kept
    by the copies that move, wound or remove models) are looked for once and kept with the fort, then those still
    in the battle looked up by id."""
    rank = state.rank
    memo = state.fort.memo
    known: tuple[Mapping[str, int], tuple[str, ...]] | None = memo.get(war_machines)
    if known is None or known[0] is not rank:
        models = state.models
        found = tuple([m.id for m in models if m.side is BESIEGER and m.profile.troop_type is WAR_MACHINE])
        if len(models) < len(rank):  # some ranked models already gone: their kind is not known
            return found
        memo[war_machines] = known = (rank, found)
    by_id = state.by_id
    return tuple([m for m in known[1] if m in by_id])


def section_place(ref: str) -> Place:
    """The fort's section ``ref`` as a place."""
    return place_of(SECTION, ref)


def bought(state: BattleState, side: Side) -> tuple[str, ...]:
    budget = state.budget(side)
    return () if budget is None else budget.bought
