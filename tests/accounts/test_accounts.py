"""Accounts in the browser's pages: sign-up by invitation link or to found a club, password reset by e-mail, the
profile with its name, e-mail, password change, clubs and campaigns."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from accounts.services import sign_up
from campaigns.models import Campaign, CampaignMembership, ClubMembership, Role
from campaigns.services import join_with_code

pytestmark = pytest.mark.django_db

NEW = {
    "username": "hugo",
    "email": "hugo@example.org",
    "password1": "tours-et-remparts",
    "password2": "tours-et-remparts",
}


def test_the_invitation_link_signs_a_newcomer_up_into_the_campaign(client: Client, campaign: Campaign) -> None:
    url = reverse("signup-code", args=[campaign.settings.invite_code])
    page = client.get(url).content.decode()
    assert escape(campaign.name) in page
    assert campaign.club.name in page
    response = client.post(url, NEW)
    assert response.status_code == 302
    assert response["Location"] == reverse("campaigns:faction", args=[campaign.pk])
    membership = CampaignMembership.objects.get(campaign=campaign, user__username="hugo")
    assert membership.role == Role.PLAYER
    assert ClubMembership.objects.filter(club=campaign.club, user=membership.user).exists()
    assert membership.user.email == "hugo@example.org"
    # signed in: the faction page answers
    assert client.get(response["Location"]).status_code == 200


def test_the_manage_page_gives_the_sign_up_link(client: Client, campaign: Campaign, organiser: User) -> None:
    client.force_login(organiser)
    page = client.get(reverse("campaigns:manage", args=[campaign.pk])).content.decode()
    assert reverse("signup-code", args=[campaign.settings.invite_code]) in page


def test_a_wrong_invitation_code_makes_no_account(client: Client, campaign: Campaign) -> None:
    response = client.post(reverse("signup-code", args=["nope"]), NEW)
    assert response.status_code == 200
    assert "Aucune campagne n’a ce code d’invitation." in response.content.decode()
    assert not User.objects.filter(username="hugo").exists()


@pytest.mark.parametrize("code", ["\x00", "abc\x00def", "x" * 17], ids=["NUL", "NUL inside", "longer than a code"])
def test_an_invitation_code_no_campaign_could_have_is_a_form_error(
    client: Client, campaign: Campaign, code: str
) -> None:
    # a NUL character reached PostgreSQL, which cannot compare it: a 500
    users = User.objects.count()
    response = client.post(reverse("signup-code", args=[code]), NEW)
    assert response.status_code == 200
    assert "Aucune campagne n’a ce code d’invitation." in response.content.decode()
    assert User.objects.count() == users
    assert not CampaignMembership.objects.filter(user__username="hugo").exists()


def test_joining_with_an_invitation_code_holding_a_nul_is_refused(client: Client, campaign: Campaign) -> None:
    hugo = User.objects.create_user("hugo", password="tours-et-remparts")
    with pytest.raises(ValidationError, match="Aucune campagne n’a ce code d’invitation"):
        join_with_code(code=campaign.settings.invite_code + "\x00", user=hugo)
    assert not CampaignMembership.objects.filter(user=hugo).exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"password2": "autre-chose-123"}, "Les deux mots de passe diffèrent."),
        ({"password1": "123", "password2": "123"}, "Ce mot de passe est trop court."),
        ({"username": "orga"}, "Le nom d’utilisateur orga est déjà pris."),
        ({"email": "pas-une-adresse"}, "Saisissez une adresse e-mail valide."),
    ],
)
def test_sign_up_refuses_bad_input_with_a_french_message(
    client: Client, campaign: Campaign, change: dict[str, str], message: str
) -> None:
    before = User.objects.count()
    response = client.post(reverse("signup-code", args=[campaign.settings.invite_code]), NEW | change)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert User.objects.count() == before


def test_signing_up_without_an_invitation_leads_to_founding_a_club(client: Client) -> None:
    response = client.post(reverse("signup"), NEW)
    assert response["Location"] == reverse("setup:club")
    assert User.objects.get(username="hugo").check_password("tours-et-remparts")


def test_the_sign_up_service_refuses_an_unknown_code_before_making_the_account() -> None:
    with pytest.raises(Exception, match="invitation"):
        sign_up(username="ida", email="ida@example.org", password="x-long-enough-1", invite_code="missing")
    assert not User.objects.filter(username="ida").exists()


def test_a_password_is_reset_through_the_link_sent_by_e_mail(client: Client, player: User) -> None:
    player.email = "player@example.org"
    player.save()
    login_page = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in login_page
    response = client.post(reverse("password_reset"), {"email": "player@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["player@example.org"]
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body)
    assert link is not None, mail.outbox[0].body
    form_url = client.get(link.group(1)).url  # Django swaps the token for a session one
    page = client.get(form_url).content.decode()
    assert "Choisir un nouveau mot de passe" in page
    response = client.post(form_url, {"new_password1": "nouveau-rempart-9", "new_password2": "nouveau-rempart-9"})
    assert response["Location"] == reverse("password_reset_complete")
    player.refresh_from_db()
    assert player.check_password("nouveau-rempart-9")


def test_an_unknown_address_sends_no_mail_and_says_the_same(client: Client) -> None:
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []


def test_the_profile_shows_clubs_and_campaigns_and_saves_name_and_e_mail(
    client: Client, campaign: Campaign, player: User
) -> None:
    client.force_login(player)
    page = client.get(reverse("profile")).content.decode()
    assert escape(campaign.name) in page
    assert campaign.club.name in page
    assert reverse("password_change") in page
    response = client.post(reverse("profile"), {"first_name": "Jean", "last_name": "Froissart", "email": "j@f.org"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.first_name, player.last_name, player.email) == ("Jean", "Froissart", "j@f.org")


def test_the_profile_refuses_an_e_mail_address_another_account_has(
    client: Client, player: User, organiser: User
) -> None:
    organiser.email = "orga@example.org"
    organiser.save()
    client.force_login(player)
    response = client.post(reverse("profile"), {"first_name": "", "last_name": "", "email": "ORGA@example.org"})
    assert response.status_code == 200
    assert "Un autre compte utilise l’adresse e-mail ORGA@example.org." in response.content.decode()
    player.refresh_from_db()
    assert player.email == ""


def test_a_password_is_changed_from_the_profile(client: Client, player: User) -> None:
    client.force_login(player)
    response = client.post(
        reverse("password_change"),
        {"old_password": "pw-player-123", "new_password1": "nouveau-rempart-9", "new_password2": "nouveau-rempart-9"},
    )
    assert response["Location"] == reverse("password_change_done")
    player.refresh_from_db()
    assert player.check_password("nouveau-rempart-9")


def test_the_old_join_link_leads_a_newcomer_to_sign_up_and_a_member_to_join(
    client: Client, campaign: Campaign, organiser: User, outsider: User
) -> None:
    code = campaign.settings.invite_code
    response = client.get(reverse("campaigns:join-code", args=[code]))
    assert response["Location"] == reverse("signup-code", args=[code])
    assert client.get(reverse("campaigns:join"))["Location"].startswith(reverse("login"))
    client.force_login(outsider)
    # signed in, the sign-up link leads to the join page, whose form joins
    response = client.get(reverse("signup-code", args=[code]))
    assert response["Location"] == reverse("campaigns:join-code", args=[code])
    client.post(response["Location"], {"code": code})
    assert CampaignMembership.objects.filter(campaign=campaign, user=outsider, role=Role.PLAYER).exists()
