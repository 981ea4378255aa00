"""The API is CSRF-protected the Django way: the csrftoken cookie back as X-CSRFToken."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from solitaire.site.play.models import Game


@pytest.fixture
def browser() -> Client:
    """A client that checks CSRF like a browser's requests are checked."""
    return Client(enforce_csrf_checks=True)


def test_it_refuses_a_post_without_the_csrf_token(browser) -> None:
    response = browser.post(
        "/api/games", json.dumps({"game": "streets", "deal": 1}), content_type="application/json"
    )
    assert response.status_code == 403
    assert "CSRF" in response.json()["error"]
    assert Game.objects.count() == 0


def test_it_accepts_the_token_from_the_table_page(browser) -> None:
    page = browser.get("/play/streets/?deal=1", follow=True)
    assert page.status_code == 200
    token = browser.cookies["csrftoken"].value
    response = browser.post(
        "/api/games",
        json.dumps({"game": "streets", "deal": 2}),
        content_type="application/json",
        headers={"X-CSRFToken": token},
    )
    assert response.status_code == 201


def test_a_move_without_the_token_changes_nothing(browser) -> None:
    browser.get("/play/stronghold/?deal=1", follow=True)
    game = Game.objects.get()
    response = browser.post(
        f"/api/games/{game.pk}/moves",
        json.dumps({"move": "t0>c0", "version": 0}),
        content_type="application/json",
    )
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.moves == [] and game.version == 0


def test_logout_refuses_a_get() -> None:
    assert Client().get("/accounts/logout/").status_code == 405


def test_get_settings_hands_out_the_csrf_cookie(browser) -> None:
    response = browser.get("/api/settings")
    assert "csrftoken" in response.cookies
