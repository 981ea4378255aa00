"""GET /api/games/ID, and who may reach a game at all."""

from __future__ import annotations


def test_it_shows_the_owner_their_game(alice_api) -> None:
    game = alice_api.new("fours-up", 3)
    response = alice_api.get(f"/api/games/{game['id']}")
    assert response.status_code == 200
    assert response.json() == {**game, "elapsed": response.json()["elapsed"]}


def test_other_players_cannot_see_or_touch_your_game(alice_api, bob_api, guest) -> None:
    game = alice_api.play(alice_api.new("stronghold", 1), "t0>c0")
    for other in (bob_api, guest):
        assert other.get(f"/api/games/{game['id']}").status_code == 404
        assert other.move(game, "c0>t2").status_code == 404
        for action in ("undo", "redo", "restart", "hint"):
            url = f"/api/games/{game['id']}/{action}"
            assert other.post(url, {"version": game["version"]}).status_code == 404, action
    assert alice_api.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]


def test_a_guest_cannot_see_another_guests_game(guest, client) -> None:
    game = guest.new("stronghold", 1)
    assert client.get(f"/api/games/{game['id']}").status_code == 404


def test_an_unknown_game_is_a_json_404(guest) -> None:
    response = guest.get("/api/games/999999")
    assert response.status_code == 404
    assert response.json()["error"]


def test_an_unknown_api_address_is_a_json_404(guest) -> None:
    response = guest.get("/api/nothing/here")
    assert response.status_code == 404
    assert response.json()["error"]


def test_a_game_id_too_large_for_the_database_is_a_404(guest) -> None:
    for url in ("/api/games/99999999999999999999999", "/api/games/9223372036854775808/moves"):
        response = guest.post(url, {"move": "s", "version": 0})
        assert response.status_code == 404, url
        assert response.json()["error"]
    assert guest.get("/api/games/999999999999999999").status_code == 404


def test_a_body_too_large_is_refused(guest, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    game = guest.new()
    response = guest.post(f"/api/games/{game['id']}/moves", {"move": "x" * 2000, "version": 0})
    assert response.status_code == 400
    assert response.json()["error"]


def test_a_guest_with_games_of_their_own_cannot_touch_another_guests(guest, client) -> None:
    from conftest import Api

    game = guest.new("stronghold", 1)
    other = Api(client)
    other.new("stronghold", 1)  # the other guest has a token too
    assert other.get(f"/api/games/{game['id']}").status_code == 404
    assert other.move(game, "t0>c0").status_code == 404
    click = {"pile": "t0", "version": game["version"]}
    assert other.post(f"/api/games/{game['id']}/click", click).status_code == 404
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == []
