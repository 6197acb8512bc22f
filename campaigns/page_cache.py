"""What the campaign's pages draw once per state of the campaign: the map, the chart of points over turns, the
standings' table and the members' list.

They change only when the campaign does (a turn opened or resolved, a result confirmed, an army raised or
reinforced, a territory given, a faction chosen, a member added, the scoring changed…), and each page drawing them
anew cost most of its time. Each is kept in the site's cache (Redis, shared by every server process) under the
campaign's *version*, a token that the services writing to the campaign throw away (:func:`changed`): the next page
draws it again, from the new state, under a new token.

The token is thrown away twice: at once, and again when the transaction commits. A picture drawn while the write is
under way, from the state before it, is kept under a token that nobody asks for after the commit. Keys name the
database too, so that sites (or test processes) sharing one Redis never share a picture. The cache is a help, never
a need: with Redis away, the pictures are drawn each time.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from django.core.cache import cache
from django.db import connection, transaction
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

KEPT_SECONDS = 6 * 3600
"""How long a picture or a version is kept at most: a campaign idle for that long draws its pictures anew."""

CACHE_ERRORS = (RedisError, OSError)

T = TypeVar("T")


def _prefix(campaign_id: int) -> str:
    return f"campaign-pages:{connection.settings_dict['NAME']}:{campaign_id}"


def _version_key(campaign_id: int) -> str:
    return f"{_prefix(campaign_id)}:version"


def changed(campaign_id: int) -> None:
    """The campaign's pictures are drawn anew from the next page on: the version is dropped now, and again once the
    current transaction is committed."""
    _forget(campaign_id)
    transaction.on_commit(lambda: _forget(campaign_id), robust=True)


def _forget(campaign_id: int) -> None:
    try:
        cache.delete(_version_key(campaign_id))
    except CACHE_ERRORS:
        logger.warning("campaign %s changed; its pictures' version could not be dropped from the cache", campaign_id)


def kept(campaign_id: int, name: str, viewer: Hashable, make: Callable[[], T]) -> T:
    """What ``make`` gives for the campaign's current version, as ``viewer`` sees it (what differs between readers:
    their sight), in the reader's language: from the cache when it holds it, else made and kept."""
    try:
        version = cache.get_or_set(_version_key(campaign_id), secrets.token_hex(8), KEPT_SECONDS)
        key = f"{_prefix(campaign_id)}:{version}:{name}:{viewer}:{get_language()}"
        found = cache.get(key)
    except CACHE_ERRORS:
        return make()
    if found is not None:
        return cast(T, found)
    made = make()
    with contextlib.suppress(CACHE_ERRORS):
        cache.set(key, made, KEPT_SECONDS)
    return made


def fragment(campaign_id: int, name: str, viewer: Hashable, draw: Callable[[], str]) -> SafeString:
    """A picture or a part of a page, drawn by ``draw`` (:func:`kept`)."""
    return mark_safe(kept(campaign_id, name, viewer, lambda: str(draw())))
