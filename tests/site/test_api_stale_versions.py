"""A move sent at an old version gets 409: a second tab or a double click applies nothing twice."""

from __future__ import annotations


def test_it_refuses_a_stale_version_with_409(guest) -> None:
    game = guest.new("stronghold", 1)
    first = guest.move(game, "t0>c0")
    assert first.status_code == 200
    second = guest.move(game, "t0>c0")
    assert second.status_code == 409
    assert "version" in second.json()["error"]
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]


def test_it_refuses_a_version_from_the_future(guest) -> None:
    game = guest.new("stronghold", 1)
    response = guest.post(f"/api/games/{game['id']}/moves", {"move": "t0>c0", "version": 5})
    assert response.status_code == 409
    assert guest.get(f"/api/games/{game['id']}").json()["version"] == 0


def test_a_stale_undo_changes_nothing(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0", "t1>t6")
    response = guest.post(f"/api/games/{game['id']}/undo", {"version": 1})
    assert response.status_code == 409
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0", "t1>t6"]


def test_two_tabs_cannot_both_play_from_the_same_version(guest) -> None:
    game = guest.new("stronghold", 1)
    tab_one = guest.move(game, "t0>c0")
    tab_two = guest.move(game, "t1>c0")
    assert (tab_one.status_code, tab_two.status_code) == (200, 409)
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == ["t0>c0"]
