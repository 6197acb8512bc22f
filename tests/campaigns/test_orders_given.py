"""The organiser's page says, while a turn takes orders, which players have given an order to each of their armies
in the field and which have not, never what the orders are; a button reminds the late ones by e-mail."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse

from campaigns.models import Army, Campaign, CampaignMembership, Role, Territory
from campaigns.services import (
    TerritorySpec,
    add_campaign_member,
    add_territory,
    create_army,
    join_club,
    open_turn,
    submit_order,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def armies(campaign: Campaign, player: User, django_user_model: type[User]) -> dict[str, CampaignMembership]:
    """player: two armies in the field; rival: one; keeper: only a garrison, which always holds."""
    rival_user = django_user_model.objects.create_user("rival", password="pw-rival-123", email="rival@example.org")
    keeper_user = django_user_model.objects.create_user("keeper", password="pw-keeper-123", email="keep@example.org")
    User.objects.filter(username="player").update(email="player@example.org")
    User.objects.filter(username="orga").update(email="orga@example.org")
    for user in (rival_user, keeper_user):
        join_club(club=campaign.club, user=user)
        add_campaign_member(campaign=campaign, user=user, role=Role.PLAYER)
    members = {m.user.username: m for m in CampaignMembership.objects.filter(campaign=campaign)}
    ford = add_territory(campaign=campaign, spec=TerritorySpec("Gué", "open", 1, None, (), 10, 10))
    hill = add_territory(campaign=campaign, spec=TerritorySpec("Mont", "open", 1, None, ("Gué",), 30, 10))
    castle = add_territory(campaign=campaign, spec=TerritorySpec("Roc", "castle", 1, None, (), 60, 60))
    Territory.objects.filter(pk=castle.pk).update(owner=members["keeper"])
    create_army(owner=members["player"], name="Ost du Gué", territory=ford, points=1000)
    create_army(owner=members["player"], name="Ost du Mont", territory=hill, points=1000)
    create_army(owner=members["rival"], name="Lances", territory=hill, points=1000)
    create_army(owner=members["keeper"], name="Garde", territory=Territory.objects.get(pk=castle.pk), points=500,
                is_garrison=True)  # fmt: skip
    open_turn(campaign=campaign)
    return members


def army_id(name: str) -> int:
    return Army.objects.get(name=name).pk


def test_the_organiser_sees_who_has_not_given_orders_and_not_what_they_are(
    client: Client, campaign: Campaign, organiser: User, armies: dict[str, CampaignMembership]
) -> None:
    submit_order(membership=armies["player"], army_id=army_id("Ost du Gué"), kind="hold")
    submit_order(membership=armies["rival"], army_id=army_id("Lances"), kind="hold")
    client.force_login(organiser)
    page = client.get(reverse("campaigns:manage", args=[campaign.pk])).content.decode()
    listed = page[page.index('id="orders-given"') : page.index("</ul>", page.index('id="orders-given"'))]
    assert "player — <strong" in listed
    assert "pas encore : 1 armées sur 2 ont leur ordre" in listed
    assert 'rival — <span class="ok">ordres donnés</span>' in listed
    assert "keeper" not in listed  # a garrison always holds: no order to give
    assert "Tenir" not in listed
    assert "Gué" not in listed


def test_the_reminder_mails_only_the_late_players_and_says_nothing_of_anyones_orders(
    client: Client,
    campaign: Campaign,
    organiser: User,
    armies: dict[str, CampaignMembership],
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[list[Callable[[], None]]]],
) -> None:
    submit_order(membership=armies["rival"], army_id=army_id("Lances"), kind="attack",
                 target_id=Territory.objects.get(name="Gué").pk)  # fmt: skip
    mail.outbox.clear()
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("campaigns:turn", args=[campaign.pk, "remind"]), follow=True)
    assert "Les joueurs qui ont encore des ordres à donner sont relancés par e-mail." in response.content.decode()
    assert [m.to for m in mail.outbox] == [["player@example.org"]]
    body = mail.outbox[0].subject + mail.outbox[0].body
    assert "Certaines de vos armées n’ont pas encore d’ordre." in body
    for secret in ("Lances", "rival", "Attaquer", "Gué", "Ost"):
        assert secret not in body


def test_only_the_organiser_sends_the_reminder(
    client: Client,
    campaign: Campaign,
    player: User,
    armies: dict[str, CampaignMembership],
    django_capture_on_commit_callbacks: Callable[..., AbstractContextManager[list[Callable[[], None]]]],
) -> None:
    mail.outbox.clear()
    client.force_login(player)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("campaigns:turn", args=[campaign.pk, "remind"]))
    assert response.status_code == 403
    assert mail.outbox == []
