"""Shared fixtures for the site's tests: players alice and bob, a guest, and an API helper."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlencode

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client, override_settings

PASSWORD = "a long and unusual passphrase"


class Api:
    """A test client that speaks JSON to ``/api/``."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def post(self, url: str, data: Any = None, raw: str | None = None) -> Any:
        """POST ``data`` as JSON (or ``raw`` text) and return the response."""
        payload = raw if raw is not None else json.dumps(data if data is not None else {})
        return self.client.post(url, payload, content_type="application/json")

    def get(self, url: str) -> Any:
        """GET ``url`` and return the response."""
        return self.client.get(url)

    def new(self, game: str = "stronghold", deal: int = 1, **extra: Any) -> dict[str, Any]:
        """Deal a game and return its object, checking the 201."""
        response = self.post("/api/games", {"game": game, "deal": deal, **extra})
        assert response.status_code == 201, response.content
        return response.json()

    def move(self, game: dict[str, Any], move: str) -> Any:
        """Play ``move`` at the game's version; return the response."""
        url = f"/api/games/{game['id']}/moves"
        return self.post(url, {"move": move, "version": game["version"]})

    def play(self, game: dict[str, Any], *moves: str) -> dict[str, Any]:
        """Play every move in turn, checking each is accepted; return the last game object."""
        for move in moves:
            response = self.move(game, move)
            assert response.status_code == 200, (move, response.content)
            game = response.json()
        return game


@pytest.fixture(scope="session", autouse=True)
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The static files collected once, as ``solitaire serve`` does, into a folder of the
    test session's own: pages name the hashed files of the manifest, as in production."""
    folder = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=folder):
        call_command("collectstatic", interactive=False, verbosity=0)
        yield folder


def worker_cache(caches: dict[str, Any], worker: str) -> dict[str, Any]:
    """``caches`` (the ``CACHES`` setting) for pytest-xdist worker ``worker`` ("gw1"; "" when
    not under xdist): a Redis cache moves to a database of its own, number 1 for gw1, as
    pytest-django gives each worker a test database of its own. Tests empty the cache
    (``cache.clear()`` empties the whole Redis database), and would otherwise empty each
    other's, or read each other's hint answers.
    """
    default = caches["default"]
    if not worker or not default["BACKEND"].endswith("RedisCache"):
        return caches
    number = int(worker.removeprefix("gw"))
    # redis-py takes the query's db before a redis:// URL's path (redis://host:6379/0).
    url, _, query = default["LOCATION"].partition("?")
    options = [(k, v) for k, v in parse_qsl(query) if k != "db"] + [("db", str(number))]
    location = f"{url}?{urlencode(options)}"
    return {**caches, "default": {**default, "LOCATION": location}}


@pytest.fixture(scope="session", autouse=True)
def _cache_of_this_worker() -> Iterator[None]:
    """Each test worker keeps its cache apart from the others' (:func:`worker_cache`)."""
    caches = worker_cache(settings.CACHES, os.environ.get("PYTEST_XDIST_WORKER", ""))
    with override_settings(CACHES=caches):
        yield


@pytest.fixture(autouse=True)
def _database(db: None) -> None:
    """Every site test may use the database."""


@pytest.fixture(autouse=True)
def _empty_cache(_cache_of_this_worker: None) -> None:
    """Every site test starts with an empty cache: no rate-limit counter, solver slot or hint
    answer of an earlier test. The limits themselves are the real ones."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _quick_password_hashing(settings: Any) -> None:
    """Argon2 is slow on purpose; tests that are not about hashing use a quick hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def alice() -> User:
    """A player with an account."""
    return User.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def bob() -> User:
    """Another player, who must never reach alice's games."""
    return User.objects.create_user("bob", password=PASSWORD)


@pytest.fixture
def guest() -> Api:
    """A visitor without an account."""
    return Api(Client())


@pytest.fixture
def alice_api(alice: User) -> Api:
    """Alice, logged in."""
    client = Client()
    client.force_login(alice)
    return Api(client)


@pytest.fixture
def bob_api(bob: User) -> Api:
    """Bob, logged in."""
    client = Client()
    client.force_login(bob)
    return Api(client)
