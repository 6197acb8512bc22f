from django.urls import path

from . import views

app_name = "assistants"

urlpatterns = [
    path("confrontation/", views.confrontation, name="confrontation"),
    path("confrontation/melee/", views.melee, name="confrontation-melee"),
    path("confrontation/shot/", views.shot, name="confrontation-shot"),
    path("confrontation/wound/", views.wound, name="confrontation-wound"),
    path(
        "confrontation/campaigns/<int:pk>/battles/<int:bid>/",
        views.confrontation_battle,
        name="confrontation-battle",
    ),
]
