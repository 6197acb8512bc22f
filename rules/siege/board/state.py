"""The battle state of a siege: where every model stands, the engines against the walls, and the turn.

The state is a value. An action (:mod:`rules.siege.actions`) played by :func:`rules.siege.game.apply` takes a state
(and the :class:`~rules.dice.Dice` it rolls with) and returns an :class:`Outcome`: the new state, the events to show
and the rolls it made. An action the rules forbid raises :class:`IllegalAction` naming the clause; the old state is
untouched. The state knows whose turn it is and at which :class:`Phase`.

Who and where (:class:`Side`, :class:`Place`, :class:`Model`…) live in :mod:`rules.siege.board.places`, the turn's log
and combat results in :mod:`rules.siege.board.turn_log`, the quota and other checks in :mod:`rules.siege.board.checks`;
they are named here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from rules.dice import Dice, Roll
from rules.fast import set_fields
from rules.fast.members import BESIEGED, BESIEGER
from rules.siege.board.checks import (
    LADDER_HOLDS,
    QUOTA_PER_SIDE,
    SIEGE_TOWER_HOLDS,
    check_distinct,
    check_may_act,
    check_quota,
    quota,
    room_left,
    within_quota,
)
from rules.siege.board.engines import Belfry, Budget, Climb, Fire, GateStatus, Ladder, Mine, Ram, SiegeTower, Works
from rules.siege.board.fort import FortLayout, SectionKind
from rules.siege.board.places import IllegalAction, Model, Phase, Place, SetupTurn, Side, Zone
from rules.siege.board.turn_log import CombatResult, Event, TurnLog
from rules.siege.board.values import derived, replace, scratch

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

__all__ = [
    "LADDER_HOLDS",
    "QUOTA_PER_SIDE",
    "SIEGE_TOWER_HOLDS",
    "BattleState",
    "Climb",
    "CombatResult",
    "Event",
    "IllegalAction",
    "Ladder",
    "Model",
    "Outcome",
    "Phase",
    "Place",
    "SetupTurn",
    "Side",
    "SiegeTower",
    "TurnLog",
    "Zone",
    "as_copies",
    "check_distinct",
    "check_may_act",
    "check_quota",
    "end_turn",
    "first_phase",
    "new_battle",
    "outcome",
    "quota",
    "room_left",
    "standing_strength",
    "within_quota",
]


@dataclass(frozen=True)
class BattleState:
    """A siege battle at one moment: the fort, the models, the engines against the walls and the turn."""

    fort: FortLayout
    models: tuple[Model, ...]
    ladders: tuple[Ladder, ...] = ()
    siege_towers: tuple[SiegeTower, ...] = ()
    turn: int = 1
    active: Side = Side.BESIEGED
    first: Side = Side.BESIEGED
    """the besieged plays first (§16)."""
    turn_log: TurnLog = field(default_factory=TurnLog)
    results: tuple[CombatResult, ...] = ()
    """the last close-combat result of each section."""
    contacts: frozenset[tuple[str, str]] = frozenset()
    """pairs of models (one of each side) engaged in close combat."""
    magic_protection: bool = True
    """the fort's magical protection (§13.2), which ethereal creatures must cross (§12.4)."""
    works: tuple[Works, ...] = ()
    """rampart sections with damage or defences (§5.9, §8); the others are whole and bare."""
    gates: tuple[GateStatus, ...] = ()
    rams: tuple[Ram, ...] = ()
    fires: tuple[Fire, ...] = ()
    mine: Mine | None = None
    budgets: tuple[tuple[Side, Budget], ...] = ()
    heroism_tokens: int = 0
    """the besieged's heroism tokens (§15, R13)."""
    last_turn: int | None = None
    """the game's last turn once rolled for at the end of the besieger's turn 5 (§16, R10)."""
    over: bool = False
    fallen: tuple[Model, ...] = ()
    """models removed as casualties, as they last stood, for the victory points (§17)."""
    unit_braziers: tuple[str, ...] = ()
    """the besieger's units of shooters each given a brazier for flaming shots (§9.1.1)."""
    climbs: tuple[Climb, ...] = ()
    """giants on the wall and the models blocking them (§12.1.5)."""
    phase: Phase = Phase.SETUP
    """the step of the turn; a state stored before it was recorded reads as in its movement step."""
    belfries: tuple[Belfry, ...] = ()
    """siege towers played as the belfry of 001, by the battle's option (R16)."""
    belfry_overload: bool = False
    """the overload option of 001 §4.2 (R16): the pushers needed depend on the models aboard."""
    setup_turn: SetupTurn = SetupTurn.WALLS
    """whose part of the set-up is played (§16): the besieged's walls, the besieger's field, the besieged's
    courtyards; ``SHARED`` for a battle logged when one end of the step ended the set-up for both."""

    # The indexes below are derived from the fields, built on first use and kept out of equality, hashing, repr
    # and JSON: the state stays a value. A copy whose models (contacts) are the same keeps them (values.replace).
    _DERIVED_FROM: ClassVar[dict[str, tuple[str, ...]]] = {
        "by_id": ("models",),
        "by_place": ("models",),
        "by_side_and_place": ("models",),
        "rank": ("models",),
        "engaged": ("contacts",),
        "blockers": ("gates", "ladders", "works", "climbs"),
        "named": ("ladders", "rams", "siege_towers", "belfries", "gates", "works"),
        "ways": ("fort", "ladders", "siege_towers", "belfries"),
    }

    @scratch
    def memo(self) -> dict[object, Any]:
        """What other modules work out from this state and keep with it (the parts of its menu), by their own
        keys: filled on demand, never part of the value."""
        return {}

    @derived
    def ways(self) -> dict[object, Any]:
        """What other modules work out from the fort, the ladders, the siege towers and the belfries alone (where
        a place leads), by their own keys: filled on demand, kept by the copies where those stay the same."""
        return {}

    @derived
    def by_id(self) -> Mapping[str, Model]:
        """The models by id."""
        return {m.id: m for m in self.models}

    @derived
    def by_place(self) -> Mapping[Place, tuple[Model, ...]]:
        """The models at each place where some stand, in the order of :attr:`models`."""
        found: dict[Place, list[Model]] = {}
        for model in self.models:
            here = found.get(model.place)
            if here is None:
                found[model.place] = [model]
            else:
                here.append(model)
        return {place: tuple(models) for place, models in found.items()}

    @derived
    def by_side_and_place(self) -> Mapping[Side, Mapping[Place, tuple[Model, ...]]]:
        """Each side's models at each place where some of them stand, in the order of :attr:`models`."""
        return _by_side(self.by_place)

    @derived
    def rank(self) -> Mapping[str, int]:
        """Each model's rank in :attr:`models`: the order of the models by place, kept by the copies where models
        are replaced or removed, never added (:meth:`with_models`)."""
        return {m.id: i for i, m in enumerate(self.models)}

    def model(self, model_id: str) -> Model:
        found = self.by_id.get(model_id)
        if found is None:
            raise IllegalAction("no_such_model", "§1.7", id=model_id)
        return found

    def at(self, place: Place | str, side: Side | None = None) -> tuple[Model, ...]:
        if place.__class__ is not Place:
            place = Place.parse(place)
        if side is None:
            return self.by_place.get(place, ())
        return self.by_side_and_place[side].get(place, ())

    def occupancy(self, place: Place | str, side: Side) -> int:
        """The models of ``side`` at ``place``, counted with their ratio (§1.7, §3.2.3, §12.1.1)."""
        return sum(m.profile.ratio for m in self.at(place, side))

    def unit_strength(self, section: str, side: Side) -> int:
        """Unit strength of ``side``'s models on a section, fleeing models aside (§3.2.4)."""
        return standing_strength(self.at(section, side))

    def ladder(self, ladder_id: str) -> Ladder:
        found = _find(self.ladders, ladder_id)
        if found is None:
            raise IllegalAction("no_such_ladder", "§7.1", ladder=ladder_id)
        return found

    def siege_tower(self, tower_id: str) -> SiegeTower:
        found = _find(self.siege_towers, tower_id)
        if found is None:
            raise IllegalAction("no_such_siege_tower", "§7.3", tower=tower_id)
        return found

    def belfry(self, belfry_id: str) -> Belfry:
        found = _find(self.belfries, belfry_id)
        if found is None:
            raise IllegalAction("no_such_belfry", "001 §1", belfry=belfry_id)
        return found

    def is_belfry(self, tower_id: str) -> bool:
        return any(b.id == tower_id for b in self.belfries)

    def with_belfry(self, belfry: Belfry) -> BattleState:
        return replace(self, belfries=tuple(belfry if b.id == belfry.id else b for b in self.belfries))

    def ram(self, ram_id: str) -> Ram:
        found = _find(self.rams, ram_id)
        if found is None:
            raise IllegalAction("no_such_ram", "§7.2", ram=ram_id)
        return found

    def climb(self, giant_id: str) -> Climb:
        found = _find(self.climbs, giant_id)
        if found is None:
            raise IllegalAction("not_scaling", "§12.1.5", model=giant_id)
        return found

    def with_climb(self, climb: Climb) -> BattleState:
        return replace(self, climbs=(*(c for c in self.climbs if c.id != climb.id), climb))

    def gate(self, gate_id: str) -> GateStatus:
        found = _find(self.gates, gate_id)
        if found is None:
            raise IllegalAction("no_such_gate", "§6", gate=gate_id)
        return found

    def works_of(self, section: str) -> Works:
        """The damage and defences of a rampart section (whole and bare unless recorded)."""
        for works in self.works:
            if works.section == section:
                return works
        return Works(section)

    def budget(self, side: Side) -> Budget | None:
        return next((budget for s, budget in self.budgets if s is side), None)

    def with_works(self, works: Works) -> BattleState:
        return replace(self, works=(*(w for w in self.works if w.section != works.section), works))

    def with_gate(self, gate: GateStatus) -> BattleState:
        return replace(self, gates=tuple(gate if g.id == gate.id else g for g in self.gates))

    def with_ram(self, ram: Ram) -> BattleState:
        return replace(self, rams=tuple(ram if r.id == ram.id else r for r in self.rams))

    def with_ladder(self, ladder: Ladder | None, ladder_id: str) -> BattleState:
        """The state with ladder ``ladder_id`` replaced (``None`` removes it)."""
        kept = tuple(x for x in self.ladders if x.id != ladder_id)
        return replace(self, ladders=kept if ladder is None else (*kept, ladder))

    def with_siege_tower(self, tower: SiegeTower) -> BattleState:
        return replace(self, siege_towers=tuple(tower if t.id == tower.id else t for t in self.siege_towers))

    def is_blocking(self, model_id: str) -> bool:
        """Whether ``model_id`` blocks a gate, a breach, a ladder or a giant on the wall (and so may neither move nor
        shoot, §6.3.1, §12.1.5).
        """
        return model_id in self.blockers

    @derived
    def named(self) -> frozenset[str]:
        """The models the engines, gates and works name: carriers, blockers, duellists, crews, winchers, stunned and
        reinforcers, all a casualty may have to be taken from (:meth:`with_models`)."""
        found: set[str | None] = set()
        for ladder in self.ladders:
            found.update(ladder.carriers)
            found.add(ladder.blocker)
            found.add(ladder.duel)
        for ram in self.rams:
            found.update(ram.carriers)
        for tower in self.siege_towers:
            found.update(tower.crew)
        for belfry in self.belfries:
            found.update(belfry.winchers)
            found.update(belfry.stunned)
        for gate in self.gates:
            found.add(gate.blocker)
            found.update(gate.reinforcers)
        found.update(w.blocker for w in self.works)
        return frozenset(x for x in found if x is not None)

    @derived
    def blockers(self) -> frozenset[str]:
        """The models blocking a gate, a breach, a ladder or a giant on the wall (§6.3.1, §12.1.5)."""
        found = {g.blocker for g in self.gates} | {x.blocker for x in self.ladders} | {w.blocker for w in self.works}
        found.update(m for c in self.climbs for m in c.blockers)
        return frozenset(m for m in found if m is not None)

    def without_blocker(self, model_id: str) -> BattleState:
        """The state with ``model_id`` no longer blocking any gate, ladder, breach or giant (§6.3.2)."""
        return replace(
            self,
            climbs=_same(
                self.climbs,
                tuple(
                    replace(c, blockers=_alive(c.blockers, {model_id})) if model_id in c.blockers else c
                    for c in self.climbs
                ),
            ),
            gates=_same(
                self.gates, tuple(replace(g, blocker=None) if g.blocker == model_id else g for g in self.gates)
            ),
            ladders=_same(
                self.ladders, tuple(replace(x, blocker=None) if x.blocker == model_id else x for x in self.ladders)
            ),
            works=_same(
                self.works, tuple(replace(w, blocker=None) if w.blocker == model_id else w for w in self.works)
            ),
        )

    def with_penalty(self, model_ids: Iterable[str], penalty: int) -> BattleState:
        log = self.turn_log
        return replace(self, turn_log=replace(log, penalties=(*log.penalties, *((m, penalty) for m in model_ids))))

    def expose(self, model_ids: Iterable[str]) -> BattleState:
        return replace(self, turn_log=replace(self.turn_log, exposed=self.turn_log.exposed | set(model_ids)))

    def result(self, section: str) -> CombatResult | None:
        for result in self.results:
            if result.section == section:
                return result
        return None

    @derived
    def engaged(self) -> frozenset[str]:
        """The models in close combat (in one of the :attr:`contacts`)."""
        return frozenset(x for pair in self.contacts for x in pair)

    def in_contact(self, model_id: str) -> bool:
        return model_id in self.engaged

    def with_models(self, changed: Mapping[str, Model | None], *, turn_log: TurnLog | None = None) -> BattleState:
        """The state with the models in ``changed`` replaced (``None`` removes a casualty and its contacts), and
        with ``turn_log`` if given, in one copy."""
        if not changed and not self.contacts and not self.climbs and turn_log is None:
            return self  # nothing replaced, no fight or climb to end: a shot that wounds nobody
        log = self.turn_log if turn_log is None else turn_log
        before = self.by_id
        kept = dict(before)  # the models by id, in their order: a model replaced keeps its place, a casualty leaves
        gone: set[str] = set()
        left: set[str] = set()  # the models replaced or removed
        places: set[Place] = set()  # the places they stood at or reach
        arriving: dict[Place, list[Model]] = {}
        for model_id, now in changed.items():
            model = before.get(model_id)
            if model is None or now is model:
                continue
            left.add(model_id)
            places.add(model.place)
            if now is None:
                del kept[model_id]
                gone.add(model_id)
            else:
                kept[model_id] = now
                arriving.setdefault(now.place, []).append(now)
        models = tuple(kept.values()) if left else self.models  # the same models keep their indexes
        # a model that dies, moves or flees leaves the fight it was in
        contacts = self.contacts  # the same contacts: the copy keeps who is engaged
        ended = []
        for pair in contacts:
            for x in pair:
                now = kept.get(x)
                if now is None or now.fleeing or now.place is not before[x].place:
                    ended.append(pair)
                    break
        if ended:
            contacts = frozenset(pair for pair in contacts if pair not in ended)
        # a casualty no longer blocks, carries or pushes anything
        # §12.1.5: a giant that falls, flees or steps onto the rampart has left the wall and its blockers
        climbs = (
            tuple(
                replace(c, blockers=_alive(c.blockers, gone)) if gone else c
                for c in self.climbs
                if c.id in kept and kept[c.id].place.zone is Zone.WALL
            )
            if self.climbs
            else self.climbs
        )
        if not gone:
            state = replace(self, climbs=climbs, models=models, contacts=contacts, turn_log=log)
        else:
            state = self._without_casualties(models, contacts, climbs, gone, log)
        state.__dict__["by_id"] = kept  # the models by id, in their order: the index, already built
        if models is not self.models:
            self._carry_indexes(state, left, places, arriving)
        return state

    def _carry_indexes(
        self, state: BattleState, left: set[str], places: set[Place], arriving: dict[Place, list[Model]]
    ) -> None:
        """Give ``state``, this state with the models ``left`` replaced or removed, this state's indexes by place,
        updated at the ``places`` those models left or reached (``arriving`` there) instead of built again."""
        known = self.__dict__
        rank = self.rank
        state.__dict__["rank"] = rank  # the models left keep their order
        by_place: Mapping[Place, tuple[Model, ...]] | None = known.get("by_place")
        if by_place is None:
            return
        places.update(arriving)
        found = dict(by_place)
        ordered = True  # the places stay in the order of their first models
        for place in places:
            here = [m for m in by_place.get(place, ()) if m.id not in left]
            new = arriving.get(place)
            if new:
                here.extend(new)
                here.sort(key=lambda m: rank[m.id])
            if not here:
                del found[place]
                continue
            was = by_place.get(place)
            if was is None or was[0].id != here[0].id:
                ordered = False
            found[place] = tuple(here)
        if not ordered:  # a place whose first model changed, or a new place: sorted again unless still in order
            last = -1
            for standing in found.values():
                first = rank[standing[0].id]
                if first < last:
                    found = dict(sorted(found.items(), key=lambda item: rank[item[1][0].id]))
                    break
                last = first
            else:
                ordered = True
        state.__dict__["by_place"] = found
        sides: Mapping[Side, Mapping[Place, tuple[Model, ...]]] | None = known.get("by_side_and_place")
        if sides is None:
            return
        besieger, besieged = dict(sides[BESIEGER]), dict(sides[BESIEGED])
        # the places of a side newly at one, or all when their order changed, put in order again
        renew_besieger = renew_besieged = not ordered
        for place in places:
            theirs, ours = _split(found.get(place, ()))
            renew_besieger = _put(besieger, place, theirs) or renew_besieger
            renew_besieged = _put(besieged, place, ours) or renew_besieged
        if renew_besieger:
            besieger = {place: besieger[place] for place in found if place in besieger}
        if renew_besieged:
            besieged = {place: besieged[place] for place in found if place in besieged}
        state.__dict__["by_side_and_place"] = {BESIEGER: besieger, BESIEGED: besieged}

    def _without_casualties(
        self,
        models: tuple[Model, ...],
        contacts: frozenset[tuple[str, str]],
        climbs: tuple[Climb, ...],
        gone: set[str],
        log: TurnLog,
    ) -> BattleState:
        before = self.by_id
        fallen = [before[x] for x in sorted(gone, key=self.rank.__getitem__)]  # in the order of the models
        if gone.isdisjoint(self.named):  # no engine names a casualty: all are kept as they are
            return replace(
                self, climbs=climbs, models=models, contacts=contacts, fallen=(*self.fallen, *fallen), turn_log=log
            )
        return replace(
            self,
            climbs=climbs,
            models=models,
            contacts=contacts,
            turn_log=log,
            fallen=(*self.fallen, *fallen),
            # each engine naming a casualty is copied without it; the others are kept as they are
            ladders=_same(
                self.ladders,
                tuple(
                    x if gone.isdisjoint((*x.carriers, x.blocker, x.duel)) else _without(x, gone) for x in self.ladders
                ),
            ),
            rams=_same(
                self.rams,
                tuple(
                    r if gone.isdisjoint(r.carriers) else replace(r, carriers=_alive(r.carriers, gone))
                    for r in self.rams
                ),
            ),
            siege_towers=_same(
                self.siege_towers,
                tuple(
                    t if gone.isdisjoint(t.crew) else replace(t, crew=_alive(t.crew, gone)) for t in self.siege_towers
                ),
            ),
            belfries=_same(
                self.belfries,
                tuple(
                    b
                    if gone.isdisjoint((*b.winchers, *b.stunned))
                    else replace(b, winchers=_alive(b.winchers, gone), stunned=_alive(b.stunned, gone))
                    for b in self.belfries
                ),
            ),
            gates=_same(
                self.gates,
                tuple(
                    g
                    if gone.isdisjoint((g.blocker, *g.reinforcers))
                    else replace(
                        g, blocker=None if g.blocker in gone else g.blocker, reinforcers=_alive(g.reinforcers, gone)
                    )
                    for g in self.gates
                ),
            ),
            works=_same(self.works, tuple(replace(w, blocker=None) if w.blocker in gone else w for w in self.works)),
        )

    def with_result(self, result: CombatResult) -> BattleState:
        others = tuple(r for r in self.results if r.section != result.section)
        return replace(self, results=(*others, result))

    def to_json(self) -> dict[str, Any]:
        from rules.siege.board.state_json import state_to_json

        return state_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattleState:
        from rules.siege.board.state_json import state_from_json

        return state_from_json(data)


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_Item = TypeVar("_Item", bound=_Identified)
_Value = TypeVar("_Value", bound="DataclassInstance")
_Any = TypeVar("_Any")


def _by_side(by_place: Mapping[Place, tuple[Model, ...]]) -> Mapping[Side, Mapping[Place, tuple[Model, ...]]]:
    """Each side's models at each place where some of them stand, in the order of ``by_place``."""
    besieger: dict[Place, tuple[Model, ...]] = {}
    besieged: dict[Place, tuple[Model, ...]] = {}
    for place, here in by_place.items():
        for mine, models in zip((besieger, besieged), _split(here), strict=True):
            if models:
                mine[place] = models
    return {BESIEGER: besieger, BESIEGED: besieged}


def _put(index: dict[Place, tuple[Model, ...]], place: Place, models: tuple[Model, ...]) -> bool:
    """Put ``models`` at ``place`` in a side's ``index`` (none: the place left out); whether the side is newly
    there."""
    if not models:
        index.pop(place, None)
        return False
    new = place not in index
    index[place] = models
    return new


def _split(standing: tuple[Model, ...]) -> tuple[tuple[Model, ...], tuple[Model, ...]]:
    """The besieger's and the besieged's models of ``standing``, in its order: most places hold one side alone,
    which takes the place's tuple itself, found by a plain loop (a comprehension costs more on a few models)."""
    for model in standing:
        if model.side is not BESIEGER:
            break
    else:
        return standing, ()
    for model in standing:
        if model.side is BESIEGER:
            break
    else:
        return (), standing
    return tuple([m for m in standing if m.side is BESIEGER]), tuple([m for m in standing if m.side is not BESIEGER])


def _find(items: Iterable[_Item], item_id: str) -> _Item | None:
    for item in items:
        if item.id == item_id:
            return item
    return None


def _same(old: tuple[_Any, ...], new: tuple[_Any, ...]) -> tuple[_Any, ...]:
    """``new``, or ``old`` itself when they hold the same objects: a copy keeps what is derived from it."""
    if len(old) == len(new):
        for was, now in zip(old, new, strict=True):
            if was is not now:
                return new
        return old
    return new


def _alive(ids: tuple[str, ...], gone: set[str]) -> tuple[str, ...]:
    return tuple(i for i in ids if i not in gone)


def _without(ladder: Ladder, gone: set[str]) -> Ladder:
    return replace(
        ladder,
        carriers=_alive(ladder.carriers, gone),
        blocker=None if ladder.blocker in gone else ladder.blocker,
        duel=None if ladder.duel in gone or ladder.blocker in gone else ladder.duel,
    )


@dataclass(frozen=True, init=False)
class Outcome:
    """What an action returns: the new state, what happened, and the dice it rolled."""

    state: BattleState
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]

    def __init__(self, state: BattleState, events: tuple[Event, ...], rolls: tuple[Roll, ...]) -> None:
        set_fields(self, {"state": state, "events": events, "rolls": rolls})


def standing_strength(models: Iterable[Model]) -> int:
    """The unit strength of ``models``, fleeing models aside (§3.2.4)."""
    return sum(m.profile.unit_strength for m in models if not m.fleeing)


def outcome(state: BattleState, events: Iterable[Event], dice: Dice, mark: int) -> Outcome:
    """The :class:`Outcome` of an action that started rolling at ``mark``."""
    return Outcome(state, tuple(events), dice.since(mark))


def new_battle(
    fort: FortLayout,
    models: Iterable[Model],
    *,
    ladders: Iterable[Ladder] = (),
    siege_towers: Iterable[SiegeTower] = (),
    gates: Iterable[GateStatus] = (),
    rams: Iterable[Ram] = (),
    magic_protection: bool = True,
) -> BattleState:
    """A battle being set up before turn 1, the besieged to play first (§16), checked against the fort's sections
    and occupancy quotas (§1.7).
    """
    state = BattleState(
        fort,
        as_copies(models),
        as_copies(ladders),
        as_copies(siege_towers),
        1,
        Side.BESIEGED,
        Side.BESIEGED,
        magic_protection=magic_protection,
        gates=as_copies(gates),
        rams=as_copies(rams),
        phase=Phase.SETUP,
    )
    ids = [m.id for m in state.models]
    if len(set(ids)) != len(ids):
        raise IllegalAction("model_ids_twice", "§1.7", ids=tuple(sorted({i for i in ids if ids.count(i) > 1})))
    for place in {m.place for m in state.models}:
        if place.inside:
            if not fort.has_section(place.ref):
                raise IllegalAction("no_such_section", "§1.1", section=place.ref)
            section = fort.section(place.ref)
            for side in Side:
                held = state.occupancy(place, side)
                if held > quota(section.kind):
                    raise IllegalAction(
                        "section_overfilled",
                        "§1.7",
                        section=section.id,
                        most=quota(section.kind),
                        side=side.value,
                        held=held,
                    )
            if any(m.profile.is_cavalry for m in state.at(place)) and section.kind is not SectionKind.COURTYARD:
                raise IllegalAction("cavalry_in_courtyards", "§3.2.3", section=section.id)
        elif place.zone is Zone.LADDER:
            state.ladder(place.ref)
        elif place.zone is Zone.SIEGE_TOWER:
            state.siege_tower(place.ref)
    return state


_NEW_TURN = replace(TurnLog(), flows=())
"""The log of a turn just begun, one value for all turns: a log is a value, and one made by its constructor costs a
frozen set of each of its fields. Made as a copy, its fields sit in a plain dict, which CPython copies in one block
(a constructor's dict shares its keys with the class and is copied entry by entry)."""


def as_copies(values: Iterable[_Value]) -> tuple[_Value, ...]:
    """Each of ``values`` as a copy (:func:`~rules.siege.board.values.replace`), its fields in a plain dict like every
    value the battle goes on to make, not laid out as its constructor lays them: Python 3.11 specialises an
    attribute read for one layout, and reads values of both layouts met at one place the slow, general way. A
    battle's pieces are taken this way when it starts (:func:`new_battle`) and when it is read back
    (:func:`~rules.siege.board.state_json.state_from_json`)."""
    return tuple([replace(value) for value in values])


def first_phase(side: Side) -> Phase:
    """The step a player turn of ``side`` opens with: the besieger's mining roll comes before his movement (§10.3)."""
    return Phase.SAPPERS if side is BESIEGER else Phase.MOVEMENT


def end_turn(state: BattleState) -> BattleState:
    """The next player turn: the other side plays, the turn's log is cleared (the game turn counts on when the
    side that played first plays again). A ladder hoisted this turn now stands inside: its hoisters let go (§7.1.4).
    Defenders stunned by a belfry's drawbridge come to as the besieged's turn ends (001 §8).
    """
    active = state.active.enemy
    return replace(
        state,
        active=active,
        phase=first_phase(active),
        turn=state.turn + 1 if active is state.first else state.turn,
        turn_log=_NEW_TURN,
        works=_same(
            state.works, tuple(replace(w, silenced=max(0, w.silenced - 1)) if w.silenced else w for w in state.works)
        ),
        ladders=_same(
            state.ladders,
            tuple(
                replace(x, carriers=()) if x.courtyard is not None and x.raised and x.carriers else x
                for x in state.ladders
            ),
        ),
        belfries=_same(
            state.belfries,
            tuple(replace(b, stunned=()) if state.active is BESIEGED and b.stunned else b for b in state.belfries),
        ),
    )
