"""From what the set-up page asks to the engine's :class:`~rules.siege.battle.Setup`: the forces as units of
models with their profiles, deployed in the order of §16, the engines bought from each side's budget (§14, R14).

The armies' rosters give the units when they have them; an army without a roster gets a plain force of its
points, so that a siege can be played at once and re-deployed in the set-up step (§16).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from django.utils.translation import gettext

from rules.siege import example
from rules.siege.battle import Setup
from rules.siege.board.engines import Belfry, Ladder, Ram, SiegeTower
from rules.siege.board.fort import FortLayout, SectionKind
from rules.siege.board.profiles import Missile, Profile, Special, TroopType
from rules.siege.board.state import Model, Place, Side, Zone, quota
from rules.siege.example import BOSS, CROSSBOWMAN, HALBERDIER, ORC

MAX_MODELS_A_SIDE = 120
"""The most models a side brings to a tracked siege: a page of checkboxes stays usable on a phone."""

SPEARMAN = HALBERDIER
CAPTAIN = replace(example.CAPTAIN, rules=example.CAPTAIN.rules | {Special.GENERAL})
WARRIOR = ORC
ARCHER = Profile("Archer", ws=3, bs=3, t=4, i=2, ld=7, points=7, missile=Missile("bow", 3))
WARLORD = replace(BOSS, rules=BOSS.rules | {Special.GENERAL})
CATAPULT = Profile("Catapult", ws=0, bs=0, s=0, t=7, w=3, i=0, a=0, ld=0, points=80, troop_type=TroopType.WAR_MACHINE)


@dataclass(frozen=True)
class UnitSpec:
    """A unit as it comes to the battle: its name, how many models and their profile."""

    name: str
    count: int
    profile: Profile


@dataclass(frozen=True)
class SetupChoice:
    """What the set-up page asks: the fort, the points, heroism tokens (§15), the engines (§14), whether the siege
    towers are played as belfries (001, R16), the forces."""

    fort: FortLayout
    besieger_points: int
    besieged_points: int
    heroism_tokens: int = 0
    besieger_engine_points: int = 100
    besieged_engine_points: int = 0
    ladders: int = 2
    ladder_wall: str = ""
    rams: int = 0
    covered_rams: int = 1
    siege_towers: int = 0
    tower_wall: str = ""
    belfry: bool = False
    """the siege towers are played as the belfry of « Le Beffroi » (001, R16)."""
    belfry_distance: int = 4
    """the belfries' distance to their wall at the start, in hexes (001 §4.1)."""
    table_dice: bool = False
    besieger_units: Sequence[UnitSpec] = field(default_factory=tuple)
    besieged_units: Sequence[UnitSpec] = field(default_factory=tuple)


class SetupProblem(ValueError):
    """A set-up the engine would refuse, with the clause that says why."""

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.clause = clause


def default_units(side: Side, points: int) -> tuple[UnitSpec, ...]:
    """A plain force of ``points``: a general, a quarter in shooters, the rest in rank and file; the besieger of
    1000 points or more brings a catapult to batter the walls (§5.9). A force beyond :data:`MAX_MODELS_A_SIDE`
    models keeps its proportions. The units are named in the language of the page that builds the battle: the
    names are stored with it, as a roster's names are."""
    if side is Side.BESIEGER:
        (leader, shooter, rank) = (WARLORD, ARCHER, WARRIOR)
        names = (gettext("Warlord"), gettext("Archers"), gettext("Warriors"))
        machines = (UnitSpec(gettext("Catapult"), 1, CATAPULT),) if points >= 1000 else ()
    else:
        (leader, shooter, rank) = (CAPTAIN, CROSSBOWMAN, SPEARMAN)
        names = (gettext("Captain"), gettext("Crossbowmen"), gettext("Spearmen"))
        machines = ()
    left = max(0, points - leader.points - sum(u.profile.points for u in machines))
    shooters = max(1, left // 4 // shooter.points)
    ranks = max(1, (left - shooters * shooter.points) // rank.points)
    room = MAX_MODELS_A_SIDE - 1 - len(machines)
    if shooters + ranks > room:
        shooters = max(1, shooters * room // (shooters + ranks))
        ranks = room - shooters
    return (
        UnitSpec(names[0], 1, leader),
        *machines,
        UnitSpec(names[1], shooters, shooter),
        UnitSpec(names[2], ranks, rank),
    )


def _capped(units: Sequence[UnitSpec]) -> tuple[UnitSpec, ...]:
    room = MAX_MODELS_A_SIDE
    kept = []
    for unit in units:
        count = min(unit.count, room)
        if count > 0:
            kept.append(UnitSpec(unit.name, count, unit.profile))
        room -= count
    return tuple(kept)


def roster_unit(
    name: str,
    count: int,
    points: int,
    characteristics: Mapping[str, Any],
    save: int | None,
    rules: Sequence[str],
) -> UnitSpec | None:
    """A unit of a campaign army's roster as the engine's models; ``None`` when its profile is incomplete."""
    try:
        stats = {key: int(characteristics[key]) for key in ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld")}
    except (KeyError, TypeError, ValueError):
        return None
    known = {s.value: s for s in Special}
    names = (r.strip().casefold().replace(" ", "_") for r in rules)
    specials = frozenset(known[n] for n in names if n in known)
    profile = Profile(
        name[:60],
        m=stats["M"],
        ws=stats["WS"],
        bs=stats["BS"],
        s=stats["S"],
        t=stats["T"],
        w=max(1, stats["W"]),
        i=stats["I"],
        a=stats["A"],
        ld=stats["Ld"],
        save=save if save is not None and 1 <= save <= 6 else None,
        points=points // max(1, count),
        rules=specials,
    )
    return UnitSpec(name[:60], max(1, count), profile)


def build_setup(choice: SetupChoice) -> Setup:
    """The engine's set-up for ``choice``, deployed in the order of §16: the besieged on the ramparts first, the
    besieger 40 cm or more from the walls with his engines, then the besieged in the courtyards. Raises
    :class:`SetupProblem` naming the clause when the forces do not fit the fort (§1.7) or the engines the budget
    (§14, R14)."""
    fort = choice.fort
    ramparts = [s.id for s in fort.sections if s.is_rampart and s.level == 3]
    if not ramparts:
        raise SetupProblem(gettext("The fort has no rampart section."), "§1.1")
    ladder_wall = choice.ladder_wall or _default_wall(fort, ramparts)
    tower_wall = choice.tower_wall or ladder_wall
    for wall in (ladder_wall, tower_wall):
        if wall not in ramparts:
            raise SetupProblem(
                gettext("%(section)s is not a wall or tower section of the fort.") % {"section": wall}, "§7.1.4"
            )
    besieged_units = _capped(choice.besieged_units) or default_units(Side.BESIEGED, choice.besieged_points)
    besieger_units = _capped(choice.besieger_units) or default_units(Side.BESIEGER, choice.besieger_points)
    besieged = _models(Side.BESIEGED, besieged_units, "d")
    besieger = _models(Side.BESIEGER, besieger_units, "a")
    placed = _deploy_besieged(fort, besieged)
    outside = Place(Zone.FIELD, "outside")  # §16: 40 cm or more from the walls
    models = (*placed, *(_at(m, outside) for m in besieger))
    ladders = tuple(Ladder(f"L{n}", ladder_wall, raised=False) for n in range(1, choice.ladders + 1))
    rams = tuple(Ram(f"R{n}") for n in range(1, choice.rams + 1))
    rams += tuple(Ram(f"R{n}", covered=True) for n in range(choice.rams + 1, choice.rams + choice.covered_rams + 1))
    towers = tuple(SiegeTower(f"ST{n}", None) for n in range(1, choice.siege_towers + 1))
    if choice.belfry and not towers:
        raise SetupProblem(gettext("A belfry is bought and placed as a siege tower: buy one to play it."), "R16")
    belfries = tuple(Belfry(t.id, tower_wall, choice.belfry_distance) for t in towers) if choice.belfry else ()
    purchases = (
        *((Side.BESIEGER, "ladder") for _ in ladders),
        *((Side.BESIEGER, "covered_ram" if r.covered else "ram") for r in rams),
        *((Side.BESIEGER, "siege_tower") for _ in towers),
    )
    return Setup(
        fort,
        models,
        ladders=ladders,
        siege_towers=towers,
        rams=rams,
        budgets=(
            (Side.BESIEGER, choice.besieger_engine_points, choice.besieger_points),
            (Side.BESIEGED, choice.besieged_engine_points, choice.besieged_points),
        ),
        purchases=purchases,
        heroism_tokens=choice.heroism_tokens,
        table_dice=choice.table_dice,
        belfry=choice.belfry,
        belfries=belfries,
    )


def _default_wall(fort: FortLayout, ramparts: Sequence[str]) -> str:
    walls = [s.id for s in fort.sections if s.kind is SectionKind.WALL_WALK and s.id in ramparts]
    return walls[len(walls) // 2] if walls else ramparts[0]


def _models(side: Side, units: Sequence[UnitSpec], prefix: str) -> list[Model]:
    found = []
    for number, unit in enumerate(units, start=1):
        label = f"{unit.name} ({number})" if sum(u.name == unit.name for u in units) > 1 else unit.name
        for index in range(1, unit.count + 1):
            found.append(Model(f"{prefix}{number}-{index}", side, unit.profile, Place(Zone.FIELD, "outside"), label))
    return found


def _at(model: Model, place: Place) -> Model:
    return Model(model.id, model.side, model.profile, place, model.unit, model.wounds_lost, model.fleeing)


def _deploy_besieged(fort: FortLayout, models: Sequence[Model]) -> list[Model]:
    """§16: the besieged's shooters and half its rank and file on the ramparts, section by section within the
    quota (§1.7); the rest, and its cavalry, in the courtyards."""
    ramparts = [s for s in fort.sections if s.is_rampart and s.level == 3]
    courtyards = [s for s in fort.sections if s.kind is SectionKind.COURTYARD]
    room = {s.id: quota(s.kind) for s in (*ramparts, *courtyards)}
    on_walls = [m for m in models if m.profile.missile is not None and not m.profile.is_cavalry]
    others = [m for m in models if m not in on_walls]
    on_walls += [m for m in others[: len(others) // 2] if not m.profile.is_cavalry]
    placed = []
    turn, unit = -1, None
    for model in models:
        if model.unit != unit:  # each unit starts on the next section, and stays together while there is room
            turn, unit = turn + 1, model.unit
        sections = ramparts if model in on_walls else courtyards
        target = None
        for step in range(len(sections)):
            candidate = sections[(turn + step) % len(sections)]
            if room[candidate.id] >= model.profile.ratio:
                target = candidate
                break
        if target is None:
            target = next((c for c in courtyards if room[c.id] >= model.profile.ratio), None)
        if target is None:
            message = gettext("The fort holds no more besieged models: %(count)s are too many for its quotas.")
            raise SetupProblem(message % {"count": len(models)}, "§1.7")
        room[target.id] -= model.profile.ratio
        placed.append(_at(model, Place(Zone.SECTION, target.id)))
    return placed
