"""A mechanic's form, built from its parameters in the registry: bounds checked, each refusal naming its parameter.

The form reads the query string; a parameter left out takes its default, so that a shared address keeps only what
differs and the index's links (no parameters) show an answer straight away. Flags are a yes/no choice rather than a
checkbox, so that ``covered=false`` in an address means what it says.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import pgettext

from .mechanics import BY_SLUG, Mechanic, Param, ParamType

TRUE, FALSE = "true", "false"
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,12}")
"""A whole number as the query string may write it: "5.0", "1e3" or " 5" name one only by accident."""


def query_value(value: int | str | bool) -> str:
    """A parameter's value as the query string writes it."""
    if isinstance(value, bool):
        return TRUE if value else FALSE
    return str(value)


class BoundedIntegerField(forms.IntegerField):
    """A whole number within the parameter's bounds; one message, naming the parameter and its range."""

    def __init__(self, param: Param, **kwargs: Any) -> None:
        self.param = param
        message = pgettext("odds", "%(label)s must be a whole number from %(low)s to %(high)s.") % {
            "label": param.label,
            "low": param.low,
            "high": param.high,
        }
        super().__init__(error_messages={"invalid": message, "required": message}, **kwargs)
        self.widget.attrs.update(min=param.low, max=param.high, step=1)
        self.out_of_range = message

    def to_python(self, value: Any) -> int | None:
        if not isinstance(value, str) or not WHOLE_NUMBER.fullmatch(value):
            raise ValidationError(self.out_of_range, code="invalid")
        return int(value)

    def validate(self, value: Any) -> None:
        super().validate(value)
        assert self.param.low is not None
        assert self.param.high is not None
        if not self.param.low <= value <= self.param.high:
            raise ValidationError(self.out_of_range, code="range")


def _field(param: Param) -> forms.Field:
    common: dict[str, Any] = {"label": param.label, "help_text": param.help or ""}
    if param.type is ParamType.INTEGER:
        return BoundedIntegerField(param, **common)
    if param.type is ParamType.BOOLEAN:
        choices = [(TRUE, pgettext("odds", "yes")), (FALSE, pgettext("odds", "no"))]
    else:
        choices = [(c.value, c.label) for c in param.choices]
    message = pgettext("odds", "%(label)s must be one of: %(choices)s.") % {
        "label": param.label,
        "choices": ", ".join(value for value, _ in choices),
    }
    return forms.ChoiceField(choices=choices, error_messages={"invalid_choice": message, "required": message}, **common)


class OddsForm(forms.Form):
    """The parameters of one mechanic; :attr:`values` are the parsed ones, as :meth:`Mechanic.ask` takes them."""

    def __init__(self, mechanic: Mechanic, query: Mapping[str, str]) -> None:
        data = {p.name: query_value(p.default) for p in mechanic.params}
        data.update({name: query[name] for name in data if name in query})
        super().__init__(data)
        self.mechanic = mechanic
        for param in mechanic.params:
            self.fields[param.name] = _field(param)

    @classmethod
    def for_slug(cls, slug: str, query: Mapping[str, str]) -> OddsForm | None:
        """The form of the mechanic at ``slug``; None for no such mechanic."""
        mechanic = BY_SLUG.get(slug)
        return cls(mechanic, query) if mechanic is not None else None

    @property
    def values(self) -> dict[str, int | str | bool]:
        parsed: dict[str, int | str | bool] = {}
        for param in self.mechanic.params:
            value = self.cleaned_data[param.name]
            parsed[param.name] = value == TRUE if param.type is ParamType.BOOLEAN else value
        return parsed
