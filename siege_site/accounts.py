"""Logging in: the lock-out after repeated wrong passwords, and API tokens for scripts."""

from __future__ import annotations

from typing import Any

from axes.helpers import get_cool_off, get_failure_limit, get_lockout_message
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.parsers import FormParser, MultiPartParser

from campaigns.jsoninput import BoundedJSONParser

LOCKED_OUT = 429


def locked_out(request: HttpRequest, original_response: HttpResponse | None, credentials: Any = None) -> HttpResponse:
    """What a locked-out login gets: the site's page in the reader's language, or JSON for the API."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": str(get_lockout_message())}, status=LOCKED_OUT)
    context = {"failure_limit": get_failure_limit(request, credentials), "cooloff_timedelta": get_cool_off(request)}
    return render(request, "registration/locked_out.html", context, status=LOCKED_OUT)


@extend_schema(
    responses={
        200: inline_serializer("Token", {"token": serializers.CharField()}),
        400: OpenApiResponse(description="Refused: wrong username or password, or a field missing."),
        429: OpenApiResponse(description="Too many wrong passwords for this account from this address."),
    }
)
class TokenView(ObtainAuthToken):
    """``POST /api/token/`` with ``username`` and ``password`` gives the account's token, for scripts.

    The credentials are checked on the underlying request, where the lock-out on password guessing
    (django-axes) marks a refused attempt and turns it into a 429."""

    # a JSON body, or the form fields of ``curl -d`` and ``curl -F``
    parser_classes = (BoundedJSONParser, FormParser, MultiPartParser)

    def get_serializer_context(self) -> dict[str, Any]:
        return {**super().get_serializer_context(), "request": self.request._request}
