"""The game object's ``clicks`` map, and a declared game served only when settings ask.

Forty Thieves is declared in ``solitaire.engine.games`` but not featured: the site deals it and
shows its table and rules only with ``EXTRA_GAMES`` naming it (a test-only setting).
"""

from __future__ import annotations

from solitaire.engine.clicks import click_map
from solitaire.engine.game import Game


def test_every_game_object_carries_the_engines_clicks(guest) -> None:
    game = guest.new("stronghold", 1)
    engine = Game.deal("stronghold", 1)
    assert game["clicks"] == click_map(engine.rules, engine.state)
    after = guest.play(game, "t1>t6")
    engine.push("t1>t6")
    assert after["clicks"] == click_map(engine.rules, engine.state)
    assert guest.get(f"/api/games/{game['id']}").json()["clicks"] == after["clicks"]


def test_a_click_the_map_names_is_the_move_the_click_endpoint_plays(guest) -> None:
    game = guest.new("blockade", 4)
    pile, targets = next((p, t) for p, t in game["clicks"].items() if p != "s")
    index, move = next(iter(targets.items()))
    url = f"/api/games/{game['id']}/click"
    answer = guest.post(url, {"pile": pile, "index": int(index), "version": 0}).json()
    assert answer["moves"] == [move]


def test_forty_thieves_is_not_served_by_default(guest, client) -> None:
    assert client.get("/play/forty-thieves/").status_code == 404
    assert client.get("/rules/forty-thieves/").status_code == 404
    assert guest.post("/api/games", {"game": "forty-thieves", "deal": 1}).status_code == 400
    assert 'href="/play/forty-thieves/"' not in client.get("/").content.decode()


def test_forty_thieves_is_served_when_the_settings_add_it(guest, client, settings) -> None:
    settings.EXTRA_GAMES = ["forty-thieves"]
    assert client.get("/play/forty-thieves/").status_code == 200
    assert client.get("/rules/forty-thieves/").status_code == 200
    game = guest.new("forty-thieves", 1)
    assert game["table"]["waste"] and game["clicks"]["s"] == "s"
    assert 'href="/play/forty-thieves/"' in client.get("/").content.decode()
