"""``/healthz``: the state of PostgreSQL, Redis and the Celery workers, each with a timeout.

Anyone may ask, as often as a load balancer does: PostgreSQL and Redis are pinged (a millisecond each), the workers'
answer is the last one, kept in the cache for ``HEALTH_WORKERS_CACHE_SECONDS`` (a Celery ping waits for its replies),
and names no worker; a failure gives its kind only. Staff get the deep check: the workers pinged there and then,
each named, and each failure's message."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import redis
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache

from .celery import app as celery_app


def _timed(check: Callable[[], dict[str, Any]], *, detail: bool) -> dict[str, Any]:
    """A check's answer and time; a failure's message (which may name a server's address) only with ``detail``."""
    started = time.monotonic()
    try:
        result = {"ok": True} | check()
    except Exception as exc:  # a health check reports every failure, whatever its kind
        result = {"ok": False, "error": f"{type(exc).__name__}: {exc}" if detail else type(exc).__name__}
    result["ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


def _database() -> dict[str, Any]:
    """``SELECT 1`` within ``HEALTH_TIMEOUT``. With a pool, a connection is waited for that long at most, not for the
    pool's own wait (``DB_POOL_TIMEOUT``, a request's): a server that cannot be reached is reported in time."""
    timeout_ms = int(settings.HEALTH_TIMEOUT * 1000)
    pool = connection.pool
    if pool is None:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL statement_timeout = %s", [timeout_ms])
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return {}
    pool.open()  # as Django does before its first connection; nothing if it is open
    with pool.connection(timeout=settings.HEALTH_TIMEOUT) as pooled, pooled.transaction():
        pooled.execute("SELECT set_config('statement_timeout', %s, true)", [str(timeout_ms)])
        pooled.execute("SELECT 1").fetchone()
    return {}


def _redis() -> dict[str, Any]:
    timeout = settings.HEALTH_TIMEOUT
    client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        client.ping()
    finally:
        client.close()
    return {}


WORKERS_CACHE_KEY = "healthz:workers"


def _ping_workers(*, all_of_them: bool) -> list[str]:
    """The workers that answer a ping; the first one only, unless ``all_of_them`` (a ping waits its whole timeout
    for replies, unless it has all it asked for)."""
    timeout = settings.HEALTH_TIMEOUT
    with celery_app.connection_for_write(settings.REDIS_URL, connect_timeout=timeout) as conn:
        conn.ensure_connection(max_retries=1, timeout=timeout)
        replies = celery_app.control.ping(timeout=min(timeout, 1.0), connection=conn, limit=None if all_of_them else 1)
    return sorted(name for reply in replies for name in reply)


def _celery() -> dict[str, Any]:
    """The deep check: every worker that answers now, by name."""
    workers = _ping_workers(all_of_them=True)
    if not workers:
        raise RuntimeError("no worker answered the ping")
    return {"workers": workers}


def _celery_cached() -> dict[str, Any]:
    """Whether a worker answered the last ping, pinging again once the answer kept in the cache is too old."""
    answered = cache.get(WORKERS_CACHE_KEY)
    if answered is None:
        answered = bool(_ping_workers(all_of_them=False))
        cache.set(WORKERS_CACHE_KEY, answered, settings.HEALTH_WORKERS_CACHE_SECONDS)
    if not answered:
        raise RuntimeError("no worker answered the ping")
    return {}


@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    deep = request.user.is_authenticated and request.user.is_staff
    checks = {
        "database": _timed(_database, detail=deep),
        "redis": _timed(_redis, detail=deep),
        "celery": _timed(_celery if deep else _celery_cached, detail=deep),
    }
    healthy = all(check["ok"] for check in checks.values())
    return JsonResponse({"status": "ok" if healthy else "degraded", **checks}, status=200 if healthy else 503)
