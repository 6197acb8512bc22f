"""Forms for accounts: what people type; the services decide."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.auth import password_validation
from django.contrib.auth.forms import PasswordChangeForm
from django.core.cache import cache
from django.utils.translation import gettext_lazy as _


class SignUpForm(forms.Form):
    username = forms.CharField(
        label=_("Username"), max_length=150, widget=forms.TextInput(attrs={"autocomplete": "username"})
    )
    email = forms.EmailField(
        label=_("E-mail address"),
        help_text=_("Used only to reset your password and to tell you when a turn opens."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password again"), strip=False, widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ."))
        elif isinstance(first, str):
            try:
                password_validation.validate_password(first)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return data


class ProfileForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Last name"), max_length=150, required=False)
    email = forms.EmailField(label=_("E-mail address"), required=False)


class ThrottledPasswordChangeForm(PasswordChangeForm):
    """The password change, its old password guessed no more often than a login: after ``LOGIN_FAILURE_LIMIT``
    wrong old passwords the form refuses, the right one included, until ``LOGIN_COOLOFF_MINUTES`` have passed since
    the last wrong one (counted in the cache, shared by every server process)."""

    def _failures_key(self) -> str:
        return f"password-change-failures:{self.user.pk}"

    def clean_old_password(self) -> str:
        key = self._failures_key()
        if (cache.get(key) or 0) >= settings.AXES_FAILURE_LIMIT:
            raise forms.ValidationError(
                _("Too many wrong passwords: try again in %(minutes)s minutes."),
                code="throttled",
                params={"minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)},
            )
        try:
            return super().clean_old_password()
        except forms.ValidationError:
            cooloff = int(settings.AXES_COOLOFF_TIME.total_seconds())
            cache.add(key, 0, cooloff)
            cache.incr(key)
            cache.touch(key, cooloff)
            raise
