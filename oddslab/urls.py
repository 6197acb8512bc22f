from django.urls import path

from . import api, views

app_name = "oddslab"

urlpatterns = [
    path("odds/", views.index, name="index"),
    path("odds/<slug:slug>/", views.mechanic, name="mechanic"),
    path("api/odds/", api.MechanicList.as_view(), name="api-list"),
    *api.urlpatterns,
]
