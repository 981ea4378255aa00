"""Playing a proved deal through the API to a win."""

from __future__ import annotations

import pytest

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED
from solitaire.site.play.models import Game


def stored_line(game: str) -> tuple[int, list[str]] | None:
    """The proved deal of ``game`` with the shortest stored solution (issue 4's list)."""
    stored = [proved for proved in proved_deals(game) if proved.solution]
    if not stored:
        return None
    best = min(stored, key=lambda proved: len(proved.solution))
    return best.deal, [str(move) for move in best.solution]


def proved_line(game: str) -> tuple[int, list[str]]:
    """A deal of ``game`` with a winning line: a stored solution, else one the solver finds."""
    line = stored_line(game)
    if line is not None:
        return line
    from solitaire.engine.deal import deal
    from solitaire.engine.games import get_rules
    from solitaire.solver import solve

    rules = get_rules(game)
    for number in range(29, 60):
        found = solve(rules, deal(rules, number), budget=50_000)
        if found.result == "won":
            return number, [str(move) for move in found.solution]
    pytest.skip(f"no won {game} deal found to play")


@pytest.mark.parametrize("game", FEATURED)
def test_a_stored_proved_deal_played_through_the_api_is_won(guest, game) -> None:
    line = stored_line(game)
    assert line is not None, f"no proved {game} deals are stored"
    guest.post("/api/settings", {"autocomplete": False})
    number, moves = line
    won = guest.play(guest.new(game, number), *moves)
    assert (won["status"], won["result"], won["legal"]) == ("won", "won", [])
    assert won["moves"] == moves


def test_a_proved_deal_played_through_the_api_is_won(guest) -> None:
    guest.post("/api/settings", {"autocomplete": False})
    number, line = proved_line("stronghold")
    game = guest.play(guest.new("stronghold", number), *line)
    assert game["status"] == "won"
    assert game["result"] == "won"
    assert game["legal"] == []
    assert all(len(pile) == 13 for pile in game["layout"]["foundations"])
    assert Game.objects.get(pk=game["id"]).finished is not None


def test_auto_complete_plays_the_last_cards_home_as_foundation_moves(guest) -> None:
    number, line = proved_line("stronghold")
    game = guest.new("stronghold", number)
    for move in line:
        if game["status"] == "won":
            break
        game = guest.play(game, move)
    assert game["status"] == "won"
    assert game["autocompleted"], "Auto complete should have played the end of the game"
    assert all(">f" in move for move in game["autocompleted"])
    assert game["moves"][-len(game["autocompleted"]) :] == game["autocompleted"]
    assert len(game["moves"]) <= len(line)


def test_a_won_game_takes_no_more_moves(guest) -> None:
    number, line = proved_line("stronghold")
    game = guest.play(guest.new("stronghold", number), *line[:1])
    record = Game.objects.get(pk=game["id"])
    record.result = "won"
    record.save()
    response = guest.post(f"/api/games/{game['id']}/undo", {"version": game["version"]})
    assert response.status_code == 400
    assert "won" in response.json()["error"]
