"""``/healthz``: the state of PostgreSQL, Redis and the Celery workers, each really pinged, each with a timeout."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import redis
from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from .celery import app as celery_app


def _timed(check: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    started = time.monotonic()
    try:
        result = {"ok": True} | check()
    except Exception as exc:  # a health check reports every failure, whatever its kind
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
    result["ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


def _database() -> dict[str, Any]:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL statement_timeout = %s", [int(settings.HEALTH_TIMEOUT * 1000)])
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return {}


def _redis() -> dict[str, Any]:
    timeout = settings.HEALTH_TIMEOUT
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()
    return {}


def _celery() -> dict[str, Any]:
    timeout = settings.HEALTH_TIMEOUT
    with celery_app.connection_for_write(settings.REDIS_URL, connect_timeout=timeout) as conn:
        conn.ensure_connection(max_retries=1, timeout=timeout)
        replies = celery_app.control.ping(timeout=min(timeout, 1.0), connection=conn)
    workers = sorted(name for reply in replies for name in reply)
    if not workers:
        raise RuntimeError("no worker answered the ping")
    return {"workers": workers}


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _timed(_database), "redis": _timed(_redis), "celery": _timed(_celery)}
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if healthy else "degraded", **checks}, status=200 if healthy else 503)
