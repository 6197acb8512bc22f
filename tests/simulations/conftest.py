from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from bots.siege.assault import Assault, BesiegedPlan, BesiegerPlan, Garrison, demo_assault


@pytest.fixture
def owner(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("simone", password="pw-simone-123")


@pytest.fixture
def stranger(django_user_model: type[User]) -> User:
    return django_user_model.objects.create_user("etienne", password="pw-etienne-123")


@pytest.fixture
def demo_plans() -> dict[str, Any]:
    return demo_assault().to_json()


def ram_plans() -> dict[str, Any]:
    """A covered ram at the main gate, the garrison far from it: short games."""
    return Assault(
        BesiegerPlan(ram_gate="G1", covered_ram=True, ram_crew=10, engine_points=40),
        BesiegedPlan(garrison=(Garrison("W4", "halberdier", 5),)),
    ).to_json()
