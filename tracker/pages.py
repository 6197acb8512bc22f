"""Reads for one page each: what a tracker page needs from the database, gathered in one small dataclass, so that a
view asks one question (docs/architecture.md). Each page is built from the :mod:`.selectors`, which keep the sight
rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import QuerySet

from . import selectors
from .selectors import User

if TYPE_CHECKING:
    from campaigns.models import Battle as CampaignBattle

    from .models import TrackedBattle


@dataclass(frozen=True)
class Watched:
    """A tracked battle the user may watch: its board, its report, its export, the actions on it."""

    tracked: TrackedBattle
    skirmish: bool
    """Played with Frères d'Armes rather than the siege rules (:func:`selectors.is_skirmish`)."""
    version: str
    """What a watching page compares to know whether to redraw (:func:`selectors.version`)."""

    def grown(self, written: TrackedBattle) -> Watched:
        """This page after the service appended to its battle's log (``written``, the battle as the service left it):
        the battle read before the write with the log's new length, rather than read again; an action or an undo
        changes nothing else of it."""
        self.tracked.seq = written.seq
        return Watched(self.tracked, self.skirmish, selectors.version(self.tracked))


def watched(pk: int, user: User) -> Watched | None:
    """The tracked battle ``pk`` as it stands, read afresh; None when there is none or ``user`` may not watch it."""
    tracked = selectors.tracked_battle(pk)
    if tracked is None or not selectors.may_watch(tracked, user):
        return None
    return Watched(tracked, selectors.is_skirmish(tracked), selectors.version(tracked))


@dataclass(frozen=True)
class Advised:
    """A siege under way and the strong bot's answer to the user's « que ferait l'application ? »."""

    watched: Watched
    current: selectors.Current
    advice: selectors.Advice


def advised(pk: int, user: User) -> Advised | None:
    """The siege ``pk`` as it stands and the user's advice in it; None when ``user`` may not watch it."""
    page = watched(pk, user)
    if page is None:
        return None
    return Advised(page, selectors.current(page.tracked), selectors.advice(page.tracked, user))


def one_off_walls(besieged_points: int) -> list[str]:
    """The walls a one-off siege's ladders may lie below: the standard fort's for the besieged's points (§1.4)."""
    return selectors.walls_of(selectors.fort_for(None, min(max(besieged_points, 1), 20_000)))


@dataclass(frozen=True)
class CampaignSetup:
    """The set-up page of a campaign battle in the tracker."""

    battle: CampaignBattle
    existing: QuerySet[TrackedBattle]
    """The battle's tracked games already started."""
    walls: list[str]
    """The rampart sections of its fort (siege only)."""
    weapons: list[tuple[str, str, str]]
    """The question for each roster unit (siege only, :func:`selectors.roster_weapons`)."""


def campaign_setup(user: User, battle_id: int, *, siege: bool = True) -> CampaignSetup | None:
    """A campaign battle ``user`` may start tracking, with what its set-up page shows; None if there is none."""
    battle = selectors.campaign_battle_for(user, battle_id)
    if battle is None:
        return None
    if not siege:
        return CampaignSetup(battle, selectors.tracked_of(battle), [], [])
    walls = selectors.walls_of(selectors.fort_for(battle, battle.defender_points))
    return CampaignSetup(battle, selectors.tracked_of(battle), walls, selectors.roster_weapons(battle))
