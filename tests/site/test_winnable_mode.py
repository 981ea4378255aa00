"""The Winnable setting: with it on, the table deals only proved deals, for guests and players
alike, and every game object says whether its deal is proved."""

from __future__ import annotations

import json

import pytest

from solitaire.deals.winnable import proved_deals

PROVED = {game: {found.deal for found in proved_deals(game)} for game in ("streets", "blockade")}


def _table_game(api, game: str) -> dict:
    page = api.get(f"/play/{game}/").content.decode()
    start = page.index('<script id="game-data" type="application/json">') + len(
        '<script id="game-data" type="application/json">'
    )
    return json.loads(page[start : page.index("</script>", start)])


@pytest.mark.parametrize("who", ["guest", "alice_api"])
def test_with_winnable_on_the_table_deals_a_proved_deal(request, who: str) -> None:
    api = request.getfixturevalue(who)
    assert api.post("/api/settings", {"winnable": True}).json()["winnable"] is True
    game = _table_game(api, "streets")
    assert game["kind"] == "winnable" and game["deal"] in PROVED["streets"]
    assert game["proved"] is True


def test_with_winnable_off_the_table_deals_a_random_deal(guest) -> None:
    game = _table_game(guest, "blockade")
    assert game["kind"] == "random"
    assert game["proved"] is (game["deal"] in PROVED["blockade"])


def test_a_deal_asked_by_number_is_marked_proved_only_when_it_is(guest) -> None:
    listed = min(PROVED["streets"])
    unlisted = next(n for n in range(900_000, 900_100) if n not in PROVED["streets"])
    assert guest.new("streets", listed)["proved"] is True
    assert guest.new("streets", unlisted)["proved"] is False


def test_the_mark_stays_on_every_move(guest) -> None:
    game = guest.new("streets", min(PROVED["streets"]))
    moved = guest.move(game, "s").json()
    assert moved["proved"] is True
