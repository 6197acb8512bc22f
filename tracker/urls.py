from django.urls import path

from . import views, views_skirmish

app_name = "tracker"

urlpatterns = [
    path("", views.tracker_list, name="list"),
    path("new/", views.new_one_off, name="new"),
    path("campaign-battle/<int:bid>/", views.new_from_campaign, name="from-campaign"),
    path("skirmish/new/", views_skirmish.new_skirmish, name="skirmish-new"),
    path("skirmish/campaign-battle/<int:bid>/", views_skirmish.new_campaign_skirmish, name="skirmish-from-campaign"),
    path("<int:pk>/", views.board, name="board"),
    path("<int:pk>/poll/", views.poll, name="poll"),
    path("<int:pk>/act/", views.act, name="act"),
    path("<int:pk>/undo/", views.undo, name="undo"),
    path("<int:pk>/result/", views.result, name="result"),
    path("<int:pk>/chances/", views.chances, name="chances"),
    path("<int:pk>/report/", views.report, name="report"),
    path("<int:pk>/export.json", views.export, name="export"),
    path("<int:pk>/app/", views.app_action, name="app"),
    path("<int:pk>/advice/", views.advice, name="advice"),
]
