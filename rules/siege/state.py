"""The battle state of a siege: where every model stands, what happened this turn, and the shape of an action.

The state is a value. An action (:mod:`rules.siege.actions`) played by :func:`rules.siege.game.apply` takes a state
(and the :class:`~rules.dice.Dice` it rolls with) and returns an :class:`Outcome`: the new state, the events to show
and the rolls it made. An action the rules forbid raises :class:`IllegalAction` naming the clause; the old state is
untouched. The state knows whose turn it is and at which :class:`Phase`.

A model stands at a :class:`Place`: a section of the fort, or outside it at the foot of a section's wall
(*au pied du rempart*), on a ladder (*échelle*), in a siege tower (*tour de siège*) or, for a giant, on the wall
itself (§12.1.5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from rules.dice import Dice, Roll
from rules.siege import engines
from rules.siege.engines import Budget, Climb, Fire, GateStatus, Ladder, Mine, Ram, SiegeTower, Works
from rules.siege.fort import FortLayout, SectionKind
from rules.siege.profiles import Profile

__all__ = [
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
    "Side",
    "SiegeTower",
    "TurnLog",
    "Zone",
    "check_distinct",
    "check_may_act",
    "check_quota",
    "outcome",
    "quota",
    "room_left",
    "within_quota",
]


class IllegalAction(ValueError):
    """An action the rules forbid; ``clause`` is the rule that forbids it (``"§1.7"``)."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.clause = clause


class Side(StrEnum):
    BESIEGER = "besieger"
    """*assiégeant*."""
    BESIEGED = "besieged"
    """*assiégé*."""

    @property
    def enemy(self) -> Side:
        return Side.BESIEGED if self is Side.BESIEGER else Side.BESIEGER


class Zone(StrEnum):
    SECTION = "section"
    FOOT = "foot"
    """outside, at the foot of a section's wall."""
    LADDER = "ladder"
    SIEGE_TOWER = "siege_tower"
    FIELD = "field"
    """out on the battlefield, 40 cm or more from the walls (§16)."""
    MINE = "mine"
    """digging or counter-digging a mine, off the table (§10.1, §10.2)."""
    WALL = "wall"
    """on the outer face of a section's wall: a giant scaling it (§12.1.5)."""


class Phase(StrEnum):
    """A step of the player turn: the turn of 002 (movement, magic, shooting, close combat) with the siege's own
    steps around it. The fires burn as a turn starts (§9.3), so it has no step of its own.
    """

    SETUP = "setup"
    """purchases and deployment, before the first turn (§14, §16)."""
    SAPPERS = "sappers"
    """the besieger's mining roll, before his movement (§10.3)."""
    MOVEMENT = "movement"
    MAGIC = "magic"
    SHOOTING = "shooting"
    CLOSE_COMBAT = "close_combat"
    END = "end"
    """the end-of-turn tests, before the turn passes (§6.4, §16)."""


@dataclass(frozen=True, order=True)
class Place:
    """Where a model stands: ``Place(Zone.SECTION, "W3")``, ``Place(Zone.LADDER, "L1")``… Written ``"W3"``,
    ``"ladder:L1"``, ``"foot:W3"``, ``"siege_tower:ST1"``.
    """

    zone: Zone
    ref: str

    @classmethod
    def parse(cls, text: str | Place) -> Place:
        if isinstance(text, Place):
            return text
        zone, sep, ref = text.partition(":")
        return cls(Zone(zone), ref) if sep else cls(Zone.SECTION, text)

    @property
    def inside(self) -> bool:
        return self.zone is Zone.SECTION

    def __str__(self) -> str:
        return self.ref if self.inside else f"{self.zone.value}:{self.ref}"


@dataclass(frozen=True)
class Model:
    """One model (*figurine*). ``unit`` is the unit it was raised in; ``wounds_lost`` counts down its W."""

    id: str
    side: Side
    profile: Profile
    place: Place
    unit: str
    wounds_lost: int = 0
    fleeing: bool = False

    @property
    def wounds_left(self) -> int:
        return self.profile.w - self.wounds_lost


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
    return quota(state.fort.section(section).kind) - state.occupancy(Place(Zone.SECTION, section), side)


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


def check_may_act(state: BattleState, model_ids: Iterable[str], what: str) -> None:
    """Refuse ``what`` to models bound to do nothing else this turn: reinforcing a gate (§6.4), or just deployed
    from a mine (§10.1, §10.2).
    """
    ids = set(model_ids)
    reinforcing = sorted({m for g in state.gates for m in g.reinforcers} & ids)
    if reinforcing:
        raise IllegalAction(f"{', '.join(reinforcing)} reinforce a gate this turn and cannot {what} (§6.4)", "§6.4")
    deployed = sorted(state.turn_log.deployed & ids)
    if deployed:
        clause = "§10.2" if state.model(deployed[0]).side is Side.BESIEGED else "§10.1"
        raise IllegalAction(
            f"{', '.join(deployed)} have just left the mine and can do nothing this turn, not {what} ({clause})",
            clause,
        )


def check_quota(state: BattleState, section: str, models: Iterable[Model], clause: str) -> None:
    """Refuse ``models`` coming onto ``section`` beyond their side's quota (§1.7, R15), whichever way they come."""
    coming = list(models)
    if not coming:
        return
    weight = sum(m.profile.ratio for m in coming)
    left = room_left(state, section, coming[0].side)
    if weight > left:
        kind = state.fort.section(section).kind
        raise IllegalAction(
            f"{kind} {section} holds {quota(kind) - left} {coming[0].side} models; {weight} more would pass its "
            f"{quota(kind)} (§1.7, {clause})",
            "§1.7",
        )


@dataclass(frozen=True)
class CombatResult:
    """The result of one round of close combat on a section (§3.2.4); the loser still has to react until
    ``settled``.
    """

    section: str
    besieger: int
    besieged: int
    winner: Side | None
    settled: bool = False

    @property
    def loser(self) -> Side | None:
        return None if self.winner is None else self.winner.enemy

    @property
    def difference(self) -> int:
        return abs(self.besieger - self.besieged)

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "besieger": self.besieger,
            "besieged": self.besieged,
            "winner": None if self.winner is None else self.winner.value,
            "settled": self.settled,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CombatResult:
        winner = data.get("winner")
        return cls(
            str(data["section"]),
            int(data["besieger"]),
            int(data["besieged"]),
            None if winner is None else Side(winner),
            bool(data.get("settled", False)),
        )


@dataclass(frozen=True)
class TurnLog:
    """What has happened in the current player turn, which the rules look back on."""

    flows: tuple[tuple[str, str, int], ...] = ()
    """models moved this turn from a place to another (``str(Place)``), counted with connection ratios (§2.1.1)."""
    moved: frozenset[str] = frozenset()
    charged: frozenset[str] = frozenset()
    from_below: frozenset[str] = frozenset()
    """models that charged from a lower level this turn: their foes hit them at +1 (§3.2.2)."""
    arrived: frozenset[str] = frozenset()
    """besiegers who set foot on the rampart this turn, who may retreat outside (§3.5.2)."""
    afraid: frozenset[str] = frozenset()
    """models that failed a fear test without being outnumbered: they hit on 6s."""
    fought: frozenset[str] = frozenset()
    fought_twice: frozenset[str] = frozenset()
    rallied: frozenset[str] = frozenset()
    exposed: frozenset[str] = frozenset()
    """models without cover on a rampart for the coming shooting: fighting, pouring, throwing, pushing (§5.2)."""
    erected: frozenset[str] = frozenset()
    """ladders raised this turn (§7.1.4)."""
    pushed: frozenset[str] = frozenset()
    """ladders the besieged have tried to push back this turn: one try each (§7.1.6)."""
    rammed: frozenset[str] = frozenset()
    """rams used in this close-combat phase (R3)."""
    ignition: frozenset[str] = frozenset()
    """structures whose catching fire was rolled this turn: one D6 for all the flaming hits (§9.2)."""
    blockers: frozenset[str] = frozenset()
    """models that started blocking this turn and so may not move (§6.3.1)."""
    held: frozenset[str] = frozenset()
    """ladders whose blocker has killed its attackers this turn, and so may push it back alone (§7.1.8) or, at the
    foot of a hoisted ladder, knock it down (§7.1.10)."""
    blocker_killers: frozenset[str] = frozenset()
    """climbers who killed a ladder's blocker this turn: they stand on the rampart but engage nobody (§7.1.8)."""
    by_taken_ladder: frozenset[str] = frozenset()
    """climbers who came up a ladder whose blocker fell this turn: one round of combat only (§7.1.8)."""
    penalties: tuple[tuple[str, int], ...] = ()
    """to-hit penalties scalded models suffer this turn (§8.2.4–§8.2.6)."""
    dug: bool = False
    """the sappers have made this besieger turn's progress roll: one a turn (§10.3)."""
    door_breakers: tuple[tuple[str, str], ...] = ()
    """(gate, model) pairs: the models that struck a gate this turn, once each (§6.1), two a postern or service door
    (§6.2)."""
    duels: frozenset[str] = frozenset()
    """the blocked places (``"gate:P1"``, ``"ladder:L1"``) whose blocker has fought this turn: one fight a turn
    (§6.3.3)."""
    disembarked: frozenset[str] = frozenset()
    """siege towers whose two more models came out after a won combat this turn (§7.3.4)."""
    pushers: frozenset[str] = frozenset()
    """models that tried to push a ladder back this turn (§7.1.6)."""
    deployed: frozenset[str] = frozenset()
    """sappers and counter-miners who left the mine this turn: they do nothing more this turn (§10.1, §10.2)."""
    flaming_volleys: frozenset[str] = frozenset()
    plain_volleys: frozenset[str] = frozenset()
    """the besieger units (``"unit:Bows"``) and besieged sections (``"section:W2"``) that have shot this turn with
    flaming missiles, and without: all of them shoot one way or the other (§9.2)."""
    defenders: frozenset[str] = frozenset()
    """models that threw stones or a rock or poured a brazier this turn (§8.1.2, §8.2.2)."""
    gate_takers: frozenset[str] = frozenset()
    """``"P1 a1"``: attacker a1 killed the blocker of gate P1 this turn and may block it in turn (§6.3.4)."""
    shot: frozenset[str] = frozenset()
    """models that have shot this turn, at models, an engine, a gate or a wall: one volley a turn (§5.2, §9.2)."""

    def took_gate(self, gate_id: str, model_id: str) -> bool:
        return f"{gate_id} {model_id}" in self.gate_takers

    def breakers(self, door_id: str) -> tuple[str, ...]:
        return tuple(m for d, m in self.door_breakers if d == door_id)

    def penalty(self, model_id: str) -> int:
        return max((n for m, n in self.penalties if m == model_id), default=0)

    def flow(self, origin: str, destination: str) -> int:
        return sum(count for a, b, count in self.flows if a == origin and b == destination)

    def with_flow(self, origin: str, destination: str, count: int) -> TurnLog:
        return replace(self, flows=(*self.flows, (origin, destination, count)))

    def to_json(self) -> dict[str, Any]:
        return {
            "flows": [list(flow) for flow in self.flows],
            "penalties": [list(p) for p in self.penalties],
            "dug": self.dug,
            "door_breakers": [list(pair) for pair in self.door_breakers],
            **{name: sorted(getattr(self, name)) for name in _TURN_SETS},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnLog:
        flows = tuple((str(a), str(b), int(n)) for a, b, n in data.get("flows", ()))
        sets = {name: frozenset(str(x) for x in data.get(name, ())) for name in _TURN_SETS}
        penalties = tuple((str(m), int(n)) for m, n in data.get("penalties", ()))
        breakers = tuple((str(d), str(m)) for d, m in data.get("door_breakers", ()))
        return cls(flows, penalties=penalties, dug=bool(data.get("dug", False)), door_breakers=breakers, **sets)


_TURN_SETS = (
    "moved",
    "charged",
    "from_below",
    "arrived",
    "afraid",
    "fought",
    "fought_twice",
    "rallied",
    "exposed",
    "erected",
    "pushed",
    "rammed",
    "ignition",
    "blockers",
    "held",
    "blocker_killers",
    "by_taken_ladder",
    "duels",
    "disembarked",
    "pushers",
    "deployed",
    "flaming_volleys",
    "plain_volleys",
    "defenders",
    "shot",
    "gate_takers",
)


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

    def model(self, model_id: str) -> Model:
        for model in self.models:
            if model.id == model_id:
                return model
        raise IllegalAction(f"there is no model {model_id!r} in this battle", "§1.7")

    def at(self, place: Place | str, side: Side | None = None) -> tuple[Model, ...]:
        where = Place.parse(place)
        return tuple(m for m in self.models if m.place == where and (side is None or m.side is side))

    def occupancy(self, place: Place | str, side: Side) -> int:
        """The models of ``side`` at ``place``, counted with their ratio (§1.7, §3.2.3, §12.1.1)."""
        return sum(m.profile.ratio for m in self.at(place, side))

    def unit_strength(self, section: str, side: Side) -> int:
        """Unit strength of ``side``'s models on a section, fleeing models aside (§3.2.4)."""
        return sum(m.profile.unit_strength for m in self.at(section, side) if not m.fleeing)

    def ladder(self, ladder_id: str) -> Ladder:
        return _find(self.ladders, ladder_id, f"there is no ladder {ladder_id!r} against the walls", "§7.1")

    def siege_tower(self, tower_id: str) -> SiegeTower:
        return _find(self.siege_towers, tower_id, f"there is no siege tower {tower_id!r}", "§7.3")

    def ram(self, ram_id: str) -> Ram:
        return _find(self.rams, ram_id, f"there is no ram {ram_id!r}", "§7.2")

    def climb(self, giant_id: str) -> Climb:
        return _find(self.climbs, giant_id, f"{giant_id!r} is not scaling a wall", "§12.1.5")

    def with_climb(self, climb: Climb) -> BattleState:
        return replace(self, climbs=(*(c for c in self.climbs if c.id != climb.id), climb))

    def gate(self, gate_id: str) -> GateStatus:
        return _find(self.gates, gate_id, f"there is no gate {gate_id!r}", "§6")

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
        found = [g.blocker for g in self.gates] + [x.blocker for x in self.ladders] + [w.blocker for w in self.works]
        return model_id in found or any(model_id in c.blockers for c in self.climbs)

    def without_blocker(self, model_id: str) -> BattleState:
        """The state with ``model_id`` no longer blocking any gate, ladder, breach or giant (§6.3.2)."""
        return replace(
            self,
            climbs=tuple(replace(c, blockers=_alive(c.blockers, {model_id})) for c in self.climbs),
            gates=tuple(replace(g, blocker=None) if g.blocker == model_id else g for g in self.gates),
            ladders=tuple(replace(x, blocker=None) if x.blocker == model_id else x for x in self.ladders),
            works=tuple(replace(w, blocker=None) if w.blocker == model_id else w for w in self.works),
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

    def in_contact(self, model_id: str) -> bool:
        return any(model_id in pair for pair in self.contacts)

    def with_models(self, changed: Mapping[str, Model | None]) -> BattleState:
        """The state with the models in ``changed`` replaced (``None`` removes a casualty and its contacts)."""
        kept: dict[str, Model] = {}
        fallen = [m for m in self.models if m.id in changed and changed[m.id] is None]
        for model in self.models:
            now = changed.get(model.id, model) if model.id in changed else model
            if now is not None:
                kept[model.id] = now
        before = {m.id: m.place for m in self.models}
        # a model that dies, moves or flees leaves the fight it was in
        contacts = frozenset(
            pair
            for pair in self.contacts
            if all(x in kept and kept[x].place == before[x] and not kept[x].fleeing for x in pair)
        )
        # a casualty no longer blocks, carries or pushes anything
        gone = {m.id for m in fallen}
        # §12.1.5: a giant that falls, flees or steps onto the rampart has left the wall and its blockers
        climbs = tuple(
            replace(c, blockers=_alive(c.blockers, gone))
            for c in self.climbs
            if c.id in kept and kept[c.id].place.zone is Zone.WALL
        )
        return replace(
            self,
            climbs=climbs,
            models=tuple(kept.values()),
            contacts=contacts,
            fallen=(*self.fallen, *fallen),
            ladders=tuple(_without(x, gone) for x in self.ladders),
            rams=tuple(replace(r, carriers=tuple(c for c in r.carriers if c not in gone)) for r in self.rams),
            siege_towers=tuple(replace(t, crew=tuple(c for c in t.crew if c not in gone)) for t in self.siege_towers),
            gates=tuple(
                replace(g, blocker=None if g.blocker in gone else g.blocker, reinforcers=_alive(g.reinforcers, gone))
                for g in self.gates
            ),
            works=tuple(replace(w, blocker=None) if w.blocker in gone else w for w in self.works),
        )

    def with_result(self, result: CombatResult) -> BattleState:
        others = tuple(r for r in self.results if r.section != result.section)
        return replace(self, results=(*others, result))

    def to_json(self) -> dict[str, Any]:
        profiles: dict[str, Profile] = {}
        for model in (*self.models, *self.fallen):
            known = profiles.setdefault(model.profile.name, model.profile)
            if known != model.profile:
                raise ValueError(f"two different profiles are named {model.profile.name!r}")
        return {
            "fort": self.fort.to_json(),
            "profiles": {name: profile.to_json() for name, profile in profiles.items()},
            "models": [_model_json(m) for m in self.models],
            "fallen": [_model_json(m) for m in self.fallen],
            **{name: engines.to_json(getattr(self, name)) for name in _ENGINE_FIELDS},
            "mine": None if self.mine is None else engines.to_json(self.mine),
            "budgets": [[side.value, engines.to_json(budget)] for side, budget in self.budgets],
            "heroism_tokens": self.heroism_tokens,
            "unit_braziers": list(self.unit_braziers),
            "last_turn": self.last_turn,
            "over": self.over,
            "turn": self.turn,
            "active": self.active.value,
            "first": self.first.value,
            "turn_log": self.turn_log.to_json(),
            "phase": self.phase.value,
            "results": [r.to_json() for r in self.results],
            "contacts": sorted(list(pair) for pair in self.contacts),
            "magic_protection": self.magic_protection,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattleState:
        profiles = {name: Profile.from_json(p) for name, p in data["profiles"].items()}
        mine = data.get("mine")
        last_turn = data.get("last_turn")
        return cls(
            fort=FortLayout.from_json(data["fort"]),
            models=tuple(_model_from_json(m, profiles) for m in data["models"]),
            fallen=tuple(_model_from_json(m, profiles) for m in data.get("fallen", ())),
            ladders=tuple(engines.from_json(Ladder, x) for x in data.get("ladders", ())),
            siege_towers=tuple(engines.from_json(SiegeTower, x) for x in data.get("siege_towers", ())),
            works=tuple(engines.from_json(Works, x) for x in data.get("works", ())),
            gates=tuple(engines.from_json(GateStatus, x) for x in data.get("gates", ())),
            rams=tuple(engines.from_json(Ram, x) for x in data.get("rams", ())),
            fires=tuple(engines.from_json(Fire, x) for x in data.get("fires", ())),
            climbs=tuple(engines.from_json(Climb, x) for x in data.get("climbs", ())),
            mine=None if mine is None else engines.from_json(Mine, mine),
            budgets=tuple((Side(side), engines.from_json(Budget, b)) for side, b in data.get("budgets", ())),
            heroism_tokens=int(data.get("heroism_tokens", 0)),
            unit_braziers=tuple(str(u) for u in data.get("unit_braziers", ())),
            last_turn=None if last_turn is None else int(last_turn),
            over=bool(data.get("over", False)),
            turn=int(data["turn"]),
            active=Side(data["active"]),
            first=Side(data["first"]),
            turn_log=TurnLog.from_json(data.get("turn_log", {})),
            phase=Phase(data.get("phase", Phase.MOVEMENT.value)),
            results=tuple(CombatResult.from_json(r) for r in data.get("results", ())),
            contacts=frozenset((str(a), str(b)) for a, b in data.get("contacts", ())),
            magic_protection=bool(data.get("magic_protection", True)),
        )


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


_Item = TypeVar("_Item", bound=_Identified)


def check_distinct(model_ids: Iterable[str], clause: str) -> None:
    """Refuse a list of models that names one twice: it would act, or count towards a number, twice."""
    twice = sorted(model_id for model_id, named in Counter(model_ids).items() if named > 1)
    if twice:
        raise IllegalAction(f"{', '.join(twice)} named more than once: a model acts once ({clause})", clause)


def _find(items: Iterable[_Item], item_id: str, missing: str, clause: str) -> _Item:
    for item in items:
        if item.id == item_id:
            return item
    raise IllegalAction(missing, clause)


_ENGINE_FIELDS = ("ladders", "siege_towers", "works", "gates", "rams", "fires", "climbs")


def _model_json(model: Model) -> dict[str, Any]:
    return {
        "id": model.id,
        "side": model.side.value,
        "profile": model.profile.name,
        "place": str(model.place),
        "unit": model.unit,
        "wounds_lost": model.wounds_lost,
        "fleeing": model.fleeing,
    }


def _model_from_json(data: Mapping[str, Any], profiles: Mapping[str, Profile]) -> Model:
    return Model(
        str(data["id"]),
        Side(data["side"]),
        profiles[data["profile"]],
        Place.parse(str(data["place"])),
        str(data["unit"]),
        int(data.get("wounds_lost", 0)),
        bool(data.get("fleeing", False)),
    )


def _alive(ids: tuple[str, ...], gone: set[str]) -> tuple[str, ...]:
    return tuple(i for i in ids if i not in gone)


def _without(ladder: Ladder, gone: set[str]) -> Ladder:
    return replace(
        ladder,
        carriers=_alive(ladder.carriers, gone),
        blocker=None if ladder.blocker in gone else ladder.blocker,
        duel=None if ladder.duel in gone or ladder.blocker in gone else ladder.duel,
    )


@dataclass(frozen=True)
class Event:
    """Something that happened, for the battle log: a short kind, the clause behind it, a sentence, the models."""

    kind: str
    clause: str
    text: str
    models: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "clause": self.clause, "text": self.text, "models": list(self.models)}


@dataclass(frozen=True)
class Outcome:
    """What an action returns: the new state, what happened, and the dice it rolled."""

    state: BattleState
    events: tuple[Event, ...]
    rolls: tuple[Roll, ...]


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
        tuple(models),
        tuple(ladders),
        tuple(siege_towers),
        1,
        Side.BESIEGED,
        Side.BESIEGED,
        magic_protection=magic_protection,
        gates=tuple(gates),
        rams=tuple(rams),
        phase=Phase.SETUP,
    )
    ids = [m.id for m in state.models]
    if len(set(ids)) != len(ids):
        raise IllegalAction("model ids must be unique", "§1.7")
    for place in {m.place for m in state.models}:
        if place.inside:
            if not fort.has_section(place.ref):
                raise IllegalAction(f"the fort has no section {place.ref}", "§1.1")
            section = fort.section(place.ref)
            for side in Side:
                held = state.occupancy(place, side)
                if held > quota(section.kind):
                    raise IllegalAction(
                        f"{section.kind} {section.id} holds at most {quota(section.kind)} {side} models, "
                        f"{held} were deployed (§1.7)",
                        "§1.7",
                    )
            if any(m.profile.is_cavalry for m in state.at(place)) and section.kind is not SectionKind.COURTYARD:
                raise IllegalAction(f"cavalry is deployed in courtyards only, not on {section.id} (§3.2.3)", "§3.2.3")
        elif place.zone is Zone.LADDER:
            state.ladder(place.ref)
        elif place.zone is Zone.SIEGE_TOWER:
            state.siege_tower(place.ref)
    return state


def first_phase(side: Side) -> Phase:
    """The step a player turn of ``side`` opens with: the besieger's mining roll comes before his movement (§10.3)."""
    return Phase.SAPPERS if side is Side.BESIEGER else Phase.MOVEMENT


def end_turn(state: BattleState) -> BattleState:
    """The next player turn: the other side plays, the turn's log is cleared (the game turn counts on when the
    side that played first plays again). A ladder hoisted this turn now stands inside: its hoisters let go (§7.1.4).
    """
    active = state.active.enemy
    return replace(
        state,
        active=active,
        phase=first_phase(active),
        turn=state.turn + 1 if active is state.first else state.turn,
        turn_log=TurnLog(),
        works=tuple(replace(w, silenced=max(0, w.silenced - 1)) for w in state.works),
        ladders=tuple(replace(x, carriers=()) if x.courtyard is not None and x.raised else x for x in state.ladders),
    )
