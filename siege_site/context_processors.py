"""What every page's template may read beyond Django's own: how often its live parts ask the server for news."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def pace(request: HttpRequest) -> dict[str, object]:
    """``pace``: the milliseconds between two asks of each live part of a page (:data:`siege_site.settings.PACE`)."""
    return {"pace": settings.PACE}
