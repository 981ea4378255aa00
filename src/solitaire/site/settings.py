"""Django settings, read from the environment through :mod:`solitaire.site.env`.

With nothing set, the site runs on SQLite in ``./data`` with DEBUG off, which is what
``make run`` wants. The variables:

- ``SOLITAIRE_DATA_DIR``: folder for ``db.sqlite3`` and ``secret_key`` (default ``./data``).
- ``SOLITAIRE_SECRET_KEY``: overrides the generated key kept in the data folder.
- ``SOLITAIRE_DEBUG=1``: Django's debug pages.
- ``SOLITAIRE_ALLOWED_HOSTS``: comma-separated host names (default: localhost names).
- ``SOLITAIRE_CSRF_TRUSTED_ORIGINS``: comma-separated origins, for a site behind a proxy.
- ``SOLITAIRE_HTTPS=1``: secure cookies, HSTS and trust in the proxy's X-Forwarded-Proto.
- ``DATABASE_URL``: ``postgresql://...`` switches to PostgreSQL through psycopg 3.
- ``REDIS_URL``: ``redis://...`` keeps the cache (winning lines, hint answers) in Redis, shared
  by every web process; without it each process keeps its own in local memory.
- ``SOLITAIRE_EXTRA_GAMES``: for tests only, comma-separated ids of games declared in
  ``solitaire.engine.games`` but not featured, served as well (see ``solitaire.site.served``).
- ``SOLITAIRE_SCHEDULER``: ``tcp://host:8786`` sends solver work to that Dask cluster; without
  it each web process has ``SOLITAIRE_SOLVER_PROCESSES`` local worker processes.

The limits (rate limits, login throttling, quotas on solver work, guest pruning) and their
variables are listed where they are set, below, and in ``docs/serving.md``.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from csp.constants import NONE, SELF

from solitaire.site.env import (
    cache,
    data_dir,
    database,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    secret_key,
)
from solitaire.solver.workers import SOLVER_NICE, cores

SITE_DIR = Path(__file__).resolve().parent
DATA_DIR = data_dir()

SECRET_KEY = secret_key(DATA_DIR)
DEBUG = env_bool("SOLITAIRE_DEBUG")
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]", "testserver"]
ALLOWED_HOSTS = env_list("SOLITAIRE_ALLOWED_HOSTS", LOCAL_HOSTS)
CSRF_TRUSTED_ORIGINS = env_list("SOLITAIRE_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "solitaire.site.accounts",
    "solitaire.site.play",
    "solitaire.site.stats",
    "solitaire.site.rules",
]

MIDDLEWARE = [
    "solitaire.site.jsonapi.HeadWithoutBody",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "solitaire.site.jsonapi.TooManyAnswer",
    # Last, as django-axes asks: it turns a refused login into its answer (accounts/throttle.py).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "solitaire.site.urls"
WSGI_APPLICATION = "solitaire.site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "solitaire.site.play.context.games",
                "solitaire.site.play.context.look",
            ],
        },
    },
]

DATABASES = {"default": database(env_str("DATABASE_URL"), DATA_DIR / "db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES = {"default": cache(env_str("REDIS_URL"))}
# Without REDIS_URL the cache is each web process's own memory: the limits below then count
# per process (with `--workers N`, up to N times each limit). django-axes warns of that at
# every start; the warning says what this comment and docs/serving.md already say.
SILENCED_SYSTEM_CHECKS = ["axes.W001"] if not env_str("REDIS_URL") else []

# Argon2 first: new passwords use it; the others only let old hashes still log in.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: a login refused by the throttle never reaches a password hash.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

# Guests keep their games for a year; a session is their only key to them. Games a guest
# never made a move in, and guest sessions left with no game, go after a day
# (solitaire.site.play.pruning, run every SOLITAIRE_PRUNE_MINUTES by each web process).
SESSION_COOKIE_AGE = 365 * 24 * 3600
GUEST_DAYS = env_int("SOLITAIRE_GUEST_DAYS", 365)
GUEST_UNPLAYED_HOURS = env_float("SOLITAIRE_GUEST_UNPLAYED_HOURS", 24.0)
PRUNE_MINUTES = env_float("SOLITAIRE_PRUNE_MINUTES", 60.0)
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_FAILURE_VIEW = "solitaire.site.jsonapi.csrf_failure"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"  # made by env.prepare; `solitaire serve` collects into it
STATICFILES_DIRS = [SITE_DIR / "static"]
# Hashed names, gzip copies and long caching (solitaire.site.storage): `solitaire serve` runs
# collectstatic before it serves. With SOLITAIRE_DEBUG=1 pages name the plain files, served
# straight from the apps' folders and reloaded when they change.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "solitaire.site.storage.StaticStorage"},
}
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_MAX_AGE = 3600  # the plain names (the favicon, the app manifest's icons)

# Every page's scripts, styles, images and fonts are the site's own files (django-csp).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
if env_bool("SOLITAIRE_HTTPS"):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SOLITAIRE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = 30 * 24 * 3600

# How much thinking one Hint request may cost: a cap on positions and on seconds. A hint
# whose job has not answered within its seconds answers with a heuristic move, unproved,
# and the solve goes on on the solver workers up to the CAP (solitaire.site.play.hinting).
HINT_BUDGET = env_int("SOLITAIRE_HINT_BUDGET", 200_000)
HINT_SECONDS = env_float("SOLITAIRE_HINT_SECONDS", 2.0)
HINT_CAP_BUDGET = env_int("SOLITAIRE_HINT_CAP_BUDGET", 1_000_000)
HINT_CAP_SECONDS = env_float("SOLITAIRE_HINT_CAP_SECONDS", 30.0)
# Where the solver runs: a Dask scheduler's address, or else this many worker processes per
# web process (0: in the web thread, for tests), niced below the web processes. By default
# the web processes of `solitaire serve --workers N` share the cores between them.
SOLVER_SCHEDULER = env_str("SOLITAIRE_SCHEDULER")
SOLVER_PROCESSES = env_int(
    "SOLITAIRE_SOLVER_PROCESSES", max(1, cores() // env_int("SOLITAIRE_WEB_WORKERS", 1))
)
SOLVER_NICE = env_int("SOLITAIRE_SOLVER_NICE", SOLVER_NICE)
# Game review and "is this deal winnable?": what one solve may cost, how long a review may
# take in all, and whether they run in a thread beside the request (off in tests: inline).
REVIEW_BUDGET = env_int("SOLITAIRE_REVIEW_BUDGET", 500_000)
REVIEW_SECONDS = env_float("SOLITAIRE_REVIEW_SECONDS", 8.0)
REVIEW_TOTAL_SECONDS = env_float("SOLITAIRE_REVIEW_TOTAL_SECONDS", 90.0)
REVIEW_IN_THREAD = env_bool("SOLITAIRE_REVIEW_IN_THREAD", True)
VERDICT_BUDGET = env_int("SOLITAIRE_VERDICT_BUDGET", 1_000_000)
VERDICT_SECONDS = env_float("SOLITAIRE_VERDICT_SECONDS", 60.0)

# Quotas on solver work (solitaire.site.play.quotas): at most this many solves in the
# background on the whole site (questions, reviews, hints thinking on), and at most so many
# of each kind for one player or guest; past either, 429 with Retry-After. A web process
# waits on at most HINT_WAITERS hints at once (of its 16 threads) and runs at most
# REVIEW_THREADS reviews.
SOLVER_QUEUE = env_int("SOLITAIRE_SOLVER_QUEUE", 16)
VERDICTS_PER_OWNER = env_int("SOLITAIRE_VERDICTS_PER_OWNER", 2)
REVIEWS_PER_OWNER = env_int("SOLITAIRE_REVIEWS_PER_OWNER", 1)
HINTS_PER_OWNER = env_int("SOLITAIRE_HINTS_PER_OWNER", 2)
HINT_WAITERS = env_int("SOLITAIRE_HINT_WAITERS", 12)
REVIEW_THREADS = env_int("SOLITAIRE_REVIEW_THREADS", 2)

# Rate limits (solitaire.site.limits), N/Ms: per client (an account or a guest's session)
# and per address. Generous for people: 50 players behind one address each dealing a game
# every 15 seconds make 34 in 10 seconds. "" switches a limit off.
RATES = {
    "games": {
        "client": env_str("SOLITAIRE_GAMES_PER_CLIENT", "10/10s"),
        "address": env_str("SOLITAIRE_GAMES_PER_ADDRESS", "100/10s"),
    },
    "signups": {
        "client": env_str("SOLITAIRE_SIGNUPS_PER_CLIENT", "5/h"),
        "address": env_str("SOLITAIRE_SIGNUPS_PER_ADDRESS", "100/10m"),
    },
    "login-failures": {"address": env_str("SOLITAIRE_LOGIN_FAILURES_PER_ADDRESS", "30/15m")},
}
# Behind this many proxies the client's address is read from X-Forwarded-For (limits.py).
TRUSTED_PROXIES = env_int("SOLITAIRE_TRUSTED_PROXIES", 0)
RATELIMIT_IP_META_KEY = "solitaire.site.limits.client_address"

# Login throttling (django-axes, accounts/throttle.py): after LOGIN_FAILURES failed logins
# for one account from one address, that pair is refused for LOGIN_COOLOFF seconds before
# any password is hashed; more tries meanwhile do not make the wait longer, and the owner
# logging in from anywhere else is never refused. The address's own failures, over all
# accounts, are limited by RATES["login-failures"].
AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
AXES_FAILURE_LIMIT = env_int("SOLITAIRE_LOGIN_FAILURES", 5)
AXES_COOLOFF_TIME = datetime.timedelta(seconds=env_float("SOLITAIRE_LOGIN_COOLOFF", 300.0))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "solitaire.site.limits.client_address"
AXES_LOCKOUT_CALLABLE = "solitaire.site.accounts.throttle.locked_out"
AXES_VERBOSE = False

# Tests only: games declared but not featured that the site serves as well.
EXTRA_GAMES = env_list("SOLITAIRE_EXTRA_GAMES", [])

# Where the solver's survey results live (see solitaire.site.rules.survey); by default the
# package's own data folder.
SURVEY_DIR = env_str("SOLITAIRE_SURVEY_DIR")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("SOLITAIRE_LOG_LEVEL", "WARNING")},
}
