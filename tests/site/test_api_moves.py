"""POST /api/games/ID/moves."""

from __future__ import annotations


def test_it_plays_a_legal_move(guest) -> None:
    game = guest.new("stronghold", 1)
    response = guest.move(game, "t0>c0")
    assert response.status_code == 200
    after = response.json()
    assert after["moves"] == ["t0>c0"]
    assert after["version"] == game["version"] + 1
    assert after["layout"]["cells"] == [game["layout"]["tableau"][0][-1]]
    assert after["status"] == "playing"


def test_it_returns_every_key_of_the_game_object(guest) -> None:
    after = guest.move(guest.new(), "t0>c0").json()
    for key in ("id", "game", "deal", "layout", "moves", "legal", "status", "version"):
        assert key in after
    assert "c0>t2" in after["legal"]


def test_it_names_the_foundation_when_asked_for_f(guest) -> None:
    game = guest.new("stronghold", 1)
    # In deal 1 of Stronghold two moves uncover an Ace on t0.
    game = guest.play(game, "t0>t2", "t0>c0")
    after = guest.play(game, "t0>f")
    assert after["moves"][-1].startswith("t0>f") and after["moves"][-1] != "t0>f"


def test_it_keeps_the_move_after_a_reload(guest) -> None:
    game = guest.play(guest.new(), "t0>c0")
    again = guest.get(f"/api/games/{game['id']}").json()
    assert again["moves"] == ["t0>c0"]
    assert again["layout"] == game["layout"]
    assert again["version"] == game["version"]


def test_it_refuses_a_move_without_a_version(guest) -> None:
    game = guest.new()
    response = guest.post(f"/api/games/{game['id']}/moves", {"move": "t0>c0"})
    assert response.status_code == 400
    assert "version" in response.json()["error"]


def test_it_refuses_a_move_of_the_wrong_type(guest) -> None:
    game = guest.new()
    for payload in (
        {"move": 3, "version": 0},
        {"move": "t0>c0", "version": "0"},
        {"move": "t0>c0", "version": True},
        {"move": ["t0>c0"], "version": 0},
        {"version": 0},
    ):
        response = guest.post(f"/api/games/{game['id']}/moves", payload)
        assert response.status_code == 400, payload
        assert "error" in response.json()


def test_it_refuses_a_body_that_is_not_json(guest) -> None:
    game = guest.new()
    for raw in ("{bad", "[1, 2]", '"t0>c0"', "\xff"):
        response = guest.post(f"/api/games/{game['id']}/moves", raw=raw)
        assert response.status_code == 400, raw
        assert "error" in response.json()


def test_it_refuses_get(guest) -> None:
    game = guest.new()
    response = guest.get(f"/api/games/{game['id']}/moves")
    assert response.status_code == 405
    assert "error" in response.json()
