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
    path("confrontation/flight/", views.flight, name="confrontation-flight"),
    path("confrontation/disengage/", views.disengage, name="confrontation-disengage"),
    path("confrontation/hold-fire/", views.hold_fire, name="confrontation-hold-fire"),
    *(
        path(
            f"confrontation/campaigns/<int:pk>/battles/<int:bid>/{kind}/",
            getattr(views, kind.replace("-", "_")),
            name=f"confrontation-battle-{kind}",
        )
        for kind in ("melee", "shot", "wound", "flight", "disengage", "hold-fire")
    ),
]
