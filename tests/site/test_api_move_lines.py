"""POST /api/games/ID/moves with ``{"moves": [...]}``: several moves as one change."""

from __future__ import annotations

from typing import Any

import pytest

from solitaire.deals.winnable import proved_deals
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import play
from solitaire.engine.state import Move
from solitaire.engine.status import autocomplete_ready
from solitaire.site.play.records import MOST_MOVES

OPENING = ["t0>t2", "t0>c0", "t0>f", "t3>t0"]
"""Four legal moves of Stronghold deal 1 (two uncover an Ace on t0, which goes home)."""

SAME = ("layout", "moves", "legal", "status", "result", "moves_made", "lost", "clicks")
"""What a line sent at once leaves as the same moves sent one by one do."""


def send(guest: Any, game: dict[str, Any], payload: dict[str, Any]) -> Any:
    return guest.post(f"/api/games/{game['id']}/moves", payload)


def unchanged(guest: Any, game: dict[str, Any]) -> None:
    after = guest.get(f"/api/games/{game['id']}").json()
    assert after == {**game, "elapsed": after["elapsed"]}


def test_a_line_leaves_the_game_as_its_moves_one_by_one_do(guest) -> None:
    one_by_one = guest.play(guest.new("stronghold", 1), *OPENING)
    game = guest.new("stronghold", 1)
    response = send(guest, game, {"moves": OPENING, "version": game["version"]})
    assert response.status_code == 200, response.content
    at_once = response.json()
    assert at_once["version"] == game["version"] + 1, "one change, one new version"
    for key in SAME:
        assert at_once[key] == one_by_one[key], key
    assert guest.get(f"/api/games/{game['id']}").json()["moves"] == one_by_one["moves"]


def test_an_illegal_move_in_a_line_refuses_all_of_it_and_names_the_move(guest) -> None:
    game = guest.new("stronghold", 1)
    line = [*OPENING[:2], "c0>t9", *OPENING[2:]]
    response = send(guest, game, {"moves": line, "version": game["version"]})
    assert response.status_code == 400
    assert "move 3 of 5 (c0>t9)" in response.json()["error"]
    unchanged(guest, game)


@pytest.mark.parametrize(
    "payload",
    [
        {"moves": "t0>t2"},
        {"moves": []},
        {"moves": ["t0>t2", 3]},
        {"moves": [["t0>t2"]]},
        {"moves": None},
        {"moves": ["t0>t2"] * (MOST_MOVES + 1)},
        {"moves": ["t0>t2"], "move": "t0>t2"},
        {"moves": ["t0>t2"], "version": "0"},
        {"moves": ["t0>t2"], "version": None},
    ],
    ids=lambda payload: ",".join(f"{k}={str(v)[:12]}" for k, v in payload.items()),
)
def test_a_line_of_the_wrong_shape_is_refused(guest, payload: dict[str, Any]) -> None:
    game = guest.new("stronghold", 1)
    response = send(guest, game, {"version": game["version"], **payload})
    assert response.status_code == 400, payload
    assert response.json()["error"]
    unchanged(guest, game)


def test_a_line_at_a_stale_version_is_refused(guest) -> None:
    played = guest.play(guest.new("stronghold", 1), OPENING[0])
    game = guest.get(f"/api/games/{played['id']}").json()
    response = send(guest, game, {"moves": OPENING[1:], "version": game["version"] - 1})
    assert response.status_code == 409
    unchanged(guest, game)


def _to_autocomplete(game: str) -> tuple[int, list[str]]:
    """A proved deal of ``game`` and its line up to where Auto complete takes over."""
    rules = get_rules(game)
    proved = proved_deals(game)[0]
    state = deal(rules, proved.deal)
    line: list[str] = []
    for text in proved.solution:
        if autocomplete_ready(rules, state):
            break
        state = play(rules, state, Move.from_str(text))
        line.append(text)
    assert autocomplete_ready(rules, state)
    return proved.deal, line


@pytest.mark.parametrize("name", ["stronghold", "fours-up"])
def test_a_line_wins_as_its_moves_one_by_one_do_and_nothing_follows_a_win(
    guest, name: str
) -> None:
    number, line = _to_autocomplete(name)
    one_by_one = guest.play(guest.new(name, number), *line)
    assert one_by_one["status"] == "won"
    game = guest.new(name, number)
    # A move after the win, even one that would be legal there (in Fours Up a card may come
    # back from a foundation onto an empty pile), refuses the line.
    late = one_by_one["legal"][0] if one_by_one["legal"] else "t0>t1"
    refused = send(guest, game, {"moves": [*line, late], "version": game["version"]})
    assert refused.status_code == 400
    assert f"move {len(line) + 1} of {len(line) + 1}" in refused.json()["error"]
    assert "won" in refused.json()["error"]
    unchanged(guest, game)
    won = send(guest, game, {"moves": line, "version": game["version"]}).json()
    for key in (*SAME, "autocompleted"):
        assert won[key] == one_by_one[key], key
