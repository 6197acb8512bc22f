"""Settings come from the environment, and production refuses to start without a secret key."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from siege_site.stack import BASE_DIR

SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({k: getattr(settings, k, None) for k in "
    "['DEBUG', 'ALLOWED_HOSTS', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_SSL_REDIRECT', "
    "'LANGUAGE_CODE']}))"
)


def settings_with(**env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}}
    return subprocess.run(
        [sys.executable, "-c", SHOW],
        env=clean | {"DJANGO_SETTINGS_MODULE": "siege_site.settings"} | env,
        cwd=BASE_DIR, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_secret_key_is_required_when_debug_is_off() -> None:
    result = settings_with(DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in result.stderr


def test_production_settings_are_safe() -> None:
    result = settings_with(DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="siege.example.org", BEHIND_HTTPS_PROXY="1")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["DEBUG"] is False
    assert values["ALLOWED_HOSTS"] == ["siege.example.org"]
    assert values["SESSION_COOKIE_SECURE"] is True
    assert values["CSRF_COOKIE_SECURE"] is True
    assert values["SECURE_SSL_REDIRECT"] is True


def test_development_settings_need_no_secret() -> None:
    result = settings_with(DEBUG="1")
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout)
    assert values["DEBUG"] is True
    assert values["SESSION_COOKIE_SECURE"] is False
    assert values["LANGUAGE_CODE"] == "fr"


def test_a_malformed_boolean_names_the_variable() -> None:
    result = settings_with(DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr
