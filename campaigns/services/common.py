"""What the services share: checking values against their fields' limits, quoting names in messages, mailing
members once a change commits."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.core.mail import send_mass_mail
from django.core.validators import ProhibitNullCharactersValidator
from django.db import models, transaction
from django.utils.text import Truncator, capfirst
from django.utils.translation import gettext as _

from ..models import (
    Campaign,
)


def limit_problems(instance: models.Model, *names: str) -> list[str]:
    """What the model's fields ``names`` do not take of the instance's values (too long, out of range, not finite,
    a NUL character), each naming its field."""
    problems = []
    for name in names:
        field = instance._meta.get_field(name)
        value = getattr(instance, field.attname)
        try:
            if isinstance(value, str):
                ProhibitNullCharactersValidator()(value)
            field.clean(value, instance)
        except ValidationError as error:
            problems.extend(
                _("%(field)s: %(error)s") % {"field": capfirst(str(field.verbose_name)), "error": message}
                for message in error.messages
            )
    return problems


def check_limits(instance: models.Model, *names: str) -> None:
    problems = limit_problems(instance, *names)
    if problems:
        raise ValidationError(problems)


def shown(name: str) -> str:
    """A name as a message quotes it: short, without control characters."""
    return Truncator("".join(c for c in name if c.isprintable())).chars(40)


def notify(campaign: Campaign, subject: str, body: str, *, only: Sequence[int] | None = None) -> None:
    """Mails every member with an address (or the memberships ``only`` names) once the transaction commits (a rolled
    back change mails nobody)."""
    members = campaign.memberships.select_related("user")
    if only is not None:
        members = members.filter(pk__in=only)
    recipients = [m.user.email for m in members if m.user.email]
    if recipients:
        messages = [(f"[{campaign.name}] {subject}", body, None, [address]) for address in recipients]
        transaction.on_commit(lambda: send_mass_mail(messages, fail_silently=True))
