"""Illegal moves are refused with 400 and change nothing."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("move", ["t0>t9", "c0>t0", "t0>t1", "t0>c0:7", "s", "nonsense", "", "t0>"])
def test_it_refuses_an_illegal_move_and_changes_nothing(guest, move: str) -> None:
    game = guest.new("stronghold", 1)
    response = guest.move(game, move)
    assert response.status_code == 400
    assert response.json()["error"]
    after = guest.get(f"/api/games/{game['id']}").json()
    assert after == {**game, "elapsed": after["elapsed"]}


def test_it_refuses_a_move_on_a_full_cell_with_a_readable_message(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    response = guest.move(game, "t1>c0")
    assert response.status_code == 400
    assert "c0" in response.json()["error"]
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]
