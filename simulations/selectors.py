"""Reading runs: a user sees only his own."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from bots.siege.assault import demo_assault

from .models import SimulationRun


def runs_of(user: AbstractBaseUser, limit: int = 20) -> QuerySet[SimulationRun]:
    return SimulationRun.objects.filter(owner=user)[:limit]


def run_of(user: AbstractBaseUser, pk: int) -> SimulationRun:
    """The user's run ``pk``; another's is not found (404)."""
    return get_object_or_404(SimulationRun, pk=pk, owner=user)


@dataclass(frozen=True)
class RunsPage:
    runs: QuerySet[SimulationRun]
    """The user's latest runs."""
    demo_plans: dict[str, Any]
    """The demo siege's plans, as the form starts from."""


def runs_page(user: AbstractBaseUser) -> RunsPage:
    return RunsPage(runs_of(user), demo_plans())


def demo_plans() -> dict[str, Any]:
    """The demo siege's plans, as the form starts from."""
    return demo_assault().to_json()
