"""Small helpers that read the site's settings from the environment, with safe defaults."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

TRUE = {"1", "true", "yes", "on"}


def env_str(name: str, default: str = "") -> str:
    """The variable's value, or ``default`` when it is unset or blank."""
    value = os.environ.get(name, "").strip()
    return value or default


def env_bool(name: str, default: bool = False) -> bool:
    """True for 1/true/yes/on (any case), False for any other value, ``default`` when unset."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    return value in TRUE


def env_int(name: str, default: int) -> int:
    """A whole number, ``default`` when unset; anything else stops the site with a clear error."""
    value = env_str(name)
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, not {value!r}") from None


def env_float(name: str, default: float) -> float:
    """A number, ``default`` when unset; anything else stops the site with a clear error."""
    value = env_str(name)
    if not value:
        return default
    try:
        return float(value)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list, blanks dropped; ``default`` when unset."""
    value = os.environ.get(name, "")
    items = [item.strip() for item in value.split(",") if item.strip()]
    return items or list(default)


def data_dir() -> Path:
    """The folder for the database and the secret key: ``SOLITAIRE_DATA_DIR`` or ``./data``.

    A relative path counts from the current directory, which is where ``make run`` starts.
    Reading the settings never creates it: :func:`prepare` does, for ``solitaire serve``
    and for Django's checks (which run before ``migrate``).
    """
    return Path(env_str("SOLITAIRE_DATA_DIR", "data")).expanduser().resolve()


def secret_key(folder: Path) -> str:
    """``SOLITAIRE_SECRET_KEY`` if set, else the key kept in ``folder/secret_key``, else a key
    for this process alone (a test run, or a command run before the site ever served).
    """
    given = env_str("SOLITAIRE_SECRET_KEY")
    if given:
        return given
    try:
        key = (folder / "secret_key").read_text(encoding="ascii").strip()
    except FileNotFoundError:
        key = ""
    return key or secrets.token_urlsafe(50)


def prepare(folder: Path) -> None:
    """Create the data folder, its ``static`` folder and, unless ``SOLITAIRE_SECRET_KEY`` is
    set, the secret key kept there (a fresh random key, readable by its owner only), so that
    sessions outlive a restart without anyone having to invent a secret.
    """
    (folder / "static").mkdir(parents=True, exist_ok=True)
    path = folder / "secret_key"
    if env_str("SOLITAIRE_SECRET_KEY") or path.exists():
        return
    # Created private from the start rather than chmod-ed afterwards; O_EXCL: two processes
    # starting at once keep the first key.
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(secrets.token_urlsafe(50) + "\n")


def database(url: str, sqlite_path: Path) -> dict[str, Any]:
    """Django's ``DATABASES["default"]``: PostgreSQL for a ``postgres://`` URL, else SQLite.

    The URL is ``postgresql://USER:PASSWORD@HOST:PORT/NAME?key=value``; a query such as
    ``host=/tmp/socketdir`` reaches a server on a unix socket, and every other key becomes a
    connection option for psycopg.
    """
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(sqlite_path),
            # Each thread keeps its connection open instead of opening one per request.
            "CONN_MAX_AGE": None,
            # IMMEDIATE takes the write lock when a transaction starts, so two requests for
            # the same game queue up instead of failing with "database is locked".
            # WAL lets readers go on while one process writes; NORMAL syncs at checkpoints,
            # which a crashed process cannot undo (only a power cut can lose the last moves).
            "OPTIONS": {
                "timeout": 20,
                "transaction_mode": "IMMEDIATE",
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            },
        }
    parts = urlsplit(url)
    if parts.scheme not in ("postgres", "postgresql"):
        raise ValueError(f"DATABASE_URL must start with postgresql://, not {parts.scheme}://")
    options: dict[str, Any] = dict(parse_qsl(parts.query, keep_blank_values=True))
    # Bound on the server and prepared once a connection has run a statement 5 times: this
    # halves PostgreSQL's work per move (bench/load.py). Behind a pooler that cannot keep
    # prepared statements, add ?server_side_binding=false&prepare_threshold= to the URL.
    binding = str(options.get("server_side_binding", "true")).lower()
    options["server_side_binding"] = binding in TRUE
    threshold = str(options.get("prepare_threshold", "5")).strip().lower()
    options["prepare_threshold"] = int(threshold) if threshold not in ("", "none") else None
    host = options.pop("host", "") or unquote(parts.hostname or "")
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": unquote(parts.path.lstrip("/")) or "solitaire",
        "USER": unquote(parts.username or ""),
        "PASSWORD": unquote(parts.password or ""),
        "HOST": host,
        "PORT": str(parts.port or ""),
        "OPTIONS": options,
        "CONN_MAX_AGE": 60,
    }


def cache(redis_url: str) -> dict[str, Any]:
    """Django's default cache: Redis (Django's own backend) for a ``redis://`` URL, else local
    memory, which each process keeps for itself.
    """
    if not redis_url:
        return {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    if urlsplit(redis_url).scheme not in ("redis", "rediss", "unix"):
        raise ValueError("REDIS_URL must start with redis://, rediss:// or unix://")
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": redis_url,
        "KEY_PREFIX": "solitaire",
    }
