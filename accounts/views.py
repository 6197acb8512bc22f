"""Accounts pages: sign up (by invitation link or to found a club), the profile; Django's views reset passwords."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from campaigns import pages, selectors
from campaigns.forms import refuse

from . import services
from .forms import ProfileForm, SignUpForm


def sign_up(request: HttpRequest, code: str = "") -> HttpResponse:
    """The invitation link: a newcomer makes an account and joins the campaign; a member already signed in joins."""
    if request.user.is_authenticated:
        return redirect("campaigns:join-code", code) if code else redirect("setup:club")
    invitation = selectors.invitation(code)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            user, membership = services.sign_up(
                username=data["username"], email=data["email"], password=data["password1"], invite_code=code
            )
        except ValidationError as error:
            refuse(form, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Welcome, %(name)s.") % {"name": user.get_username()})
            if membership is not None:
                return redirect("campaigns:faction", membership.campaign_id)
            return redirect("setup:club")
    login_url = reverse("login")
    if code:
        login_url += "?next=" + reverse("campaigns:join-code", args=[code])
    return render(
        request,
        "accounts/signup.html",
        {"form": form, "code": code, "invitation": invitation, "login_url": login_url},
    )


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = ProfileForm(
        request.POST or None,
        initial={"first_name": user.first_name, "last_name": user.last_name, "email": user.email},
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_profile(user=user, **form.cleaned_data)
        except ValidationError as error:
            refuse(form, error)
        else:
            messages.success(request, _("Your profile is saved."))
            return redirect("profile")
    page = pages.profile(user)
    return render(
        request, "accounts/profile.html", {"form": form, "clubs": page.clubs, "memberships": page.memberships}
    )
