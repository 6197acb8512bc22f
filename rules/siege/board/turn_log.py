"""What a player turn leaves behind: the turn's log the rules look back on, the close-combat results, and the events
an action reports.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.contract import Event
from rules.siege.board.places import Side
from rules.siege.board.values import replace

__all__ = ["Casualties", "CombatResult", "DeclaredCharge", "Event", "TurnLog", "event"]


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
    def loser_to_react(self) -> Side | None:
        """The loser while it still has to retreat or hold (§3.3.2); None once settled, or after a draw."""
        return None if self.settled else self.loser

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
class Casualties:
    """The models killed by shooting or magic in one step of the turn (``phase``, a
    :class:`~rules.siege.board.places.Phase` value) among a side's models at ``place``, out of the ``present`` there
    before the first of them fell: on a section of the fort the whole side there, whatever its units (§4.1); outside it,
    one ``unit`` (§3.5). ``tested`` once its panic test is taken.
    """

    phase: str
    place: str
    side: Side
    unit: str | None
    present: int
    lost: int
    tested: bool = False

    @property
    def due(self) -> bool:
        """Whether the losses call for a panic test not yet taken: 25 % of those present (§4.1)."""
        return not self.tested and 4 * self.lost >= self.present > 0

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "place": self.place,
            "side": self.side.value,
            "unit": self.unit,
            "present": self.present,
            "lost": self.lost,
            "tested": self.tested,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Casualties:
        unit = data.get("unit")
        return cls(
            str(data["phase"]),
            str(data["place"]),
            Side(data["side"]),
            None if unit is None else str(unit),
            int(data["present"]),
            int(data["lost"]),
            bool(data.get("tested", False)),
        )


@dataclass(frozen=True)
class DeclaredCharge:
    """A charge declared and waiting for the charged side's reaction (§3.1.2): the ``models`` charging ``to``
    (through courtyard ``via``)."""

    models: tuple[str, ...]
    to: str
    via: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"models": list(self.models), "to": self.to, "via": self.via}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DeclaredCharge:
        via = data.get("via")
        return cls(tuple(str(m) for m in data["models"]), str(data["to"]), None if via is None else str(via))


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
    landed: frozenset[str] = frozenset()
    """the models who came out of a siege tower after a won combat this turn: they fight « à la prochaine phase de
    mêlée », not in this one (§7.3.4)."""
    towers_pushed: frozenset[str] = frozenset()
    """siege towers pushed this turn: one move of at most 20 cm a turn (§7.3.3)."""
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
    belfry_steps: tuple[tuple[str, int], ...] = ()
    """movement points models have spent this turn climbing into, in and out of a belfry (001 §5)."""
    casualties: tuple[Casualties, ...] = ()
    """the models killed by shooting and magic this turn, by step and place, for the panic tests (§4.1)."""
    charge: DeclaredCharge | None = None
    """the charge waiting for the charged side's reaction (§3.1.2)."""
    rally_tests: frozenset[str] = frozenset()
    """fleeing models that have taken their rally test this turn: one a turn (§3.4)."""

    def spent(self, model_id: str) -> int:
        return sum(n for m, n in self.belfry_steps if m == model_id)

    def with_spent(self, costs: Mapping[str, int]) -> TurnLog:
        return replace(self, belfry_steps=(*self.belfry_steps, *costs.items()))

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
            "belfry_steps": [list(pair) for pair in self.belfry_steps],
            "casualties": [c.to_json() for c in self.casualties],
            "charge": None if self.charge is None else self.charge.to_json(),
            **{name: sorted(getattr(self, name)) for name in _TURN_SETS},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnLog:
        flows = tuple((str(a), str(b), int(n)) for a, b, n in data.get("flows", ()))
        sets = {name: frozenset(str(x) for x in data.get(name, ())) for name in _TURN_SETS}
        penalties = tuple((str(m), int(n)) for m, n in data.get("penalties", ()))
        breakers = tuple((str(d), str(m)) for d, m in data.get("door_breakers", ()))
        steps = tuple((str(m), int(n)) for m, n in data.get("belfry_steps", ()))
        charge = data.get("charge")
        return cls(
            flows,
            penalties=penalties,
            dug=bool(data.get("dug", False)),
            door_breakers=breakers,
            belfry_steps=steps,
            casualties=tuple(Casualties.from_json(c) for c in data.get("casualties", ())),
            charge=None if charge is None else DeclaredCharge.from_json(charge),
            **sets,
        )


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
    "landed",
    "towers_pushed",
    "pushers",
    "deployed",
    "flaming_volleys",
    "plain_volleys",
    "defenders",
    "shot",
    "gate_takers",
    "rally_tests",
)


event = Event
"""An :class:`Event` (its own constructor sets its fields at once)."""
