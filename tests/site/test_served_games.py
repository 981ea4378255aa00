"""The game object's ``clicks`` map, and a declared game served only when settings ask.

Every game of ``solitaire.engine.games`` is featured now, so these tests declare a copy of
Forty Thieves under another id: the site deals it and shows its table only with
``EXTRA_GAMES`` naming it (a test-only setting).
"""

from __future__ import annotations

import dataclasses

import pytest

from solitaire.engine.clicks import click_map
from solitaire.engine.game import Game
from solitaire.engine.games import FEATURED, GAMES, get_rules


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


def test_every_family_game_is_served(guest, client) -> None:
    for game in FEATURED:
        assert f'href="/play/{game}/"' in client.get("/").content.decode()
    assert client.get("/rules/siegecraft/").status_code == 200
    assert guest.new("deuces", 1)["table"]["foundations"][0]["takes"] == "2C"


EXTRA = dataclasses.replace(get_rules("forty-thieves"), id="forty-thieves-copy", name="Copy")
"""A game declared for these tests only, and not featured."""


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, EXTRA.id, EXTRA)


def test_a_declared_game_is_not_served_by_default(declared, guest, client) -> None:
    assert client.get(f"/play/{EXTRA.id}/").status_code == 404
    assert guest.post("/api/games", {"game": EXTRA.id, "deal": 1}).status_code == 400
    assert f'href="/play/{EXTRA.id}/"' not in client.get("/").content.decode()


def test_a_declared_game_is_served_when_the_settings_add_it(
    declared, guest, client, settings
) -> None:
    settings.EXTRA_GAMES = [EXTRA.id]
    assert client.get(f"/play/{EXTRA.id}/").status_code == 200
    game = guest.new(EXTRA.id, 1)
    assert game["table"]["waste"] and game["clicks"]["s"] == "s"
