"""POST /api/games/ID/finish: Auto complete on request, for a player who has it off, and the
game object's ``finishable``, which says when it would play."""

from __future__ import annotations

from typing import Any

from solitaire.deals.winnable import proved_deals
from solitaire.site.play.models import Game


def nearly_finished(api: Any) -> dict[str, Any]:
    """A Stronghold game played along a stored line until nothing is left to decide."""
    found = min(proved_deals("stronghold"), key=lambda proved: len(proved.solution))
    game = api.new("stronghold", found.deal)
    for move in found.solution:
        if game["finishable"]:
            return dict(game)
        game = api.play(game, str(move))
    raise AssertionError("the line never left the game ready to finish")


def test_a_game_ready_to_finish_says_so_and_finishes_on_request(guest) -> None:
    guest.post("/api/settings", {"autocomplete": False})
    game = nearly_finished(guest)
    assert game["finishable"] is True and game["status"] == "playing"
    response = guest.post(f"/api/games/{game['id']}/finish", {"version": game["version"]})
    assert response.status_code == 200, response.content
    done = response.json()
    assert done["status"] == "won" and done["finishable"] is False
    assert (
        done["autocompleted"]
        and done["moves"][-len(done["autocompleted"]) :] == (done["autocompleted"])
    )


def test_finish_is_refused_while_something_is_left_to_decide(guest) -> None:
    game = guest.new("stronghold", 1)
    assert game["finishable"] is False
    response = guest.post(f"/api/games/{game['id']}/finish", {"version": game["version"]})
    assert response.status_code == 400 and "left to decide" in response.json()["error"]
    stored = Game.objects.get(pk=game["id"])
    assert (stored.moves, stored.version) == ([], game["version"])


def test_finish_checks_the_version(guest) -> None:
    guest.post("/api/settings", {"autocomplete": False})
    game = nearly_finished(guest)
    response = guest.post(f"/api/games/{game['id']}/finish", {"version": game["version"] - 1})
    assert response.status_code == 409
