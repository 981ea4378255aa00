"""A guest's games and settings become theirs when they sign up or log in."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from solitaire.site.play.models import Game

PASSWORD = "a long and unusual passphrase"


def test_signing_up_keeps_the_guest_games(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    guest.post("/api/settings", {"autocomplete": False, "four_colour": True})
    response = guest.client.post(
        "/accounts/signup/",
        {"username": "carol", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    carol = User.objects.get(username="carol")
    record = Game.objects.get(pk=game["id"])
    assert record.user == carol
    assert record.guest == ""
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]
    settings = guest.get("/api/settings").json()
    assert settings["autocomplete"] is False
    assert settings["four_colour"] is True


def test_logging_in_keeps_the_guest_games(guest, alice) -> None:
    game = guest.new("streets", 4)
    response = guest.client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert Game.objects.get(pk=game["id"]).user == alice


def test_logging_out_leaves_the_games_with_the_account(alice_api, alice) -> None:
    game = alice_api.new("streets", 4)
    alice_api.client.post("/accounts/logout/")
    assert alice_api.get(f"/api/games/{game['id']}").status_code == 404
    assert Game.objects.get(pk=game["id"]).user == alice


def test_another_guest_keeps_their_own_games(guest, alice) -> None:
    game = guest.new("streets", 4)
    stranger = Client()
    stranger.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert Game.objects.get(pk=game["id"]).user is None
