"""Accounts: signing up (with or without an invitation) and keeping one's profile, each in one transaction."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from campaigns import selectors
from campaigns.models import CampaignMembership
from campaigns.services import join_with_code


@transaction.atomic
def sign_up(
    *, username: str, email: str, password: str, invite_code: str = ""
) -> tuple[AbstractUser, CampaignMembership | None]:
    """A new account; with an invitation code, its holder also joins that campaign as a player.

    A code that names no campaign (among them a code no campaign could have, such as one holding a NUL character)
    is refused before the account is made, so a refusal leaves nothing behind."""
    user_model = get_user_model()
    if invite_code and selectors.invitation(invite_code.strip()) is None:
        raise ValidationError(_("No campaign has this invitation code."))
    if user_model.objects.filter(username__iexact=username).exists():
        raise ValidationError(_("The username %(name)s is taken.") % {"name": username})
    user = user_model.objects.create_user(username=username, email=email, password=password)
    membership = join_with_code(code=invite_code, user=user) if invite_code else None
    return user, membership


@transaction.atomic
def update_profile(*, user: AbstractUser, first_name: str, last_name: str, email: str) -> AbstractUser:
    """Changes the name and e-mail address (the address the password reset is sent to)."""
    user_model = get_user_model()
    if email and user_model.objects.filter(email__iexact=email).exclude(pk=user.pk).exists():
        raise ValidationError(_("Another account uses the e-mail address %(email)s.") % {"email": email})
    user.first_name, user.last_name, user.email = first_name.strip(), last_name.strip(), email.strip()
    user.save(update_fields=["first_name", "last_name", "email"])
    return user


def forget_token_on_new_password(sender: type, instance: AbstractBaseUser, created: bool, **kwargs: Any) -> None:
    """An API token lasts as long as the password it was given for (connected to the user model's ``post_save``).

    Whoever holds a token acts as its account without the password, so a new password, however it is set (the
    profile's form, a reset by e-mail, the admin, ``manage.py changepassword``: all go through ``set_password``),
    deletes the account's token; its holder asks ``POST /api/token/`` for a fresh one with the new password."""
    # ``set_password`` keeps the new password in ``_password`` until the save; a hash merely upgraded at login is
    # saved without it, and keeps the token
    if not created and getattr(instance, "_password", None) is not None:
        Token.objects.filter(user_id=instance.pk).delete()
