"""Logging in: the lock-out after repeated wrong passwords, and API tokens for scripts."""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off, get_failure_limit, get_lockout_message
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from rest_framework.authtoken.views import ObtainAuthToken

LOCKED_OUT = 429


def locked_out(request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None) -> HttpResponse:
    """What a locked-out login gets: the site's page in the reader's language, or JSON for the API."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(get_lockout_message())}, status=LOCKED_OUT)
    context = {"failure_limit": get_failure_limit(request, credentials), "cooloff_timedelta": get_cool_off(request)}
    return render(request, "registration/locked_out.html", context, status=LOCKED_OUT)


class TokenView(ObtainAuthToken):
    """``POST /api/token/`` with ``username`` and ``password`` gives the account's token, for scripts.

    The credentials are checked on the underlying request, where the lock-out on password guessing
    (django-axes) marks a refused attempt and turns it into a 429."""

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "request": self.request._request}
