from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from . import views
from .forms import ThrottledPasswordChangeForm

urlpatterns = [
    path("signup/", views.sign_up, name="signup"),
    path("signup/<str:code>/", views.sign_up, name="signup-code"),
    path("profile/", views.profile, name="profile"),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(
            form_class=ThrottledPasswordChangeForm, success_url=reverse_lazy("password_change_done")
        ),
        name="password_change",
    ),
    path("password/change/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password/reset/", auth_views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path("password/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
]
