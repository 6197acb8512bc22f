from django.urls import path

from . import views

app_name = "setup"

urlpatterns = [
    path("", views.club, name="club"),
    path("club/<int:club_id>/campaign/", views.campaign, name="campaign"),
    path("<int:pk>/players/", views.players, name="players"),
    path("<int:pk>/map/", views.map_step, name="map"),
    path("<int:pk>/map/<int:tid>/neighbours/<int:nid>/", views.neighbours, name="neighbours"),
    path("<int:pk>/map/<int:tid>/move/", views.move, name="move"),
    path("<int:pk>/forts/", views.forts, name="forts"),
    path("<int:pk>/armies/", views.armies, name="armies"),
]
