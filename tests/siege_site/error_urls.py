from django.http import HttpRequest, HttpResponse
from django.urls import include, path


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("broken on purpose")


urlpatterns = [path("broken/", broken), path("", include("siege_site.urls"))]
