"""The Daily deal: players only, one per player per game per UTC day, resumed where left."""

from __future__ import annotations

import datetime

import pytest

from solitaire.site.play.models import Game


@pytest.fixture
def daily_deal(monkeypatch):
    """Issue 4's daily_deal, pinned so these tests do not depend on the proved lists."""
    from solitaire.deals import daily

    days = []

    def fake(game, day):
        days.append(day)
        return 1000 + day.day

    monkeypatch.setattr(daily, "daily_deal", fake)
    return days


def test_it_requires_login_for_the_daily_deal(guest, daily_deal) -> None:
    response = guest.post("/api/games", {"game": "streets", "daily": True})
    assert response.status_code == 401
    assert "log in" in response.json()["error"]
    assert Game.objects.count() == 0


def test_it_serves_the_daily_deal_to_a_player(alice_api, daily_deal) -> None:
    response = alice_api.post("/api/games", {"game": "streets", "daily": True})
    assert response.status_code == 201
    game = response.json()
    today = datetime.datetime.now(datetime.UTC).date()
    assert daily_deal == [today]
    assert game["deal"] == 1000 + today.day
    assert game["daily"] == today.isoformat()
    assert game["kind"] == "daily"


def test_it_resumes_the_daily_deal_where_the_player_left_it(alice_api, daily_deal) -> None:
    first = alice_api.post("/api/games", {"game": "streets", "daily": True}).json()
    played = alice_api.play(first, "s")
    again = alice_api.post("/api/games", {"game": "streets", "daily": True})
    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    assert again.json()["moves"] == played["moves"]


def test_each_player_and_game_has_its_own_daily_game(alice_api, bob_api, daily_deal) -> None:
    alice_streets = alice_api.post("/api/games", {"game": "streets", "daily": True}).json()
    alice_blockade = alice_api.post("/api/games", {"game": "blockade", "daily": True}).json()
    bob_streets = bob_api.post("/api/games", {"game": "streets", "daily": True}).json()
    assert len({alice_streets["id"], alice_blockade["id"], bob_streets["id"]}) == 3
    assert alice_streets["deal"] == bob_streets["deal"]


def test_a_new_deal_leaves_the_daily_game_alone(alice_api, daily_deal) -> None:
    first = alice_api.post("/api/games", {"game": "streets", "daily": True}).json()
    daily = alice_api.play(first, "s")
    alice_api.new("streets", 5)
    assert Game.objects.get(pk=daily["id"]).result == "playing"


def test_the_table_sends_a_guest_to_log_in_for_the_daily_deal(client, daily_deal) -> None:
    response = client.get("/play/streets/?daily=1")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert "daily" in response["Location"]


def test_the_table_opens_the_daily_deal_for_a_player(alice_api, daily_deal) -> None:
    response = alice_api.client.get("/play/streets/?daily=1")
    assert response.status_code == 200
    assert response.context["record"].daily is not None


def test_the_table_says_not_found_when_there_is_no_daily_deal(alice_api, monkeypatch) -> None:
    from solitaire.deals import daily

    def missing(game, day):
        from solitaire.engine.errors import SolitaireError

        raise SolitaireError(f"{game} has no proved deals yet")

    monkeypatch.setattr(daily, "daily_deal", missing)
    assert alice_api.client.get("/play/streets/?daily=1").status_code == 404
    response = alice_api.post("/api/games", {"game": "streets", "daily": True})
    assert response.status_code == 400
    assert "proved" in response.json()["error"]
