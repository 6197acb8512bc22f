"""Each side's plan of a whole assault as a value (*le plan de chaque camp*): the besieger's engines and targets,
the besieged's garrison and defences, both against a standard fort, read from and written to JSON with every fault
named by its field and clause. :mod:`bots.siege.assault` sets the battle up from them and plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bots.siege.policies import Orders
from rules.siege.board.engines import Liquid
from rules.siege.chapters.rams import MIN_CARRIERS

__all__ = ["ASSAULT_FORMAT", "Assault", "BesiegedPlan", "BesiegerPlan", "Garrison", "PlanError"]

ASSAULT_FORMAT = 1


class PlanError(ValueError):
    """A plan the rules do not allow: the message names the field at fault and the clause."""


@dataclass(frozen=True)
class BesiegerPlan:
    """The besieger's plan (§7, §10, §14): the rampart section each ladder leans on, the gate of the ram (covered
    or not, with its crew), the section of the siege tower, each war machine's target (a rampart section or
    ``"gate:G1"``), the section the sappers undermine, and the engine points to buy all this with.
    """

    ladders: tuple[str, ...] = ()
    ram_gate: str | None = None
    covered_ram: bool = False
    ram_crew: int = MIN_CARRIERS
    tower: str | None = None
    machines: tuple[str, ...] = ()
    mine: str | None = None
    engine_points: int = 0

    def engines(self) -> tuple[str, ...]:
        """What the plan buys (§14.1)."""
        bought = ["ladder"] * len(self.ladders)
        if self.ram_gate is not None:
            bought.append("covered_ram" if self.covered_ram else "ram")
        if self.tower is not None:
            bought.append("siege_tower")
        return tuple(bought)

    def to_json(self) -> dict[str, Any]:
        return {
            "ladders": list(self.ladders),
            "ram_gate": self.ram_gate,
            "covered_ram": self.covered_ram,
            "ram_crew": self.ram_crew,
            "tower": self.tower,
            "machines": list(self.machines),
            "mine": self.mine,
            "engine_points": self.engine_points,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BesiegerPlan:
        return cls(
            ladders=tuple(_text(x, "ladders") for x in _list(data, "ladders")),
            ram_gate=_optional_text(data, "ram_gate"),
            covered_ram=_flag(data, "covered_ram"),
            ram_crew=_whole(data, "ram_crew", MIN_CARRIERS),
            tower=_optional_text(data, "tower"),
            machines=tuple(_text(x, "machines") for x in _list(data, "machines")),
            mine=_optional_text(data, "mine"),
            engine_points=_whole(data, "engine_points", 0),
        )


@dataclass(frozen=True)
class Garrison:
    """``count`` models of a ``troop`` (``"halberdier"`` or ``"crossbowman"``) deployed on ``section``."""

    section: str
    troop: str
    count: int


@dataclass(frozen=True)
class BesiegedPlan:
    """The besieged's plan (§8, §10.2, §14.2): the garrison by section, stones and rocks by section, braziers by
    section with their liquid (``None``: a bare brazier), how many models counter-mine, and the engine points.
    """

    garrison: tuple[Garrison, ...] = ()
    stones: tuple[tuple[str, int], ...] = ()
    rocks: tuple[tuple[str, int], ...] = ()
    braziers: tuple[tuple[str, Liquid | None], ...] = ()
    counter_miners: int = 0
    engine_points: int = 0

    def engines(self) -> tuple[str, ...]:
        """What the plan buys (§14.2): a token per stone and rock, a brazier with its liquid."""
        items = {None: "brazier", Liquid.WATER: "brazier_water", Liquid.OIL: "brazier_oil", Liquid.LEAD: "brazier_lead"}
        bought = ["stones"] * sum(n for _, n in self.stones) + ["rock"] * sum(n for _, n in self.rocks)
        bought += [items[liquid] for _, liquid in self.braziers]
        return tuple(bought)

    def to_json(self) -> dict[str, Any]:
        return {
            "garrison": [[g.section, g.troop, g.count] for g in self.garrison],
            "stones": [list(x) for x in self.stones],
            "rocks": [list(x) for x in self.rocks],
            "braziers": [[s, None if x is None else x.value] for s, x in self.braziers],
            "counter_miners": self.counter_miners,
            "engine_points": self.engine_points,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BesiegedPlan:
        garrison = []
        for row in _list(data, "garrison"):
            if not isinstance(row, list | tuple) or len(row) != 3:
                raise PlanError(f"garrison: each entry is [section, troop, count], not {row!r}")
            garrison.append(Garrison(_text(row[0], "garrison"), _text(row[1], "garrison"), _int(row[2], "garrison")))
        return cls(
            garrison=tuple(garrison),
            stones=_pairs(data, "stones"),
            rocks=_pairs(data, "rocks"),
            braziers=tuple((section, _liquid(x)) for section, x in _raw_pairs(data, "braziers")),
            counter_miners=_whole(data, "counter_miners", 0),
            engine_points=_whole(data, "engine_points", 0),
        )


@dataclass(frozen=True)
class Assault:
    """Both plans against a standard fort for ``fort_points`` besieged army points (§1, Table 1)."""

    besieger: BesiegerPlan
    besieged: BesiegedPlan
    fort_points: int = 1500

    def to_json(self) -> dict[str, Any]:
        return {
            "format": ASSAULT_FORMAT,
            "fort_points": self.fort_points,
            "besieger": self.besieger.to_json(),
            "besieged": self.besieged.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Assault:
        if not isinstance(data, Mapping):
            raise PlanError("an assault is a JSON object with its besieger and besieged plans")
        if data.get("format", ASSAULT_FORMAT) != ASSAULT_FORMAT:
            raise PlanError(f"assault format {data.get('format')!r} is not supported; this engine reads 1")
        for key in ("besieger", "besieged"):
            if not isinstance(data.get(key), Mapping):
                raise PlanError(f"{key}: the plan is missing or is not a JSON object")
        return cls(
            BesiegerPlan.from_json(data["besieger"]),
            BesiegedPlan.from_json(data["besieged"]),
            _whole(data, "fort_points", 1500),
        )

    def orders(self) -> Orders:
        """What the policies read from the plans beyond the battle's opening state."""
        ammunition: dict[str, list[int]] = {}
        for section, n in self.besieged.stones:
            ammunition.setdefault(section, [0, 0])[0] += n
        for section, n in self.besieged.rocks:
            ammunition.setdefault(section, [0, 0])[1] += n
        return Orders(
            machine_targets=self.besieger.machines,
            mine_section=self.besieger.mine,
            counter_miners=self.besieged.counter_miners,
            ammunition=tuple((s, st, r) for s, (st, r) in ammunition.items()),
            braziers=self.besieged.braziers,
        )


# ---- JSON reading, each fault named ---------------------------------------------------------------------------------


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list | tuple):
        raise PlanError(f"{key}: a list was expected, not {value!r}")
    return list(value)


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str) or not value:
        raise PlanError(f"{key}: a section or gate name was expected, not {value!r}")
    return value


def _optional_text(data: Mapping[str, Any], key: str) -> str | None:
    value = data.get(key)
    return None if value in (None, "") else _text(value, key)


def _flag(data: Mapping[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise PlanError(f"{key}: true or false was expected, not {value!r}")
    return value


PLAN_MOST = 100_000
"""No count, crew or points of a plan goes beyond an army's points: a larger number is refused before it is used."""


def _int(value: Any, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= PLAN_MOST:
        raise PlanError(f"{key}: a whole number from 0 to {PLAN_MOST} was expected, not {value!r}")
    return int(value)


def _whole(data: Mapping[str, Any], key: str, default: int) -> int:
    return _int(data.get(key, default), key)


def _raw_pairs(data: Mapping[str, Any], key: str) -> list[tuple[str, Any]]:
    pairs = []
    for row in _list(data, key):
        if not isinstance(row, list | tuple) or len(row) != 2:
            raise PlanError(f"{key}: each entry is [section, value], not {row!r}")
        pairs.append((_text(row[0], key), row[1]))
    return pairs


def _pairs(data: Mapping[str, Any], key: str) -> tuple[tuple[str, int], ...]:
    return tuple((section, _int(n, key)) for section, n in _raw_pairs(data, key))


def _liquid(value: Any) -> Liquid | None:
    if value is None:
        return None
    try:
        return Liquid(value)
    except ValueError:
        raise PlanError(f"braziers: {value!r} is not a liquid; one of {', '.join(x.value for x in Liquid)}") from None
