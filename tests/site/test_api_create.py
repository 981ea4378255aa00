"""POST /api/games: deal by number, winnable, daily or at random."""

from __future__ import annotations

import pytest

from solitaire.engine.layout import Layout
from solitaire.site.play.models import Game


def test_it_deals_a_game_by_number(guest) -> None:
    response = guest.post("/api/games", {"game": "streets", "deal": 17})
    assert response.status_code == 201
    game = response.json()
    assert (game["game"], game["deal"], game["moves"], game["version"]) == ("streets", 17, [], 0)
    assert game["layout"] == Layout.dealt("streets", 17).to_dict()
    assert game["status"] == "playing"
    assert game["legal"]


def test_it_deals_a_random_game_when_no_number_is_given(guest) -> None:
    response = guest.post("/api/games", {"game": "blockade"})
    assert response.status_code == 201
    assert response.json()["deal"] >= 1


@pytest.mark.parametrize(
    "payload",
    [
        {},
        {"game": "chess", "deal": 1},
        {"game": 5, "deal": 1},
        {"game": "streets", "deal": 0},
        {"game": "streets", "deal": 2**31},
        {"game": "streets", "deal": "17"},
        {"game": "streets", "deal": 1.5},
        {"game": "streets", "deal": True},
        {"game": "streets", "winnable": "yes"},
        {"game": "streets", "deal": 3, "winnable": True},
    ],
)
def test_it_refuses_a_bad_request_with_400(guest, payload) -> None:
    response = guest.post("/api/games", payload)
    assert response.status_code == 400, payload
    assert response.json()["error"]
    assert Game.objects.count() == 0


def test_a_new_deal_abandons_the_unfinished_game_of_the_same_game(guest) -> None:
    first = guest.play(guest.new("stronghold", 1), "t0>c0")
    other = guest.new("streets", 1)
    guest.new("stronghold", 2)
    assert Game.objects.get(pk=first["id"]).result == "abandoned"
    assert Game.objects.get(pk=other["id"]).result == "playing"
    response = guest.move(first, "c0>t2")
    assert response.status_code == 409


def test_a_winnable_deal_comes_from_the_proved_list_never_twice_running(settings) -> None:
    from conftest import Api
    from django.test import Client

    from solitaire.deals.winnable import proved_deals

    # Twenty deals in a row, faster than any person deals: past the per-client rate limit.
    settings.RATES = {"games": {"client": "20/10s"}}
    guest = Api(Client())
    proved = {p.deal for p in proved_deals("stronghold")}
    last = None
    for _ in range(20):
        game = guest.post("/api/games", {"game": "stronghold", "winnable": True}).json()
        assert game["deal"] in proved and game["kind"] == "winnable"
        assert game["deal"] != last
        last = game["deal"]


def test_deals_that_players_questions_proved_join_the_winnable_pool(guest) -> None:
    from solitaire.site.play import questions
    from solitaire.site.play.models import DealVerdict

    DealVerdict.objects.create(game="stronghold", deal=999_999_999, result="won", budget=1)
    DealVerdict.objects.create(game="stronghold", deal=999_999_998, result="lost", budget=1)
    pool = questions.pool("stronghold")
    assert 999_999_999 in pool and 999_999_998 not in pool
    assert len(pool) == len(set(pool))
