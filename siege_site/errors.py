"""Error pages in the site's layout and the reader's language: 403, 404 and 500 are Django's handlers with the
templates of the same name; a 405 gets its page here, since Django answers it with an empty body, and a 400 (a body
over the site's size, too many fields) here too, since Django's renders its template without the request."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, HttpResponseNotAllowed
from django.template.defaultfilters import filesizeformat
from django.template.loader import render_to_string


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    size = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    return HttpResponseBadRequest(render_to_string("400.html", {"size": size}, request=request))


class NotAllowedPage:
    """Gives a page to the empty 405 answers of ``require_POST`` and the like (the API keeps its own JSON)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if isinstance(response, HttpResponseNotAllowed) and not response.content:
            response.content = render_to_string(
                "405.html", {"allowed": response["Allow"], "method": request.method}, request=request
            ).encode()
            response["Content-Type"] = "text/html; charset=utf-8"
        return response
