"""Small helpers to read settings from the environment, with safe defaults."""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be one of {sorted(TRUE | FALSE - {''})}, got {raw!r}")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, got {raw!r}") from None


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Words that mark a key copied from an example rather than generated.
PLACEHOLDER_WORDS = ("change", "secret", "example", "insecure", "placeholder", "dummy", "xxxx")
SECRET_KEY_MIN_LENGTH = 50


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` cannot sign production sessions, or None when it is long, varied and not a placeholder."""
    if not key:
        return "SECRET_KEY is required when DEBUG is off (set DEBUG=1 for development)"
    if len(key) < SECRET_KEY_MIN_LENGTH or len(set(key)) < 10:
        return (
            f"SECRET_KEY is too weak: use at least {SECRET_KEY_MIN_LENGTH} random characters, for example the output "
            'of: python -c "import secrets; print(secrets.token_urlsafe(50))"'
        )
    if any(word in key.lower() for word in PLACEHOLDER_WORDS):
        return "SECRET_KEY is a placeholder: replace it with a long random string"
    return None


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a number, got {raw!r}") from None
