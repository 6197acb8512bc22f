"""Settings come from the environment, and production refuses to start without a secret key."""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from siege_site.stack import BASE_DIR

STRONG_KEY = secrets.token_urlsafe(50)

SHOW = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps({k: getattr(settings, k, None) for k in "
    "['DEBUG', 'ALLOWED_HOSTS', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', 'SECURE_SSL_REDIRECT', "
    "'LANGUAGE_CODE']}))"
)


def settings_with(code: str = SHOW, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"}}
    return subprocess.run(
        [sys.executable, "-c", code],
        env=clean | {"DJANGO_SETTINGS_MODULE": "siege_site.settings"} | env,
        cwd=BASE_DIR, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_secret_key_is_required_when_debug_is_off() -> None:
    result = settings_with(DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY is required when DEBUG is off" in result.stderr


def test_production_settings_are_safe() -> None:
    result = settings_with(DEBUG="0", SECRET_KEY=STRONG_KEY, ALLOWED_HOSTS="siege.example.org", BEHIND_HTTPS_PROXY="1")
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


HASHER = (
    "import django; django.setup(); from django.contrib.auth.hashers import get_hasher; "
    "hasher = get_hasher(); print(hasher.algorithm, getattr(hasher, 'iterations', 0))"
)


def test_production_hashes_passwords_with_pbkdf2_and_the_tests_with_a_fast_hasher() -> None:
    result = settings_with(HASHER, DEBUG="0", SECRET_KEY=STRONG_KEY)
    assert result.returncode == 0, result.stderr
    algorithm, iterations = result.stdout.split()
    assert algorithm == "pbkdf2_sha256"
    assert int(iterations) >= 1_000_000
    # the tests' own settings (tests/settings.py), which their servers and workers inherit
    tests = settings_with(HASHER, DEBUG="1", DJANGO_SETTINGS_MODULE="tests.settings")
    assert tests.returncode == 0, tests.stderr
    assert tests.stdout.split()[0] == "md5"


def test_a_malformed_boolean_names_the_variable() -> None:
    result = settings_with(DEBUG="perhaps")
    assert result.returncode != 0
    assert "DEBUG must be one of" in result.stderr


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("short-but-random-Zq8", "too weak"),
        ("x" * 60, "too weak"),
        ("change-me-to-a-long-random-string-change-me-to-a-long-random-string", "placeholder"),
        ("django-insecure-" + "k3j4h5g6f7d8s9a0p1o2i3u4y5t6r7e8w9q0z1x2c3v4b5n6m7", "placeholder"),
    ],
)
def test_a_weak_or_placeholder_secret_key_is_refused_in_one_line(key: str, reason: str) -> None:
    result = settings_with(DEBUG="0", SECRET_KEY=key)
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert result.stderr.startswith("error: SECRET_KEY is")
    assert reason in result.stderr


def test_the_example_environment_file_key_is_refused() -> None:
    example = (BASE_DIR / ".env.example").read_text()
    key = re.search(r"^SECRET_KEY=(.*)$", example, re.MULTILINE)
    assert key is not None
    result = settings_with(DEBUG="0", SECRET_KEY=key.group(1))
    assert result.returncode == 1
    assert "SECRET_KEY is" in result.stderr


PAGES_WITHOUT_COLLECTSTATIC = (
    "import django; django.setup(); from django.test import Client; c = Client(); "
    "page = c.get('/accounts/login/'); css = c.get('/static/css/site.css'); "
    "print(page.status_code, css.status_code, b'css/site.css' in page.content)"
)


def test_production_serves_pages_and_styles_before_collectstatic(tmp_path: Path) -> None:
    result = settings_with(
        PAGES_WITHOUT_COLLECTSTATIC,
        DEBUG="0", SECRET_KEY=STRONG_KEY, ALLOWED_HOSTS="testserver", STATIC_ROOT=str(tmp_path / "nothing"),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["200", "200", "True"]


def test_the_image_collects_hashed_static_files_at_build(tmp_path: Path) -> None:
    dockerfile = (BASE_DIR / "Dockerfile").read_text()
    (command,) = [
        line.removeprefix("RUN ")
        for line in dockerfile.splitlines()
        if line.startswith("RUN ") and "collectstatic" in line
    ]
    clean = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    result = subprocess.run(
        ["sh", "-c", command.replace("python ", f"{sys.executable} ")],
        env=clean | {"STATIC_ROOT": str(tmp_path)}, cwd=BASE_DIR, capture_output=True, text=True, timeout=600,
        check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "staticfiles.json").read_text())
    assert manifest["paths"]["css/site.css"] != "css/site.css"
    assert (tmp_path / manifest["paths"]["css/site.css"]).exists()
    # compressed as the image compresses, which installs no brotli: gzip beside each file, no .br
    assert (tmp_path / (manifest["paths"]["css/site.css"] + ".gz")).exists()
    assert not list(tmp_path.rglob("*.br"))


def test_sites_sharing_one_redis_keep_their_cache_apart_by_a_prefix() -> None:
    show = (
        "import django; from django.conf import settings; django.setup(); "
        "from django.core.cache import cache; print(cache.make_key('healthz:workers'))"
    )
    shared = settings_with(show, DEBUG="1", CACHE_KEY_PREFIX="")
    apart = settings_with(show, DEBUG="1", CACHE_KEY_PREFIX="club-a")
    assert (shared.returncode, apart.returncode) == (0, 0), shared.stderr + apart.stderr
    assert shared.stdout.split() == [":1:healthz:workers"]
    assert apart.stdout.split() == ["club-a:1:healthz:workers"]
