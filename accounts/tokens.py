"""An API token lasts as long as the password it was given for.

Whoever holds a token acts as its account without the password, so a new password, however it is set (the profile's
form, a reset by e-mail, the admin, ``manage.py changepassword``: all go through ``set_password``), deletes the
account's token; its holder asks ``POST /api/token/`` for a fresh one with the new password."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from rest_framework.authtoken.models import Token


def forget_token_on_new_password(sender: type, instance: AbstractBaseUser, created: bool, **kwargs: Any) -> None:
    # ``set_password`` keeps the new password in ``_password`` until the save; a hash merely upgraded at login is
    # saved without it, and keeps the token
    if not created and getattr(instance, "_password", None) is not None:
        Token.objects.filter(user_id=instance.pk).delete()
