"""docker-compose.yml is the production deployment; with no Docker daemon here, its shape is checked."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from siege_site.stack import BASE_DIR

COMPOSE = yaml.safe_load((BASE_DIR / "docker-compose.yml").read_text())
SERVICES: dict[str, Any] = COMPOSE["services"]


def test_services() -> None:
    assert set(SERVICES) == {"postgres", "redis", "migrate", "web", "worker", "simulation-worker", "beat"}
    assert SERVICES["postgres"]["image"] == "postgres:16"
    assert SERVICES["redis"]["image"] == "redis:7"


@pytest.mark.parametrize("name", ["postgres", "redis", "web", "worker", "simulation-worker", "beat"])
def test_long_running_services_have_healthchecks(name: str) -> None:
    check = SERVICES[name]["healthcheck"]
    assert check["test"][0] in {"CMD", "CMD-SHELL"}
    assert check["retries"] >= 1


@pytest.mark.parametrize(
    ("name", "program"),
    [("web", "gunicorn"), ("worker", "celery"), ("simulation-worker", "celery"), ("beat", "celery")],
)
def test_app_services_run_the_app_with_settings_from_env(name: str, program: str) -> None:
    service = SERVICES[name]
    assert service["command"][0] == program
    assert service["env_file"] == ".env"
    assert service["build"] == "."


def test_data_lives_in_named_volumes() -> None:
    assert set(COMPOSE["volumes"]) == {"postgres-data", "redis-data"}
    assert "postgres-data:/var/lib/postgresql/data" in SERVICES["postgres"]["volumes"]
    assert "redis-data:/data" in SERVICES["redis"]["volumes"]


def test_app_waits_for_healthy_servers_and_migrations() -> None:
    assert SERVICES["worker"]["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert SERVICES["web"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"


def test_env_example_names_every_required_setting() -> None:
    example = (BASE_DIR / ".env.example").read_text()
    for name in ["SECRET_KEY", "ALLOWED_HOSTS", "DATABASE_URL", "REDIS_URL", "POSTGRES_PASSWORD"]:
        assert f"{name}=" in example


@pytest.mark.parametrize(("name", "queue"), [("worker", "siege"), ("simulation-worker", "siege.simulations")])
def test_turns_and_simulations_have_workers_of_their_own(name: str, queue: str) -> None:
    from siege_site.celery import simulation_queue

    command = SERVICES[name]["command"]
    assert command[command.index("-Q") + 1] == queue
    assert simulation_queue("siege") == "siege.simulations"
