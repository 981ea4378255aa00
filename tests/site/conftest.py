"""Shared fixtures for the site's tests: players alice and bob, a guest, and an API helper."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
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


@pytest.fixture(autouse=True)
def _database(db: None) -> None:
    """Every site test may use the database."""


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
