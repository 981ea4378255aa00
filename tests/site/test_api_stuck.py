"""A game with no way forward is reported and recorded as stuck."""

from __future__ import annotations

from solitaire.site.play.models import Game

# Blockade deal 4: eight deals from the stock, and no move is left that brings anything home.
STUCK_DEAL, DEALS = 4, 8


def test_a_game_with_no_way_forward_is_stuck(guest) -> None:
    game = guest.play(guest.new("blockade", STUCK_DEAL), *["s"] * DEALS)
    assert game["status"] == "stuck"
    assert game["result"] == "stuck"
    record = Game.objects.get(pk=game["id"])
    assert record.result == "stuck"
    assert record.finished is not None


def test_undo_from_stuck_plays_on(guest) -> None:
    game = guest.play(guest.new("blockade", STUCK_DEAL), *["s"] * DEALS)
    game = guest.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()
    assert game["status"] == "playing"
    assert Game.objects.get(pk=game["id"]).result == "playing"


def test_a_new_deal_does_not_turn_a_stuck_game_into_an_abandoned_one(guest) -> None:
    game = guest.play(guest.new("blockade", STUCK_DEAL), *["s"] * DEALS)
    guest.new("blockade", 5)
    assert Game.objects.get(pk=game["id"]).result == "stuck"
