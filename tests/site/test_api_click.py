"""POST /api/games/ID/click: the move a click on a card makes."""

from __future__ import annotations


def test_a_click_plays_what_the_engine_says(guest) -> None:
    from solitaire.engine.game import Game

    game = guest.new("stronghold", 1)
    expected = Game.deal("stronghold", 1).click("t1")
    response = guest.post(f"/api/games/{game['id']}/click", {"pile": "t1", "version": 0})
    assert response.status_code == 200
    assert response.json()["moves"] == [str(expected)]


def test_a_click_on_the_stock_deals(guest) -> None:
    game = guest.new("streets", 1)
    response = guest.post(f"/api/games/{game['id']}/click", {"pile": "s", "version": 0})
    assert response.status_code == 200
    after = response.json()
    assert after["moves"] == ["s"]
    assert len(after["layout"]["waste"]) == 1


def test_a_click_on_a_card_that_cannot_move_changes_nothing(guest) -> None:
    game = guest.new("streets", 1)
    response = guest.post(f"/api/games/{game['id']}/click", {"pile": "w", "version": 0})
    assert response.status_code == 400
    assert guest.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_a_click_does_nothing_with_autoplay_off_except_on_the_stock(guest) -> None:
    guest.post("/api/settings", {"autoplay": False})
    game = guest.new("streets", 1)
    refused = guest.post(f"/api/games/{game['id']}/click", {"pile": "t0", "version": 0})
    assert refused.status_code == 400
    assert "Autoplay" in refused.json()["error"]
    dealt = guest.post(f"/api/games/{game['id']}/click", {"pile": "s", "version": 0})
    assert dealt.status_code == 200


def test_a_click_checks_its_fields(guest) -> None:
    game = guest.new("stronghold", 1)
    for payload in (
        {"pile": "t1"},
        {"pile": 1, "version": 0},
        {"pile": "t1", "index": "2", "version": 0},
        {"pile": "zz", "version": 0},
    ):
        response = guest.post(f"/api/games/{game['id']}/click", payload)
        assert response.status_code == 400, payload
    assert guest.get(f"/api/games/{game['id']}").json()["version"] == 0
