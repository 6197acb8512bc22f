"""/healthz reports each service as it really is: cheaply to anyone (the workers' last answer, kept a few seconds,
no worker named, no server address), in depth to staff (the workers pinged there and then, named)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from pytest_django import Settings

from siege_site import health
from siege_site.celery import app as celery_app
from siege_site.stack import EmbeddedRedis

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _no_answer_kept() -> Iterator[None]:
    cache.delete(health.WORKERS_CACHE_KEY)
    yield
    cache.delete(health.WORKERS_CACHE_KEY)


@pytest.fixture
def staff(client: Client, django_user_model: type[User]) -> Client:
    client.force_login(django_user_model.objects.create_user("admin", password="pw-admin-123", is_staff=True))
    return client


@pytest.fixture
def own_redis(tmp_path: Path, settings: Settings) -> Iterator[EmbeddedRedis]:
    """A Redis server of this test's own, so stopping it harms no other test."""
    server = EmbeddedRedis(tmp_path / "redis")
    settings.REDIS_URL = server.start()
    yield server
    server.stop()


def test_all_services_up(staff: Client, celery_worker: str) -> None:
    response = staff.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert [body[name]["ok"] for name in ("database", "redis", "celery")] == [True, True, True]
    assert celery_worker in body["celery"]["workers"]


def test_redis_stopped_is_reported_down(staff: Client, own_redis: EmbeddedRedis, settings: Settings) -> None:
    settings.HEALTH_TIMEOUT = 0.5
    before = staff.get("/healthz").json()
    assert before["redis"]["ok"] is True

    own_redis.stop()
    response = staff.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "degraded"
    assert body["redis"]["ok"] is False
    assert "Connection" in body["redis"]["error"]
    assert body["celery"]["ok"] is False
    assert body["database"]["ok"] is True


def test_no_worker_listening_is_reported(staff: Client, own_redis: EmbeddedRedis, settings: Settings) -> None:
    settings.HEALTH_TIMEOUT = 0.5
    body = staff.get("/healthz").json()
    assert body["redis"]["ok"] is True
    assert body["celery"] == {
        "ok": False,
        "error": "RuntimeError: no worker answered the ping",
        "ms": body["celery"]["ms"],
    }


def test_database_unreachable_is_reported_down(client: Client, tmp_path: Path) -> None:
    original = connection.settings_dict["HOST"], connection.settings_dict["PORT"]
    # the pool keeps connections to the real server: it goes too, and comes back afterwards
    connection.close()
    connection.close_pool()
    connection.settings_dict["HOST"], connection.settings_dict["PORT"] = str(tmp_path), ""
    try:
        response = client.get("/healthz")
    finally:
        connection.close()
        connection.close_pool()
        connection.settings_dict["HOST"], connection.settings_dict["PORT"] = original
    body = response.json()
    assert response.status_code == 503
    assert body["database"]["ok"] is False
    assert body["database"]["error"] in {"OperationalError", "PoolTimeout"}
    # reported within the health check's own timeout (2 s), not the pool's wait for a request's connection (10 s)
    assert body["database"]["ms"] < 8_000


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_thirty_calls_ping_the_workers_once_and_name_none(
    client: Client, celery_worker: str, django_user_model: type[User], monkeypatch: pytest.MonkeyPatch, who: str
) -> None:
    if who == "player":
        client.force_login(django_user_model.objects.create_user("player", password="pw-player-123"))
    pings: list[object] = []
    ping = celery_app.control.ping

    def counted(*args: object, **kwargs: object) -> object:
        pings.append(kwargs)
        return ping(*args, **kwargs)

    monkeypatch.setattr(celery_app.control, "ping", counted)
    started = time.monotonic()
    answers = [client.get("/healthz") for _ in range(30)]
    elapsed = time.monotonic() - started
    assert [a.status_code for a in answers] == [200] * 30
    assert len(pings) == 1
    assert elapsed < 3, elapsed  # one ping, answered by its first worker, then the cache
    for answer in answers:
        assert answer.json()["celery"].keys() == {"ok", "ms"}
        assert celery_worker not in answer.content.decode()


def test_a_failure_gives_its_kind_only_to_those_not_staff(
    client: Client, own_redis: EmbeddedRedis, settings: Settings
) -> None:
    settings.HEALTH_TIMEOUT = 0.5
    own_redis.stop()
    body = client.get("/healthz").json()
    assert body["redis"]["ok"] is False
    assert body["redis"]["error"] == "ConnectionError"
    assert str(own_redis.port) not in str(body)
