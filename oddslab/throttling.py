"""How often one address may ask the odds lab, its pages and its API alike: they are open to anyone (they hold no
campaign data), and each answer is an exact computation.

One budget per address, whoever is logged in, counted in the site's cache (Redis), so that every server process
shares it: ``ODDS_REQUESTS_PER_MINUTE`` (0 turns the limit off). The address is the client's own, or the one the
HTTPS proxy saw when the site is behind one (DRF's ``NUM_PROXIES``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from rest_framework.throttling import SimpleRateThrottle


class OddsThrottle(SimpleRateThrottle):
    """DRF's rate throttle, keyed by address only: a logged-in user shares the budget of the address asking."""

    scope = "odds"

    def get_rate(self) -> str | None:
        # read at each request rather than once at import, as DRF does, so that the setting can change
        per_minute = settings.ODDS_REQUESTS_PER_MINUTE
        return f"{per_minute}/min" if per_minute > 0 else None

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def retry_after(self) -> int:
        """Whole seconds until the address may ask again."""
        return max(1, math.ceil(self.wait() or 1))


Refusal = Callable[[HttpRequest, int], HttpResponse]


def throttled(refused: Refusal) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """A page behind :class:`OddsThrottle`: an address over its budget gets ``refused(request, seconds)`` instead,
    with ``Retry-After``."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            throttle = OddsThrottle()
            if throttle.allow_request(request, None):
                return view(request, *args, **kwargs)
            seconds = throttle.retry_after()
            response = refused(request, seconds)
            response["Retry-After"] = str(seconds)
            return response

        return wrapper

    return decorate
