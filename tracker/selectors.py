"""Reads of tracked battles (sieges and skirmishes): the engine's battle rebuilt from the stored log, the current
state (the replay, kept in a small cache keyed by the log's length), who plays which side, who may watch."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from threading import Lock
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.cache import cache
from django.db.models import Q, QuerySet

from campaigns import selectors as campaign_selectors
from campaigns.access import membership_for
from campaigns.models import Battle as CampaignBattle
from campaigns.models import Campaign, CampaignMembership, CampaignSettings
from rules.freres.battle import Battle as SkirmishBattle
from rules.freres.state import Skirmish
from rules.log import Entry
from rules.siege.battle import Battle
from rules.siege.board.fort import FortLayout, standard_fort
from rules.siege.board.state import BattleState, Event, Side
from simulations import deliberation

from .engines import engine_of
from .models import EntryKind, RuleSystem, TrackedBattle, TrackedEntry
from .setups import UnitSpec, roster_unit
from .weapons import armed, guess, weapon_field, weapon_of

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class Step:
    """One action still standing in the log, as stored, with what it did."""

    seq: int
    side: str
    entry: Entry[Any]
    events: tuple[Event, ...]
    by_app: bool = False
    """Whether the app played it, playing its side of a solo battle."""


@dataclass(frozen=True)
class Current:
    """A tracked siege as its log has brought it: the engine's battle, its state and the steps on the way."""

    battle: Battle | SkirmishBattle
    state: BattleState | Skirmish
    steps: tuple[Step, ...]
    seq: int


_CACHE_SIZE = 64
_cache: OrderedDict[tuple[int, datetime, int], Current] = OrderedDict()
_cache_lock = Lock()


def standing(rows: list[TrackedEntry]) -> list[TrackedEntry]:
    """The action entries an undo has not reverted, in order: each undo takes back the last one standing."""
    stack: list[TrackedEntry] = []
    for row in rows:
        if row.kind == EntryKind.UNDO:
            if stack:
                stack.pop()
        else:
            stack.append(row)
    return stack


def current(tracked: TrackedBattle) -> Current:
    """The battle as its stored log replays (the cache holds only replays of the same log)."""
    key = (tracked.pk, tracked.created_at, tracked.seq)
    with _cache_lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    rows = list(tracked.entries.filter(seq__lte=tracked.seq).order_by("seq"))
    kept = standing(rows)
    engine = engine_of(tracked.rule_system)
    entries = tuple(Entry.from_json(row.entry or {}, engine.read_action) for row in kept)
    battle = engine.battle(engine.battle.setup_type.from_json(tracked.setup), tracked.seed, entries)
    state = engine.start(battle.setup)
    steps = []
    for row, entry, result in zip(kept, entries, engine.replay_steps(battle), strict=True):
        state = result.state
        steps.append(Step(row.seq, row.side, entry, result.events, row.by_app))
    found = Current(battle, state, tuple(steps), tracked.seq)
    remember(tracked, found)
    return found


def remember(tracked: TrackedBattle, found: Current) -> None:
    """Keep ``found`` as the replay of ``tracked``'s log up to ``found.seq``."""
    with _cache_lock:
        _cache[(tracked.pk, tracked.created_at, found.seq)] = found
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def is_skirmish(tracked: TrackedBattle) -> bool:
    """Whether ``tracked`` is played with Frères d'Armes rather than the siege rules."""
    return tracked.rule_system == RuleSystem.FRERES


def version(tracked: TrackedBattle) -> str:
    """What a watching page compares to know whether to redraw: the log's length and where the result stands."""
    battle = tracked.campaign_battle
    result = "" if battle is None else f"{int(battle.proposed_result is not None)}{int(battle.played)}"
    return f"{tracked.seq}.{int(tracked.result_sent)}{result}"


def log_rows(tracked: TrackedBattle) -> list[TrackedEntry]:
    """Every entry of the log, undone ones and undos included, newest first."""
    return list(tracked.entries.select_related("by").order_by("-seq"))


def sides_of(tracked: TrackedBattle, user: User) -> frozenset[Side]:
    """The sides ``user`` plays in ``tracked``: one, both (one device for a one-off game) or none; the first
    player's is the besieger, or band A (:mod:`tracker.engines`). The side the app plays is nobody's."""
    if not user.is_authenticated:
        return frozenset()
    first, second = engine_of(tracked.rule_system).sides
    found = set()
    if tracked.besieger_id == user.pk:
        found.add(first)
    if tracked.besieged_id == user.pk:
        found.add(second)
    return frozenset(side for side in found if side.value != tracked.app_side)


def campaign_membership(tracked: TrackedBattle, user: User) -> CampaignMembership | None:
    if tracked.campaign_battle is None:
        return None
    return membership_for(user, tracked.campaign_battle.campaign)


def may_watch(tracked: TrackedBattle, user: User) -> bool:
    """The players; for a campaign's battle, the members who see it on the battle page
    (:func:`campaigns.selectors.sees_battle`: its two players and whoever has its territory in sight), since the board
    shows all that the battle page hides from the others; a one-off game, its two players and whoever started it."""
    if not user.is_authenticated:
        return False
    if sides_of(tracked, user):
        return True
    if tracked.campaign_battle is None:
        return tracked.created_by_id == user.pk
    membership = campaign_membership(tracked, user)
    return membership is not None and campaign_selectors.sees_battle(tracked.campaign_battle, membership)


def may_start(battle: CampaignBattle, user: User) -> bool:
    """A campaign siege is tracked by one of its two players or the organiser."""
    membership = membership_for(user, battle.campaign)
    return membership is not None and campaign_selectors.may_report(battle, membership)


def tracked_for(user: User) -> QuerySet[TrackedBattle]:
    """The sieges ``user`` plays in or started."""
    if not user.is_authenticated:
        return TrackedBattle.objects.none()
    return TrackedBattle.objects.filter(Q(besieger=user) | Q(besieged=user) | Q(created_by=user)).select_related(
        "besieger", "besieged"
    )


def tracked_of(battle: CampaignBattle) -> QuerySet[TrackedBattle]:
    return TrackedBattle.objects.filter(campaign_battle=battle)


def fort_for(battle: CampaignBattle | None, besieged_points: int) -> FortLayout:
    """The fort a siege is played in: the campaign territory's layout, else a standard fort for the points (§1.4)."""
    if battle is not None and battle.fort_layout:
        return FortLayout.from_json(battle.fort_layout)
    if battle is not None and battle.territory.fort_layout:
        return FortLayout.from_json(battle.territory.fort_layout)
    return standard_fort(max(1, besieged_points))


def walls_of(fort: FortLayout) -> list[str]:
    """The rampart sections ladders may lie below (§7.1.4)."""
    return [s.id for s in fort.sections if s.is_rampart and s.level == 3]


def roster_units(battle: CampaignBattle, side: str) -> list[UnitSpec]:
    """The units of a campaign battle's armies on ``side`` (``"attacker"``/``"defender"``), from their rosters, with
    the missile weapon or war machine their names or rules say (:mod:`tracker.weapons`)."""
    found = []
    for participant in battle.participants.filter(side=side).select_related("army"):
        for unit in participant.army.units.all():
            spec = roster_unit(unit.name, unit.count, unit.points, unit.profile, unit.save_roll, unit.special_rules)
            if spec is not None:
                found.append(armed(spec, guess(unit.name, unit.special_rules)))
    return found


def roster_weapons(battle: CampaignBattle) -> list[tuple[str, str, str]]:
    """The set-up page's question for each roster unit: its field, its name and models, and the weapon its name or
    rules give (:func:`tracker.weapons.guess`)."""
    return [
        (weapon_field(side, n), f"{unit.name} ({unit.count})", weapon_of(unit))
        for side in ("attacker", "defender")
        for n, unit in enumerate(roster_units(battle, side))
    ]


def campaign_battle_for(user: User, battle_id: int) -> CampaignBattle | None:
    """A campaign siege ``user`` may start tracking (its players and the organiser), else ``None``."""
    battle = (
        CampaignBattle.objects.select_related("campaign", "territory", "attacker__user", "defender__user")
        .filter(pk=battle_id)
        .first()
    )
    if battle is None or not may_start(battle, user):
        return None
    return battle


def tracked_battle(pk: int) -> TrackedBattle | None:
    """A tracked battle with its players and its campaign battle, read afresh (after a write too); whether the user
    may watch it is :func:`may_watch`."""
    return (
        TrackedBattle.objects.select_related(
            "campaign_battle__campaign", "campaign_battle__territory", "besieger", "besieged"
        )
        .filter(pk=pk)
        .first()
    )


def solo_results_count(campaign: Campaign) -> bool:
    """Whether the organiser lets the results of battles played against the app go to ``campaign``'s battles."""
    return CampaignSettings.objects.filter(campaign=campaign, solo_results=True).exists()


@dataclass(frozen=True)
class Advice:
    """The strong bot's answer to « que ferait l'application ? » at the battle's current entry: ``None`` while
    the workers think; its ranked options (each ``{"action": …, "expected_vp": …, "games": …}``), the best first."""

    asked: bool
    top: tuple[Mapping[str, Any], ...] | None
    failed: bool = False


def advice_key(battle_id: int, user: AbstractBaseUser, seq: int) -> str:
    """Where the task of ``user``'s advice at entry ``seq`` of battle ``battle_id`` is kept."""
    return f"tracker:advice:{battle_id}:{user.pk}:{seq}"


def advice(tracked: TrackedBattle, user: AbstractBaseUser) -> Advice:
    """What the workers answered ``user``'s latest « que ferait l'application ? » in ``tracked`` as it stands."""
    task_id = cache.get(advice_key(tracked.pk, user, tracked.seq))
    if task_id is None:
        return Advice(asked=False, top=None)
    answered = deliberation.answer(task_id)
    if answered is None:
        return Advice(asked=True, top=None)
    return Advice(asked=True, top=tuple(answered.get("top", ())), failed=bool(answered.get("failed")))
