"""Turn adjudication by data cases, each named after the rule it checks (campaigns.resolution's docstring).

Every case runs twice: through the pure adjudicator, and through the services on PostgreSQL (orders submitted and
validated, the turn resolved, armies, owners and battles read back from the database).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from django.contrib.auth.models import User

from campaigns import resolution
from campaigns.models import Army, Battle, Campaign, Role, Territory, TerritoryKind, TurnState
from campaigns.services import (
    TerritorySpec,
    add_campaign_member,
    create_army,
    join_club,
    load_map,
    open_turn,
    resolve_turn,
    start_resolution,
    submit_order,
)

PLAYERS = ("p1", "p2", "p3")
# name: (owner, kind), in id order (the swap rule breaks ties by territory id)
MAP = {
    "Altdorf": ("p1", TerritoryKind.OPEN_LAND),
    "Nuln": ("p2", TerritoryKind.TOWN),
    "Plaine": (None, TerritoryKind.OPEN_LAND),
    "Château": ("p2", TerritoryKind.CASTLE),
    "Marais": ("p3", TerritoryKind.OPEN_LAND),
    "Bois": ("p1", TerritoryKind.OPEN_LAND),
}
ROADS = (
    ("Altdorf", "Nuln"),
    ("Altdorf", "Plaine"),
    ("Altdorf", "Bois"),
    ("Altdorf", "Château"),
    ("Nuln", "Plaine"),
    ("Nuln", "Marais"),
    ("Plaine", "Château"),
    ("Plaine", "Marais"),
    ("Bois", "Plaine"),
)
REINFORCEMENT, LIMIT = 250, 3000


@dataclass(frozen=True)
class A:
    name: str
    owner: str
    at: str
    points: int = 1000
    garrison: bool = False


@dataclass(frozen=True)
class Ord:
    army: str
    kind: str
    target: str | None = None
    withdraw: bool = False


@dataclass(frozen=True)
class Case:
    armies: tuple[A, ...]
    orders: tuple[Ord, ...]
    positions: dict[str, str]
    captures: dict[str, str] = field(default_factory=dict)
    battles: tuple[tuple[str, str, str, str, int], ...] = ()
    """(territory, kind, attacking player, defending player, heroism tokens)."""
    points: dict[str, int] = field(default_factory=dict)
    fallbacks: dict[str, str] = field(default_factory=dict)
    """Army → the rule that sent it back (or halted it)."""


CASES = {
    "hold: an army without orders stays": Case(
        (A("Reiksguard", "p1", "Altdorf"),),
        (),
        {"Reiksguard": "Altdorf"},
    ),
    "capture: unopposed entry into free land takes it": Case(
        (A("Reiksguard", "p1", "Altdorf"),),
        (Ord("Reiksguard", "move", "Plaine"),),
        {"Reiksguard": "Plaine"},
        captures={"Plaine": "p1"},
    ),
    "capture: an attack on an enemy territory left empty takes it": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln")),
        (Ord("Reiksguard", "attack", "Nuln"), Ord("Nuln guard", "attack", "Marais")),
        {"Reiksguard": "Nuln", "Nuln guard": "Marais"},
        captures={"Nuln": "p1", "Marais": "p2"},
    ),
    "move: a player's own armies change places": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Hunters", "p1", "Bois")),
        (Ord("Reiksguard", "move", "Bois"), Ord("Hunters", "move", "Altdorf")),
        {"Reiksguard": "Bois", "Hunters": "Altdorf"},
    ),
    "battle: an attack on a held territory is a field battle": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln")),
        (Ord("Reiksguard", "attack", "Nuln"),),
        {"Reiksguard": "Nuln", "Nuln guard": "Nuln"},
        battles=(("Nuln", "field", "p1", "p2", 0),),
    ),
    "swap: the stronger column marches on, the weaker halts and defends": Case(
        (A("Nuln guard", "p2", "Nuln", 1200), A("Reiksguard", "p1", "Altdorf", 800)),
        (Ord("Reiksguard", "attack", "Nuln"), Ord("Nuln guard", "attack", "Altdorf")),
        {"Reiksguard": "Altdorf", "Nuln guard": "Altdorf"},
        battles=(("Altdorf", "field", "p2", "p1", 0),),
        fallbacks={"Reiksguard": "swap"},
    ),
    "swap: equal columns, the one from the higher territory id halts": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln")),
        (Ord("Reiksguard", "attack", "Nuln"), Ord("Nuln guard", "attack", "Altdorf")),
        {"Reiksguard": "Nuln", "Nuln guard": "Nuln"},
        battles=(("Nuln", "field", "p1", "p2", 0),),
        fallbacks={"Nuln guard": "swap"},
    ),
    "standoff: three armies meet in free land, the strongest goes in": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln", 1500), A("Marsh orcs", "p3", "Marais", 800)),
        (Ord("Reiksguard", "move", "Plaine"), Ord("Nuln guard", "move", "Plaine"), Ord("Marsh orcs", "move", "Plaine")),
        {"Reiksguard": "Altdorf", "Nuln guard": "Plaine", "Marsh orcs": "Marais"},
        captures={"Plaine": "p2"},
        fallbacks={"Reiksguard": "standoff", "Marsh orcs": "standoff"},
    ),
    "standoff: a tie for strongest sends everyone back": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln")),
        (Ord("Reiksguard", "move", "Plaine"), Ord("Nuln guard", "move", "Plaine")),
        {"Reiksguard": "Altdorf", "Nuln guard": "Nuln"},
        fallbacks={"Reiksguard": "standoff", "Nuln guard": "standoff"},
    ),
    "standoff: the strongest attacker fights the holder, the other falls back": Case(
        (A("Nuln guard", "p2", "Nuln"), A("Reiksguard", "p1", "Altdorf", 1200), A("Marsh orcs", "p3", "Marais", 800)),
        (Ord("Reiksguard", "attack", "Nuln"), Ord("Marsh orcs", "attack", "Nuln")),
        {"Nuln guard": "Nuln", "Reiksguard": "Nuln", "Marsh orcs": "Marais"},
        battles=(("Nuln", "field", "p1", "p2", 0),),
        fallbacks={"Marsh orcs": "standoff"},
    ),
    "standoff: an army falling back defends its home against a third player": Case(
        (A("Reiksguard", "p1", "Altdorf"), A("Nuln guard", "p2", "Nuln", 1500), A("Marsh orcs", "p3", "Marais", 1200)),
        (Ord("Reiksguard", "move", "Plaine"), Ord("Nuln guard", "move", "Plaine"), Ord("Marsh orcs", "attack", "Nuln")),
        {"Reiksguard": "Altdorf", "Nuln guard": "Plaine", "Marsh orcs": "Nuln"},
        captures={"Plaine": "p2", "Nuln": "p3"},
        fallbacks={"Reiksguard": "standoff"},
    ),
    "walls: an attack order cannot storm a fort held by its garrison": Case(
        (A("Castle guard", "p2", "Château", 1000, True), A("Reiksguard", "p1", "Altdorf", 2000)),
        (Ord("Reiksguard", "attack", "Château"),),
        {"Castle guard": "Château", "Reiksguard": "Altdorf"},
        fallbacks={"Reiksguard": "walls"},
    ),
    "siege: a besieger against a garrison alone lays siege": Case(
        (A("Castle guard", "p2", "Château", 1000, True), A("Reiksguard", "p1", "Altdorf", 2000)),
        (Ord("Reiksguard", "besiege", "Château"),),
        {"Castle guard": "Château", "Reiksguard": "Château"},
        battles=(("Château", "siege", "p1", "p2", 0),),
    ),
    "siege: an army withdrawing into the fort earns heroism tokens (§15, R13)": Case(
        (
            A("Castle guard", "p2", "Château", 1500, True),
            A("Nuln guard", "p2", "Château", 1000),
            A("Reiksguard", "p1", "Altdorf", 3000),
        ),
        (Ord("Nuln guard", "hold", withdraw=True), Ord("Reiksguard", "besiege", "Château")),
        {"Castle guard": "Château", "Nuln guard": "Château", "Reiksguard": "Château"},
        battles=(("Château", "siege", "p1", "p2", 3),),
    ),
    "battle: defenders who stay outside the walls meet a besieger in the field": Case(
        (
            A("Castle guard", "p2", "Château", 1500, True),
            A("Nuln guard", "p2", "Château", 1000),
            A("Reiksguard", "p1", "Altdorf", 3000),
        ),
        (Ord("Reiksguard", "besiege", "Château"),),
        {"Castle guard": "Château", "Nuln guard": "Château", "Reiksguard": "Château"},
        battles=(("Château", "field", "p1", "p2", 0),),
    ),
    "reinforce: the army gains points up to the campaign's limit": Case(
        (A("Reiksguard", "p1", "Altdorf", 2900), A("Hunters", "p1", "Bois", 1000)),
        (Ord("Reiksguard", "reinforce"), Ord("Hunters", "reinforce")),
        {"Reiksguard": "Altdorf", "Hunters": "Bois"},
        points={"Reiksguard": LIMIT, "Hunters": 1000 + REINFORCEMENT},
    ),
}


def _pure_outcome(case: Case) -> tuple[dict[str, str], dict[str, str], set[tuple[str, str, str, str, int]], dict]:
    tid = {name: i for i, name in enumerate(MAP, start=1)}
    pid = {name: i for i, name in enumerate(PLAYERS, start=1)}
    aid = {a.name: i for i, a in enumerate(case.armies, start=1)}
    neighbours = {name: set() for name in MAP}
    for one, other in ROADS:
        neighbours[one].add(tid[other])
        neighbours[other].add(tid[one])
    territories = {
        tid[name]: resolution.TerritoryState(
            tid[name],
            pid.get(owner),
            kind in (TerritoryKind.CASTLE, TerritoryKind.FORTRESS),
            frozenset(neighbours[name]),
        )
        for name, (owner, kind) in MAP.items()
    }
    armies = [resolution.ArmyState(aid[a.name], pid[a.owner], tid[a.at], a.points, a.garrison) for a in case.armies]
    orders = [resolution.OrderIn(aid[o.army], o.kind, tid.get(o.target or ""), o.withdraw) for o in case.orders]
    by_id = {a.id: a for a in armies}
    for order in orders:
        assert resolution.order_problem(order, by_id[order.army], territories, fort_garrisoned=True) is None
    outcome = resolution.resolve(territories.values(), armies, orders, reinforcement=REINFORCEMENT, points_limit=LIMIT)
    tname = {v: k for k, v in tid.items()}
    pname = {v: k for k, v in pid.items()}
    aname = {v: k for k, v in aid.items()}
    positions = {aname[a]: tname[t] for a, t in outcome.positions.items()}
    captures = {tname[t]: pname[p] for t, p in outcome.captures.items()}
    battles = {
        (tname[b.territory], b.kind, pname[b.attacker], pname[b.defender], b.heroism_tokens) for b in outcome.battles
    }
    extra = {
        "points": {aname[a]: p for a, p in outcome.points.items()},
        "fallbacks": {aname[e.army]: e.code for e in outcome.events if e.code in ("swap", "standoff", "walls")},
    }
    return positions, captures, battles, extra


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_adjudicator(case: Case) -> None:
    positions, captures, battles, extra = _pure_outcome(case)
    assert positions == case.positions
    assert captures == case.captures
    assert battles == set(case.battles)
    for army, points in case.points.items():
        assert extra["points"][army] == points
    assert extra["fallbacks"] == case.fallbacks


@pytest.fixture
def board(campaign: Campaign, django_user_model: type[User]) -> Campaign:
    for username in PLAYERS:
        user = django_user_model.objects.create_user(username, password="pw-test-123")
        join_club(club=campaign.club, user=user)
        add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)
    neighbours = {name: [] for name in MAP}
    for one, other in ROADS:
        neighbours[one].append(other)
    load_map(
        campaign=campaign,
        specs=[
            TerritorySpec(name, kind=kind, owner=owner, neighbours=tuple(neighbours[name]), x=10.0 * i, y=10.0)
            for i, (name, (owner, kind)) in enumerate(MAP.items())
        ],
    )
    return campaign


@pytest.mark.django_db
@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_resolution_service(board: Campaign, case: Case) -> None:
    members = {m.user.username: m for m in board.memberships.select_related("user")}
    territories = {t.name: t for t in board.territories.all()}
    armies = {
        a.name: create_army(
            owner=members[a.owner], name=a.name, territory=territories[a.at], points=a.points, is_garrison=a.garrison
        )
        for a in case.armies
    }
    turn = open_turn(campaign=board)
    for o in case.orders:
        target = territories[o.target].pk if o.target else None
        submit_order(
            membership=members[armies[o.army].owner.user.username],
            army_id=armies[o.army].pk,
            kind=o.kind,
            target_id=target,
            withdraw=o.withdraw,
        )
    resolve_turn(turn_id=start_resolution(turn=turn).pk)

    turn.refresh_from_db()
    assert turn.state == (TurnState.BATTLES if case.battles else TurnState.COMPLETE)
    assert {a.name: a.territory.name for a in Army.objects.filter(campaign=board)} == case.positions
    owners = {t.name: t.owner.user.username if t.owner else None for t in Territory.objects.filter(campaign=board)}
    expected_owners = {name: owner for name, (owner, _kind) in MAP.items()} | case.captures
    assert owners == expected_owners
    battles = {
        (b.territory.name, b.kind, b.attacker.user.username, b.defender.user.username, b.heroism_tokens)
        for b in Battle.objects.filter(turn=turn)
    }
    assert battles == set(case.battles)
    for army, points in case.points.items():
        assert Army.objects.get(campaign=board, name=army).points == points
    logged = {entry["army"]: entry["code"] for entry in turn.log if entry["code"] in ("swap", "standoff", "walls")}
    assert logged == {armies[name].pk: code for name, code in case.fallbacks.items()}
