from django.urls import path

from . import views
from .bands import views as views_bands
from .rule_systems import views as views_rule_systems

app_name = "campaigns"

urlpatterns = [
    path("", views.campaign_list, name="list"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join-code"),
    path("<int:pk>/", views.campaign_detail, name="detail"),
    path("<int:pk>/faction/", views.faction, name="faction"),
    path("<int:pk>/manage/", views.campaign_manage, name="manage"),
    path("<int:pk>/manage/invite/", views.invite_code, name="invite"),
    path("<int:pk>/territories/<int:tid>/", views.territory_detail, name="territory"),
    path("<int:pk>/armies/", views.army_list, name="armies"),
    path("<int:pk>/armies/<int:aid>/", views.army_detail, name="army"),
    path("<int:pk>/armies/<int:aid>/units/<int:uid>/", views.unit_detail, name="unit"),
    path("<int:pk>/armies/<int:aid>/units/<int:uid>/delete/", views.unit_delete, name="unit-delete"),
    path("<int:pk>/orders/", views.orders, name="orders"),
    path("<int:pk>/orders/<int:aid>/", views.give_order, name="order"),
    path("<int:pk>/turn/<str:action>/", views.turn_action, name="turn"),
    path("<int:pk>/progress/", views.turn_progress, name="progress"),
    path("<int:pk>/battles/", views.battle_list, name="battles"),
    path("<int:pk>/battles/<int:bid>/", views.battle_detail, name="battle"),
    path("<int:pk>/battles/<int:bid>/rule-system/", views_rule_systems.battle_rule_system, name="battle-rule-system"),
    path("<int:pk>/battles/<int:bid>/band/<str:side>/", views_bands.battle_band, name="battle-band"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/standings.csv", views.standings_csv, name="standings-csv"),
]
