"""A previewed roster's file waits in the database, not in the session: previews never swell the session that every
later page reads, and files nobody confirms are dropped when they expire (beat)."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.sessions.models import Session
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from campaigns import tasks
from campaigns.models import Campaign, RosterUpload

from .demo_helpers import army, member

pytestmark = pytest.mark.django_db
EMPIRE = (Path(__file__).parent / "fixtures" / "empire.ros").read_bytes()
# the roster padded to a megabyte with an XML comment: the same units, a heavy file
HEAVY = EMPIRE.replace(b"?>", b"?><!--" + b"x" * 1_000_000 + b"-->", 1)


def session_size(client: Client) -> int:
    return len(Session.objects.get(session_key=client.session.session_key).session_data)


def preview(client: Client, url: str, data: bytes = HEAVY) -> str:
    upload = SimpleUploadedFile("empire.ros", data, content_type="application/xml")
    page = client.post(url, {"action": "roster", "roster": upload})
    assert page.status_code == 200
    return page.content.decode()


def test_the_session_stays_small_after_five_previews_of_a_heavy_file(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    client = Client()
    client.force_login(member(demo, "alice").user)
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    before = session_size(client)
    for _ in range(5):
        assert "General of the Empire" in preview(client, url)
    assert session_size(client) - before < 200
    # one file waits, the last one: a new preview replaces the one before
    assert RosterUpload.objects.filter(army=host).count() == 1
    assert client.post(url, {"action": "confirm-roster"}).status_code == 302
    assert host.units.filter(name="General of the Empire").exists()
    assert not RosterUpload.objects.exists()


def test_a_cancelled_preview_leaves_no_file(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    client = Client()
    client.force_login(member(demo, "alice").user)
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    preview(client, url, EMPIRE)
    assert client.post(url, {"action": "cancel-roster"}).status_code == 302
    assert not RosterUpload.objects.exists()
    assert host.units.count() == 0


def test_beat_drops_the_expired_files_and_an_expired_preview_is_not_imported(demo: Campaign) -> None:
    host = army(demo, "Ost d'Altdorf")
    client = Client()
    client.force_login(member(demo, "alice").user)
    url = reverse("campaigns:army", args=[demo.pk, host.pk])
    preview(client, url, EMPIRE)
    RosterUpload.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    confirmed = client.post(url, {"action": "confirm-roster"}, follow=True).content.decode()
    assert "Aucune liste n’attend d’être importée" in confirmed
    assert host.units.count() == 0

    preview(client, url, EMPIRE)
    waiting = army(demo, "Chevaliers du Graal")
    RosterUpload.objects.create(
        army=waiting, sent_by=member(demo, "chloe").user, filename="old.ros", data=b"<x/>",
        expires_at=timezone.now() - timedelta(minutes=1),
    )  # fmt: skip
    assert tasks.drop_expired_roster_uploads() == 1
    assert list(RosterUpload.objects.values_list("army", flat=True)) == [host.pk]
