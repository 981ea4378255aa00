"""POST /api/games/ID/redo."""

from __future__ import annotations


def _undo(api, game):
    return api.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()


def test_it_plays_again_the_move_taken_back(guest) -> None:
    played = guest.play(guest.new("stronghold", 1), "t0>c0", "t1>t6")
    undone = _undo(guest, played)
    response = guest.post(f"/api/games/{played['id']}/redo", {"version": undone["version"]})
    assert response.status_code == 200
    redone = response.json()
    assert redone["moves"] == ["t0>c0", "t1>t6"]
    assert redone["layout"] == played["layout"]
    assert redone["can_redo"] is False


def test_it_redoes_in_the_order_moves_were_taken_back(guest) -> None:
    played = guest.play(guest.new("stronghold", 1), "t0>c0", "t1>t6")
    game = _undo(guest, _undo(guest, played))
    for expected in (["t0>c0"], ["t0>c0", "t1>t6"]):
        game = guest.post(f"/api/games/{game['id']}/redo", {"version": game["version"]}).json()
        assert game["moves"] == expected


def test_a_new_move_clears_what_could_be_redone(guest) -> None:
    game = _undo(guest, guest.play(guest.new("stronghold", 1), "t0>c0"))
    game = guest.play(game, "t0>t2")
    assert game["can_redo"] is False
    response = guest.post(f"/api/games/{game['id']}/redo", {"version": game["version"]})
    assert response.status_code == 400
    assert "redo" in response.json()["error"]
