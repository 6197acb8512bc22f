"""Settings, all from the environment, with defaults that are safe in production and easy in development.

``DATABASE_URL`` and ``REDIS_URL`` name the servers. Left unset, they point at the embedded PostgreSQL and
Redis that ``make run`` starts under ``var/`` (see :mod:`siege_site.stack`, which writes their addresses to
``var/services.env`` while they run).
"""

from __future__ import annotations

import sys
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from .env import env_bool, env_float, env_int, env_list, env_str, secret_key_problem

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(env_str("SIEGE_VAR_DIR", str(BASE_DIR / "var")))


def _embedded_services() -> dict[str, str]:
    """The addresses the embedded services were started on, when they run (see siege_site.stack)."""
    path = VAR_DIR / "services.env"
    if not path.exists():
        return {}
    pairs = (line.split("=", 1) for line in path.read_text().splitlines() if "=" in line)
    return {key.strip(): value.strip() for key, value in pairs}


_embedded = _embedded_services()

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY")
if not DEBUG and (_weak_key := secret_key_problem(SECRET_KEY)):
    # one line, no traceback: the person deploying reads what to change
    sys.exit(f"error: {_weak_key}")
SECRET_KEY = SECRET_KEY or "development-only-not-secret"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# Behind a TLS-terminating proxy: cookies only over HTTPS, and trust the proxy's scheme header.
SECURE_COOKIES = env_bool("SECURE_COOKIES", not DEBUG)
SESSION_COOKIE_SECURE = SECURE_COOKIES
CSRF_COOKIE_SECURE = SECURE_COOKIES
if env_bool("BEHIND_HTTPS_PROXY", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 3600)
SESSION_COOKIE_HTTPONLY = True
# Content-Security-Policy: scripts and style sheets only from the site's own static files, never inline. Style
# attributes stay allowed (a progress bar's width, a drawing's sizing); htmx is told not to inject styles or
# evaluate code (see base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "axes",
    "drf_spectacular_sidecar",
    "campaigns",
    "accounts",
    "simulations",
    "assistants",
    "oddslab",
    "tracker",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # last, as django-axes asks: turns a refused login into the lock-out page
    "axes.middleware.AxesMiddleware",
    "siege_site.errors.NotAllowedPage",
]

ROOT_URLCONF = "siege_site.urls"
WSGI_APPLICATION = "siege_site.wsgi.application"
ASGI_APPLICATION = "siege_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "siege_site.context_processors.pace",
            ],
        },
    },
]

PACE = {
    "news": 1000,
    "app": 700,
    "progress": 500,
    "chances": 1000,
    "joined": 5000,
}
"""How often, in milliseconds, a page's live parts ask for news: the board whether the other player has played, a
turn's resolution and the app's advice (``news``); the app's next action in a solo battle, each shown on its own
(``app``); a simulation's progress (``progress``) and the chances page's estimate (``chances``); the players who
joined a campaign being set up (``joined``)."""

DATABASE_URL = env_str("DATABASE_URL") or _embedded.get("DATABASE_URL", "")
if not DATABASE_URL:
    DATABASE_URL = f"postgresql://postgres@/siege?host={VAR_DIR / 'pg'}"
if not DATABASE_URL.startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured(f"DATABASE_URL must be a PostgreSQL URL (postgresql://…), got {DATABASE_URL!r}")
# Each process keeps a pool of at most DB_POOL_SIZE connections, which requests borrow and give back: a
# development server starting a thread per request, or a burst of clients, cannot exhaust PostgreSQL's
# connections (a request waits up to DB_POOL_TIMEOUT seconds for one). DB_POOL_SIZE=0 falls back to one
# persistent connection per thread, kept DB_CONN_MAX_AGE seconds.
DB_POOL_SIZE = env_int("DB_POOL_SIZE", 8)
DATABASES = {
    "default": dj_database_url.parse(DATABASE_URL, conn_max_age=0 if DB_POOL_SIZE else env_int("DB_CONN_MAX_AGE", 60))
}
DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = env_int("DB_CONNECT_TIMEOUT", 5)
if DB_POOL_SIZE:
    DATABASES["default"]["OPTIONS"]["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": env_int("DB_POOL_TIMEOUT", 10),
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL") or _embedded.get("REDIS_URL", "redis://127.0.0.1:6379/0")
# Every talk with Redis, as cache, broker or result store, has a deadline: a Redis stopped or frozen makes a request
# that needs it answer within a few seconds that it could not, instead of hanging for the whole outage.
REDIS_SOCKET_TIMEOUT = float(env_str("REDIS_SOCKET_TIMEOUT", "1"))
REDIS_CONNECT_TIMEOUT = float(env_str("REDIS_CONNECT_TIMEOUT", "1"))
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "OPTIONS": {"socket_timeout": REDIS_SOCKET_TIMEOUT, "socket_connect_timeout": REDIS_CONNECT_TIMEOUT},
        # sites sharing one Redis keep their cached answers apart
        "KEY_PREFIX": env_str("CACHE_KEY_PREFIX", ""),
    }
}

CELERY_BROKER_URL = REDIS_URL
CELERY_RESULT_BACKEND = REDIS_URL
CELERY_TASK_DEFAULT_QUEUE = env_str("CELERY_QUEUE", "siege")
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TRACK_STARTED = True
CELERY_RESULT_EXPIRES = 24 * 3600
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# A task is acknowledged once it is done, and a worker killed while running it hands it back to the queue:
# a resolution interrupted half-way (rolled back with the dead worker's connection) runs again.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task unacknowledged this long (its worker vanished whole) is delivered again.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT", 900),
    "socket_timeout": REDIS_SOCKET_TIMEOUT,
    "socket_connect_timeout": REDIS_CONNECT_TIMEOUT,
}
# With Redis down or frozen, handing a task over fails within 3 seconds, and the click that asked for it says so:
# no retry of a publish (redis-py reconnects a stale connection by itself; a retry after a timeout would double the
# wait), one for the result store, which follows the task from the moment it is sent.
CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
CELERY_REDIS_SOCKET_TIMEOUT = REDIS_SOCKET_TIMEOUT
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = REDIS_CONNECT_TIMEOUT
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2}
}
CELERY_BEAT_SCHEDULE = {
    # a turn's orders close within a minute of its deadline, without the organiser
    "lock-overdue-turns": {"task": "campaigns.lock_overdue_turns", "schedule": 60.0},
    # a resolution whose worker died, or that no worker took up, is handed back to the organiser
    "return-stalled-resolutions": {"task": "campaigns.return_stalled_resolutions", "schedule": 60.0},
    # roster files previewed and never confirmed nor cancelled
    "drop-expired-roster-uploads": {"task": "campaigns.drop_expired_roster_uploads", "schedule": 3600.0},
}
# The players an invitation code may bring into one campaign (it stops once the first turn is resolved).
INVITATION_PLAYER_LIMIT = env_int("INVITATION_PLAYER_LIMIT", 16)
# How long a previewed roster's file waits for its sender to confirm the import.
ROSTER_PREVIEW_MINUTES = env_int("ROSTER_PREVIEW_MINUTES", 60)
# A resolution taken up by a worker holds its turn's row until it ends: one that no longer holds it this long
# after starting has lost its worker. One never taken up is given this long in the queue.
RESOLUTION_SILENCE_SECONDS = env_int("RESOLUTION_SILENCE_SECONDS", 60)
RESOLUTION_QUEUE_TIMEOUT_SECONDS = env_int("RESOLUTION_QUEUE_TIMEOUT_SECONDS", 600)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
# Password guessing: after AXES_FAILURE_LIMIT wrong passwords for one account from one address, through the login
# form, the admin or the API's token endpoint, that account is refused from that address, right password included,
# for the cool-off time.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 10)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "siege_site.accounts.locked_out"
if env_bool("BEHIND_HTTPS_PROXY", False):
    # the client's address is the one the proxy saw
    AXES_IPWARE_PROXY_COUNT = 1
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaigns:list"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = env_str("LANGUAGE_CODE", "fr")
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "siege_site.storage.StaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
# Before collectstatic (no manifest), WhiteNoise serves the files from the app folders rather than nothing.
WHITENOISE_USE_FINDERS = DEBUG or not (STATIC_ROOT / "staticfiles.json").exists()

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
# where the file-based backend writes, one file per e-mail (make run sends the demo's and the app's e-mails there)
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "siege@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # the browser's session; scripts send "Authorization: Token …" (POST /api/token/ gives it, see README)
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    # bodies are JSON, read with bounds on depth and numbers (campaigns.jsoninput); other media types answer 415
    "DEFAULT_PARSER_CLASSES": ["campaigns.jsoninput.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # a throttle's address: the client's own, or the one the HTTPS proxy saw (never a header the client wrote)
    "NUM_PROXIES": 1 if env_bool("BEHIND_HTTPS_PROXY", False) else 0,
}
# The odds pages and their API are open to anyone: questions one address may ask a minute (0: no limit).
ODDS_REQUESTS_PER_MINUTE = env_int("ODDS_REQUESTS_PER_MINUTE", 120)
SPECTACULAR_SETTINGS = {
    "TITLE": "Siege campaigns API",
    "DESCRIPTION": "Campaigns, orders and battles for La Conquête du Vieux Monde.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # the documentation page's scripts come from the project's static files, not from a CDN
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # no badge image from validator.swagger.io: the CSP allows images from the site only
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    "REDOC_DIST": "SIDECAR",
}

# How long /healthz waits for each service before reporting it down.
HEALTH_TIMEOUT = float(env_str("HEALTH_TIMEOUT", "2"))
# How long /healthz keeps the workers' answer to a ping for those who are not staff.
HEALTH_WORKERS_CACHE_SECONDS = env_int("HEALTH_WORKERS_CACHE_SECONDS", 15)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"}},
    "handlers": {"stdout": {"class": "logging.StreamHandler", "stream": "ext://sys.stdout", "formatter": "plain"}},
    "root": {"handlers": ["stdout"], "level": env_str("LOG_LEVEL", "INFO")},
    # django-axes logs every login at INFO; refusals and lock-outs come at WARNING
    "loggers": {"django.db.backends": {"level": "WARNING"}, "axes": {"level": "WARNING"}},
}

# Whole-assault simulations (simulations/): the most assaults one run may ask for, the games a chunk task plays,
# the games it plays between two looks at the clock, the seconds between two reports of its progress (each a write
# to the database, and the moment a cancelled run stops), and when a run is given up: its workers silent this
# long, or no worker taking it up from the queue this long (the beat task below marks it failed; its owner may
# start it again).
SIMULATION_MAX_GAMES = env_int("SIMULATION_MAX_GAMES", 20_000)
# One account's share of the simulation workers: runs under way at once, and the assaults they play between them.
SIMULATION_RUNS_PER_USER = env_int("SIMULATION_RUNS_PER_USER", 2)
SIMULATION_GAMES_PER_USER = env_int("SIMULATION_GAMES_PER_USER", 20_000)
SIMULATION_CHUNK_GAMES = env_int("SIMULATION_CHUNK_GAMES", 100)
SIMULATION_FIRST_CHUNK_GAMES = env_int("SIMULATION_FIRST_CHUNK_GAMES", 10)  # a first estimate within a second
SIMULATION_REPORT_GAMES = env_int("SIMULATION_REPORT_GAMES", 25)
SIMULATION_REPORT_SECONDS = env_int("SIMULATION_REPORT_SECONDS", 1)
SIMULATION_SILENCE_SECONDS = env_int("SIMULATION_SILENCE_SECONDS", 300)
SIMULATION_QUEUE_TIMEOUT_SECONDS = env_int("SIMULATION_QUEUE_TIMEOUT_SECONDS", 900)
CELERY_BEAT_SCHEDULE["return-stalled-simulations"] = {"task": "simulations.return_stalled_runs", "schedule": 60.0}
# The strong siege bot: seconds of simulation-worker time a decision (its advice included).
SIEGE_BOT_BUDGET_S = env_float("SIEGE_BOT_BUDGET_S", 2.0)
