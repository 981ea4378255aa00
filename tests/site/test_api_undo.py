"""POST /api/games/ID/undo."""

from __future__ import annotations


def test_it_takes_back_the_last_move(guest) -> None:
    start = guest.new("stronghold", 1)
    game = guest.play(start, "t0>c0", "t1>t6")
    response = guest.post(f"/api/games/{game['id']}/undo", {"version": game["version"]})
    assert response.status_code == 200
    after = response.json()
    assert after["moves"] == ["t0>c0"]
    assert after["version"] == game["version"] + 1
    assert after["can_redo"] is True


def test_undoing_every_move_gives_back_the_deal(guest) -> None:
    start = guest.new("stronghold", 1)
    game = guest.play(start, "t0>c0", "t1>t6")
    for _ in range(2):
        game = guest.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()
    assert game["layout"] == start["layout"]
    assert game["moves"] == []


def test_it_refuses_to_undo_at_the_deal(guest) -> None:
    game = guest.new("stronghold", 1)
    response = guest.post(f"/api/games/{game['id']}/undo", {"version": 0})
    assert response.status_code == 400
    assert "undo" in response.json()["error"]
    assert guest.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_it_needs_the_version(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    response = guest.post(f"/api/games/{game['id']}/undo", {})
    assert response.status_code == 400
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]
