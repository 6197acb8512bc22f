from django.urls import path

from . import views

app_name = "simulations"

urlpatterns = [
    path("", views.run_list, name="list"),
    path("<int:pk>/", views.run_detail, name="detail"),
    path("<int:pk>/progress/", views.run_progress, name="progress"),
    path("<int:pk>/<str:action>/", views.run_action, name="action"),
    path("<int:pk>/results.csv", views.run_csv, name="csv"),
]
