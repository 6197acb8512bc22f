"""The board's menu of forms (:func:`tracker.presenters.forms.option_forms`) from the board partial's context."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.urls import reverse
from django.utils.safestring import SafeString

from tracker.presenters.forms import FormPage, option_forms

register = template.Library()


@register.simple_tag(takes_context=True)
def menu_forms(context: Any) -> SafeString:
    """The forms of the options the reader plays (``mine``), posting to the battle's action."""
    page = FormPage(
        reverse("tracker:act", args=[context["tracked"].pk]),
        CsrfTokenNode().render(context),
        context["seq"],
        context["section"],
        context["physical"],
        context["damages"],
    )
    return option_forms(context["mine"], page)
