"""Turn adjudication: the campaign's orders in, moves, captures and battles out. Pure: no ORM, no clock.

The rules of a turn, each named where the code applies it (the tests cite the same names):

- *hold*: an army without an order holds; a garrison always holds (it never leaves its fort).
- *reinforce*: the army holds and gains the campaign's reinforcement points, up to the army points limit.
- *swap*: enemy armies marching into each other's territory meet on the road; the weaker column (by points; on a
  tie, the one from the territory with the higher id) halts and holds, the stronger marches on.
- *standoff*: several players enter one territory; the strongest side goes in, the others fall back to where they
  came from; on a tie for strongest, all of them fall back.
- *walls*: an attack order cannot storm a fort whose defenders shut themselves in (a garrison alone, or armies
  withdrawn into the fort): the attacker falls back. Only a besiege order lays siege.
- *siege*: a besieger against defenders in their fort fights a siege with the fort's garrison points; the besieged
  gain heroism tokens for the open-field points they gave up (§15, R13).
- *battle*: any other meeting of enemies in a territory is a field battle.
- *capture*: a player whose armies enter a territory unopposed takes it.

Once a battle is played, its result has an aftermath (:func:`aftermath`):

- *losses*: each side's losses come off its armies in proportion to the points each brought; an army left with no
  points is *destroyed*.
- *taken*, *castle_taken*, *held*, *draw*: the attacker who wins takes the territory (a besieger, the castle); on a
  draw the defender keeps it and the attacker falls back.
- *fall_back*: the beaten side's surviving armies fall back: to the territory they came from if it is still their
  player's or nobody's, else to a neighbouring territory of their player, else to a neighbouring territory nobody
  owns. A garrison whose fort falls marches out as a field army (*garrison_out*).
- *cut_off*: a beaten army with nowhere to fall back to is not destroyed: it stays, cut off, in the lost territory
  and must fight its way out.

Fallbacks can empty or fill other territories, so contests are worked out again until no army falls back any more.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.siege.chapters.heroism import heroism_tokens

from .enums import BattleKind, OrderKind, Side, Winner

MARCHES = frozenset({OrderKind.MOVE, OrderKind.ATTACK, OrderKind.BESIEGE})


@dataclass(frozen=True)
class TerritoryState:
    id: int
    owner: int | None
    fortified: bool
    neighbours: frozenset[int]


@dataclass(frozen=True)
class ArmyState:
    id: int
    owner: int
    territory: int
    points: int
    garrison: bool = False


@dataclass(frozen=True)
class OrderIn:
    army: int
    kind: str
    target: int | None = None
    withdraw: bool = False


@dataclass(frozen=True)
class Engagement:
    """An army in a battle and the territory it came from (where it falls back if beaten)."""

    army: int
    origin: int
    points: int


@dataclass(frozen=True)
class BattleOut:
    territory: int
    kind: str
    attacker: int
    defender: int
    attackers: tuple[Engagement, ...]
    defenders: tuple[Engagement, ...]
    attacker_points: int
    defender_points: int
    open_field_points: int | None = None
    heroism_tokens: int = 0


@dataclass(frozen=True)
class Event:
    """Something that happened, for the turn log: ``code`` is one of the rule names of this module."""

    code: str
    territory: int
    army: int | None = None
    player: int | None = None
    points: int | None = None
    """The points an army lost, for an army destroyed in battle."""


@dataclass(frozen=True)
class Resolution:
    positions: Mapping[int, int]
    """Every army's territory after the moves; armies in a battle stand in the contested territory."""
    points: Mapping[int, int]
    """Every army's points after reinforcement."""
    captures: Mapping[int, int]
    """Territory → its new owner, for territories taken unopposed."""
    battles: tuple[BattleOut, ...]
    events: tuple[Event, ...]


def order_problem(
    order: OrderIn, army: ArmyState, territories: Mapping[int, TerritoryState], *, fort_garrisoned: bool = False
) -> str | None:
    """Why ``order`` cannot be given to ``army``, or None when it can."""
    here = territories[army.territory]
    if order.kind not in OrderKind.values:
        return _("Unknown order “%(kind)s”.") % {"kind": order.kind}
    if army.garrison and order.kind != OrderKind.HOLD:
        return _("A garrison never leaves its fort: its only order is to hold.")
    if order.kind in MARCHES:
        if order.target is None:
            return _("This order needs a target territory.")
        target = territories.get(order.target)
        if target is None or order.target not in here.neighbours:
            return _("The target is not a neighbour of the army's territory: armies move along neighbours only.")
        if order.kind == OrderKind.MOVE and target.owner not in (None, army.owner):
            return _("The target belongs to another player: give an attack or besiege order to enter it.")
        if order.kind in (OrderKind.ATTACK, OrderKind.BESIEGE) and target.owner == army.owner:
            return _("You cannot attack your own territory: give a move order.")
        if order.kind == OrderKind.BESIEGE and not target.fortified:
            return _("Only a castle or a fortress can be besieged.")
    elif order.target is not None:
        return _("Hold and reinforce orders take no target.")
    if order.kind == OrderKind.REINFORCE and here.owner != army.owner:
        return _("An army reinforces only in a territory its player owns.")
    if order.withdraw and (order.kind in MARCHES or not here.fortified or here.owner != army.owner):
        return _("Only an army holding its own castle or fortress can withdraw into the fort.")
    if order.withdraw and not fort_garrisoned:
        return _("This fort has no garrison to fight the siege with.")
    return None


def resolve(
    territories: Iterable[TerritoryState],
    armies: Iterable[ArmyState],
    orders: Iterable[OrderIn],
    *,
    reinforcement: int,
    points_limit: int,
) -> Resolution:
    """Adjudicates one turn. Orders must already have passed :func:`order_problem`."""
    land = {t.id: t for t in territories}
    force = {a.id: a for a in armies}
    given = {o.army: o for o in orders if o.army in force}
    order = {a: given.get(a, OrderIn(a, OrderKind.HOLD)) for a in force}
    events: list[Event] = []

    points = {a.id: a.points for a in force.values()}
    for army_id, o in order.items():
        if o.kind == OrderKind.REINFORCE:
            points[army_id] = min(points_limit, points[army_id] + reinforcement)
            events.append(Event(OrderKind.REINFORCE, force[army_id].territory, army_id))

    destination = {
        a.id: target if order[a.id].kind in MARCHES and (target := order[a.id].target) is not None else a.territory
        for a in force.values()
    }
    for army_id in _halted_in_swaps(force, destination, points, events):
        destination[army_id] = force[army_id].territory

    while True:
        fallbacks, battles, captures, contest_events = _contests(land, force, order, destination, points)
        marching_back = {a: code for a, code in fallbacks.items() if destination[a] != force[a].territory}
        if not marching_back:
            break
        for army_id, code in marching_back.items():
            destination[army_id] = force[army_id].territory
            events.append(Event(code, destination[army_id], army_id, force[army_id].owner))
    events.extend(contest_events)
    for army_id, there in destination.items():
        if there != force[army_id].territory and not any(army_id in _army_ids(b.attackers) for b in battles):
            events.append(Event(OrderKind.MOVE, there, army_id, force[army_id].owner))
    return Resolution(destination, points, captures, tuple(battles), tuple(events))


def _army_ids(engagements: Sequence[Engagement]) -> set[int]:
    return {e.army for e in engagements}


def _halted_in_swaps(
    force: Mapping[int, ArmyState], destination: Mapping[int, int], points: Mapping[int, int], events: list[Event]
) -> list[int]:
    """The armies of the weaker column wherever enemy columns swap territories ("swap")."""
    columns: dict[tuple[int, int], list[int]] = defaultdict(list)
    for army_id, there in destination.items():
        if there != force[army_id].territory:
            columns[(force[army_id].territory, there)].append(army_id)
    halted: list[int] = []
    for (start, end), forward in columns.items():
        backward = columns.get((end, start), [])
        if start > end or not backward:
            continue
        if len({force[a].owner for a in forward + backward}) == 1:
            continue  # one player's own armies change places
        strength_forward = sum(points[a] for a in forward)
        strength_backward = sum(points[a] for a in backward)
        weaker = backward if strength_forward >= strength_backward else forward
        halted.extend(weaker)
        events.extend(Event("swap", force[a].territory, a, force[a].owner) for a in weaker)
    return halted


def _contests(
    land: Mapping[int, TerritoryState],
    force: Mapping[int, ArmyState],
    order: Mapping[int, OrderIn],
    destination: Mapping[int, int],
    points: Mapping[int, int],
) -> tuple[dict[int, str], list[BattleOut], dict[int, int], list[Event]]:
    """One pass over every territory: who falls back (and why), which battles and captures follow."""
    present: dict[int, list[int]] = defaultdict(list)
    for army_id, there in destination.items():
        present[there].append(army_id)
    fallbacks: dict[int, str] = {}
    battles: list[BattleOut] = []
    captures: dict[int, int] = {}
    events: list[Event] = []
    for territory_id, army_ids in sorted(present.items()):
        territory = land[territory_id]
        stayers = [a for a in army_ids if force[a].territory == territory_id]
        holder = _holder(territory, [force[a] for a in stayers])
        defenders = [a for a in army_ids if force[a].owner == holder] if holder is not None else []
        arrivals: dict[int, list[int]] = defaultdict(list)
        for army_id in army_ids:
            if force[army_id].owner != holder:
                arrivals[force[army_id].owner].append(army_id)
        if not arrivals:
            continue
        shut_in = bool(defenders) and territory.fortified and _shut_in([force[a] for a in defenders], order)
        if shut_in:
            for attackers in arrivals.values():
                for army_id in attackers:
                    if order[army_id].kind != OrderKind.BESIEGE:
                        fallbacks[army_id] = "walls"
            arrivals = {
                player: kept for player, ids in arrivals.items() if (kept := [a for a in ids if a not in fallbacks])
            }
            if not arrivals:
                continue
        ranked = sorted(arrivals.items(), key=lambda item: -sum(points[a] for a in item[1]))
        strongest = sum(points[a] for a in ranked[0][1])
        tied = len(ranked) > 1 and sum(points[a] for a in ranked[1][1]) == strongest
        losers = ranked if tied else ranked[1:]
        for _player, ids in losers:
            fallbacks.update(dict.fromkeys(ids, "standoff"))
        if tied:
            continue
        attacker, attacker_ids = ranked[0]
        if holder is None:
            if territory.owner != attacker:
                captures[territory_id] = attacker
                events.append(Event("capture", territory_id, player=attacker))
            continue
        battles.append(_battle(territory, force, points, attacker, attacker_ids, holder, defenders, shut_in))
        events.append(Event(battles[-1].kind, territory_id, player=attacker))
    return fallbacks, battles, captures, events


def _holder(territory: TerritoryState, stayers: Sequence[ArmyState]) -> int | None:
    """The player defending a territory: its owner if their armies are there, else whoever alone stayed there."""
    owners = {a.owner for a in stayers}
    if territory.owner in owners:
        return territory.owner
    return owners.pop() if len(owners) == 1 else None


def _shut_in(defenders: Sequence[ArmyState], order: Mapping[int, OrderIn]) -> bool:
    """Defenders inside their fort: a garrison alone, or field armies ordered to withdraw into it."""
    field = [a for a in defenders if not a.garrison]
    return any(a.garrison for a in defenders) and all(order[a.id].withdraw for a in field)


def _battle(
    territory: TerritoryState,
    force: Mapping[int, ArmyState],
    points: Mapping[int, int],
    attacker: int,
    attacker_ids: Sequence[int],
    defender: int,
    defender_ids: Sequence[int],
    shut_in: bool,
) -> BattleOut:
    def engagements(ids: Sequence[int]) -> tuple[Engagement, ...]:
        return tuple(Engagement(a, force[a].territory, points[a]) for a in sorted(ids))

    attacker_points = sum(points[a] for a in attacker_ids)
    open_field = sum(points[a] for a in defender_ids)
    if not shut_in:
        return BattleOut(
            territory.id,
            BattleKind.FIELD,
            attacker,
            defender,
            engagements(attacker_ids),
            engagements(defender_ids),
            attacker_points,
            open_field,
        )
    garrison = sum(points[a] for a in defender_ids if force[a].garrison)
    return BattleOut(
        territory.id,
        BattleKind.SIEGE,
        attacker,
        defender,
        engagements(attacker_ids),
        engagements(defender_ids),
        attacker_points,
        garrison,
        open_field_points=open_field,
        heroism_tokens=heroism_tokens(open_field, garrison),  # §15, R13
    )


# The aftermath of a played battle -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fighter:
    """An army in a battle whose result is in."""

    army: int
    owner: int
    side: str
    """:class:`~.choices.Side`."""
    brought: int
    """The points it brought to the battle."""
    points: int
    """Its points before the result."""
    origin: int
    """The territory it came from."""
    at: int
    """The territory it stands in now."""
    garrison: bool = False


@dataclass(frozen=True)
class ArmyAfter:
    army: int
    points: int
    destroyed: bool
    territory: int
    garrison: bool


@dataclass(frozen=True)
class Aftermath:
    armies: tuple[ArmyAfter, ...]
    """Every fighter, in the order given."""
    captured: bool
    """The attacker took the territory."""
    events: tuple[Event, ...]


def aftermath(
    *,
    kind: str,
    winner: str,
    territory: TerritoryState,
    attacker: int,
    defender: int,
    fighters: Sequence[Fighter],
    losses: Mapping[str, int],
    owners: Mapping[int, int | None],
) -> Aftermath:
    """What a confirmed result changes (the rules *losses* to *cut_off* above). ``losses`` by side; ``owners`` gives
    the owner of every territory a fighter came from and of every neighbour of the battle's territory."""
    points = {f.army: f.points for f in fighters}
    destroyed: set[int] = set()
    events: list[Event] = []
    for side in (Side.ATTACKER, Side.DEFENDER):  # losses
        engaged = [f for f in fighters if f.side == side]
        total = sum(f.brought for f in engaged) or 1
        for f in engaged:
            lost = min(points[f.army], round(losses[side] * f.brought / total))
            points[f.army] -= lost
            if points[f.army] == 0:
                destroyed.add(f.army)
                events.append(Event("destroyed", territory.id, army=f.army, points=lost))
    captured = winner == Winner.ATTACKER
    if captured:
        events.append(Event("castle_taken" if kind == BattleKind.SIEGE else "taken", territory.id, player=attacker))
    else:
        events.append(Event("held" if winner == Winner.DEFENDER else "draw", territory.id, player=defender))
    beaten = Side.DEFENDER if captured else Side.ATTACKER
    armies = []
    for f in fighters:
        place, garrison = f.at, f.garrison
        if f.side == beaten and f.army not in destroyed:
            if garrison:
                garrison = False
                events.append(Event("garrison_out", territory.id, army=f.army))
            place = _refuge(f, territory, owners)
            events.append(Event("cut_off" if place == territory.id else "fall_back", place, army=f.army))
        armies.append(ArmyAfter(f.army, points[f.army], f.army in destroyed, place, garrison))
    return Aftermath(tuple(armies), captured, tuple(events))


def _refuge(fighter: Fighter, lost: TerritoryState, owners: Mapping[int, int | None]) -> int:
    """Where a beaten army falls back (*fall_back*), or the lost territory itself when it is *cut_off*."""
    if fighter.origin != lost.id and owners[fighter.origin] in (fighter.owner, None):
        return fighter.origin
    neighbours = sorted(lost.neighbours)
    for wanted in (fighter.owner, None):
        refuge = next((t for t in neighbours if owners[t] == wanted), None)
        if refuge is not None:
            return refuge
    return lost.id
