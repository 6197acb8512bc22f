"""JSON typed or sent by people, read with bounds: nesting, number sizes, no NaN or Infinity, no NUL character and no
lone surrogate.

Python's ``json`` reads any depth until it runs out of stack, numbers of any length, ``NaN``/``Infinity`` literals
and escapes such as ``"\\ud800"`` that name half of a surrogate pair, which is no character: neither UTF-8 nor
PostgreSQL can hold it, and an answer that quotes it back cannot be written. PostgreSQL stores no NUL character
either. Every JSON from outside (the map and fort layouts typed by the organiser, the bodies of API requests, and
so every text an API serializer takes) is read by :func:`loads` instead, which refuses all of these with a
:class:`JSONInputError` whose message says what is wrong.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32
"""The deepest nesting of lists and objects read; a map or a fort layout needs 4."""

MAX_DIGITS = 18
"""The most digits of a whole number: any count or id of the site fits in 18 digits."""

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a surrogate pair: ``json`` joins a whole pair into one character, so any half left is alone."""


class JSONInputError(ValueError):
    """JSON that cannot be read, or goes beyond a bound; the message is for the person who sent it."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JSONInputError(_("a number has more than %(digits)s digits") % {"digits": MAX_DIGITS})
    return int(text)


def _decimal(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError(_("the number %(number)s is too large") % {"number": text[:20]})
    return value


def _constant(text: str) -> Any:
    raise JSONInputError(_("%(constant)s is not a number JSON allows") % {"constant": text})


def _check(data: Any, max_depth: int) -> None:
    """Depth, NUL characters and lone surrogates, walked without recursion."""
    pending: list[tuple[Any, int]] = [(data, 0)]
    while pending:
        value, depth = pending.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise JSONInputError(_("a text holds a NUL character"))
            if LONE_SURROGATE.search(value):
                raise JSONInputError(_("a text holds a lone surrogate (\\ud800 to \\udfff), which is no character"))
        elif isinstance(value, dict | list):
            if depth >= max_depth:
                raise JSONInputError(_("lists and objects are nested more than %(depth)s deep") % {"depth": max_depth})
            items = value.items() if isinstance(value, dict) else ((None, item) for item in value)
            for key, item in items:
                if key is not None:
                    pending.append((key, depth + 1))
                pending.append((item, depth + 1))


def loads(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of a JSON text within the bounds above; :class:`JSONInputError` otherwise.

    >>> loads('{"territories": [{"name": "Altdorf", "x": 20}]}')
    {'territories': [{'name': 'Altdorf', 'x': 20}]}
    """
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_decimal, parse_constant=_constant)
    except RecursionError as error:
        # the decoder's own stack ran out before the walk below could measure the depth
        raise JSONInputError(
            _("lists and objects are nested more than %(depth)s deep") % {"depth": max_depth}
        ) from error
    except json.JSONDecodeError as error:
        raise JSONInputError(
            _("line %(line)s, column %(column)s: %(error)s")
            % {"line": error.lineno, "column": error.colno, "error": error.msg}
        ) from error
    except UnicodeDecodeError as error:
        raise JSONInputError(_("the text is not UTF-8")) from error
    _check(data, max_depth)
    return data


class BoundedJSONParser(JSONParser):
    """The API's JSON parser: :func:`loads`, its refusals answered 400 with their message."""

    def parse(self, stream: Any, media_type: str | None = None, parser_context: dict[str, Any] | None = None) -> Any:
        try:
            return loads(stream.read() if stream is not None else b"")
        except JSONInputError as error:
            raise ParseError(_("JSON parse error: %(error)s") % {"error": error}) from error
