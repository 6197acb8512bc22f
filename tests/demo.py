"""The demo campaign for the tests: built once per test database through the services, then copied back in.

:func:`campaigns.services.demo.load_demo` makes the demo the way ``make run`` does: five accounts, a club, a campaign,
its map, armies and forts, and a first turn ordered and resolved, some 260 queries. Hundreds of tests start from it. The
first of them in a test process builds it that way, inside its own transaction, and keeps the rows that the build wrote;
every later one gets the same rows again, copied in by PostgreSQL's COPY inside its transaction, which rolls them back
with the rest of the test. The rows keep the keys of that first build: the database's sequences have already moved past
them (a rollback never takes a sequence back), so no row made afterwards can take them. What the site keeps in Redis
under the campaign's key, no rollback takes back: each copy drops the campaign's cached pictures.

The build itself, and loading it twice, stay tested against the services (tests/campaigns/test_demo.py).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.db.backends.utils import CursorWrapper
from psycopg import sql

from campaigns import page_cache
from campaigns.models import Campaign
from campaigns.services import demo


@dataclass(frozen=True)
class Copy:
    """The rows of one build of the demo: for each table it wrote to, its rows as COPY's text, and the campaign."""

    tables: dict[str, bytes]
    campaign_id: int


_copies: dict[str, Copy] = {}
"""One copy per test database (an xdist worker has a database of its own)."""


def load_demo() -> Campaign:
    """The demo campaign, as :func:`campaigns.services.demo.load_demo` returns it: a few queries instead of some 260."""
    found = _copies.get(connection.settings_dict["NAME"])
    if found is None or _demo_begun():
        # the first time in this database, or a test that already holds part of the demo: the services decide
        return _build_and_copy()
    with transaction.atomic(), connection.cursor() as cursor:
        for table, rows in found.tables.items():
            with cursor.copy(f"COPY {quoted(table)} FROM STDIN") as copy:
                copy.write(rows)
        # the pictures an earlier test drew of its campaign, under these same keys, are in Redis, which its rollback
        # left as they were: they are dropped as any change to the campaign drops them
        page_cache.changed(found.campaign_id)
    return Campaign.objects.get(pk=found.campaign_id)


def _demo_begun() -> bool:
    """Whether any demo account or the demo's club is already in the database (then copying would collide)."""
    usernames = [login.username for login in demo.DEMO_LOGINS]
    return (
        get_user_model().objects.filter(username__in=usernames).exists()
        or demo.selectors.club_named(demo.CLUB_NAME) is not None
    )


def _build_and_copy() -> Campaign:
    """Builds the demo through the services and, when the build wrote every one of its rows itself (no row of the
    test's own was reused or changed), keeps those rows for the next tests in this database."""
    with connection.cursor() as cursor:
        before = {table: _row_digests(cursor, table) for table in _tables()}
    campaign = demo.load_demo()
    with connection.cursor() as cursor:
        written: dict[str, list[object]] = {}
        for table, digests in before.items():
            after = _row_digests(cursor, table)
            if any(after.get(key) != digest for key, digest in digests.items()):
                return campaign  # an existing row changed or went: not a build from nothing
            written[table] = [key for key in after if key not in digests]
        users = written[get_user_model()._meta.db_table]
        if len(users) != len(demo.DEMO_LOGINS) or campaign.pk not in written[Campaign._meta.db_table]:
            return campaign  # some of the demo was there already
        tables = {table: _copy_out(cursor, table, keys) for table, keys in written.items() if keys}
    _copies[connection.settings_dict["NAME"]] = Copy(tables=tables, campaign_id=campaign.pk)
    return campaign


@functools.cache
def _tables() -> dict[str, str]:
    """Every table of the site's models, with its primary key's column."""
    models = apps.get_models(include_auto_created=True)
    return {model._meta.db_table: model._meta.pk.column for model in models if model._meta.managed}


def _row_digests(cursor: CursorWrapper, table: str) -> dict[object, str]:
    """Each row's primary key, with a digest of the whole row."""
    key = _tables()[table]
    cursor.execute(f"SELECT {quoted(key)}, md5(CAST(t AS text)) FROM {quoted(table)} AS t")
    return dict(cursor.fetchall())


def _copy_out(cursor: CursorWrapper, table: str, keys: list[object]) -> bytes:
    """The rows of ``table`` with these primary keys, in COPY's text form (which takes every column type back)."""
    # COPY takes no parameters: the keys are written into the query as one literal array
    query = sql.SQL("COPY (SELECT * FROM {} WHERE {} = ANY({})) TO STDOUT").format(
        sql.Identifier(table), sql.Identifier(_tables()[table]), sql.Literal(keys)
    )
    rows = bytearray()
    with cursor.copy(query) as copy:
        for block in copy:
            rows += block
    return bytes(rows)


def quoted(name: str) -> str:
    return connection.ops.quote_name(name)
