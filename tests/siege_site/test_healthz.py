"""/healthz reports each service as it really is."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from pytest_django import Settings

from siege_site.stack import EmbeddedRedis

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def own_redis(tmp_path: Path, settings: Settings) -> Iterator[EmbeddedRedis]:
    """A Redis server of this test's own, so stopping it harms no other test."""
    server = EmbeddedRedis(tmp_path / "redis")
    settings.REDIS_URL = server.start()
    yield server
    server.stop()


def test_all_services_up(client: Client, celery_worker: str) -> None:
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["status"] == "ok"
    assert [body[name]["ok"] for name in ("database", "redis", "celery")] == [True, True, True]
    assert celery_worker in body["celery"]["workers"]


def test_redis_stopped_is_reported_down(client: Client, own_redis: EmbeddedRedis, settings: Settings) -> None:
    settings.HEALTH_TIMEOUT = 0.5
    before = client.get("/healthz").json()
    assert before["redis"]["ok"] is True

    own_redis.stop()
    response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["status"] == "degraded"
    assert body["redis"]["ok"] is False
    assert "Connection" in body["redis"]["error"]
    assert body["celery"]["ok"] is False
    assert body["database"]["ok"] is True


def test_no_worker_listening_is_reported(client: Client, own_redis: EmbeddedRedis, settings: Settings) -> None:
    settings.HEALTH_TIMEOUT = 0.5
    body = client.get("/healthz").json()
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
    assert "OperationalError" in body["database"]["error"]
