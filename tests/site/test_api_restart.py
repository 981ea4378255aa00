"""POST /api/games/ID/restart."""

from __future__ import annotations


def test_it_goes_back_to_the_deal(guest) -> None:
    start = guest.new("stronghold", 1)
    game = guest.play(start, "t0>c0", "t1>t6")
    response = guest.post(f"/api/games/{game['id']}/restart", {"version": game["version"]})
    assert response.status_code == 200
    after = response.json()
    assert after["moves"] == []
    assert after["layout"] == start["layout"]
    assert after["can_redo"] is True


def test_redo_after_a_restart_replays_the_game_from_the_start(guest) -> None:
    played = guest.play(guest.new("stronghold", 1), "t0>c0", "t1>t6")
    game = guest.post(f"/api/games/{played['id']}/restart", {"version": played["version"]}).json()
    for _ in range(2):
        game = guest.post(f"/api/games/{game['id']}/redo", {"version": game["version"]}).json()
    assert game["moves"] == played["moves"]
    assert game["layout"] == played["layout"]


def test_a_stale_restart_keeps_no_half_applied_state(guest) -> None:
    played = guest.play(guest.new("stronghold", 1), "t0>c0", "t1>t6")
    response = guest.post(f"/api/games/{played['id']}/restart", {"version": 1})
    assert response.status_code == 409
    again = guest.get(f"/api/games/{played['id']}").json()
    assert again["moves"] == ["t0>c0", "t1>t6"]
    assert again["version"] == played["version"]
    assert again["can_redo"] is False
