from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from campaigns.api import CampaignViewSet

from .accounts import TokenView
from .health import healthz


def favicon(request: HttpRequest) -> HttpResponsePermanentRedirect:
    # resolved per request: before collectstatic, the manifest has no entry yet and the other pages must still work
    return HttpResponsePermanentRedirect(static("favicon.svg"))


router = DefaultRouter()
router.register("campaigns", CampaignViewSet, basename="campaign")

urlpatterns = [
    path("", RedirectView.as_view(pattern_name="campaigns:list", permanent=False), name="home"),
    path("accounts/login/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include("accounts.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("campaigns/", include("campaigns.urls")),
    path("assistants/", include("assistants.urls")),
    path("", include("oddslab.urls")),
    path("api/token/", TokenView.as_view(), name="api-token"),
    path("setup/", include("campaigns.setup.urls")),
    path("simulations/", include("simulations.urls")),
    path("tracker/", include("tracker.urls")),
    path("api/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # the split view serves Swagger UI's start-up script as a file (?script): the CSP allows no inline script
    path(
        "api/docs/",
        SpectacularSwaggerSplitView.as_view(url_name="api-schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # browsers ask for it whatever the pages link to
    path("favicon.ico", favicon),
]

handler400 = "siege_site.errors.bad_request"
