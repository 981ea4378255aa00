"""The Daily leaderboard: ranks by moves made then server-timed seconds, streaks, practice."""

from __future__ import annotations

import datetime

import pytest
from conftest import PASSWORD, Api
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from solitaire.deals.daily import daily_deal
from solitaire.site.play import deal_choice
from solitaire.site.play.leaderboard import streak
from solitaire.site.play.models import Game, Kind, Result


def _player(name: str) -> Api:
    user = User.objects.create_user(name, password=PASSWORD)
    client = Client()
    client.force_login(user)
    return Api(client)


def _daily_won(name: str, moves: int, seconds: float, day: datetime.date) -> Game:
    """A won Daily game, as the server would have recorded it."""
    now = timezone.now()
    return Game.objects.create(
        user=User.objects.get_or_create(username=name)[0],
        game="streets",
        deal=daily_deal("streets", day),
        kind=Kind.DAILY,
        daily=day,
        result=Result.WON,
        status="won",
        moves_made=moves,
        first_move=now - datetime.timedelta(seconds=seconds),
        finished=now,
    )


def test_winners_rank_by_moves_then_time_and_you_see_your_rank(alice_api) -> None:
    today = deal_choice.today()
    _daily_won("bob", 120, 300, today)
    _daily_won("carol", 110, 500, today)
    _daily_won("dave", 110, 200, today)
    for n in range(25):
        _daily_won(f"p{n}", 90 + n, 100, today)
    _daily_won("alice", 200, 50, today)
    board = alice_api.get("/api/daily/streets").json()
    assert board["deal"] == daily_deal("streets", today)
    assert (board["players"], board["wins"]) == (29, 29)
    assert len(board["leaders"]) == 20
    assert board["leaders"][0] == {"player": "p0", "moves": 90, "seconds": 100.0}
    names = [leader["player"] for leader in board["leaders"]]
    assert "alice" not in names
    assert board["you"] == {"rank": 29, "player": "alice", "moves": 200, "seconds": 50.0}


def test_equal_moves_rank_by_the_shorter_time(guest) -> None:
    today = deal_choice.today()
    _daily_won("carol", 110, 500, today)
    _daily_won("dave", 110, 200, today)
    leaders = guest.get("/api/daily/streets").json()["leaders"]
    assert [leader["player"] for leader in leaders] == ["dave", "carol"]


def test_moves_count_undone_ones_and_time_comes_from_the_server(alice_api) -> None:
    game = alice_api.post("/api/games", {"game": "stronghold", "daily": True}).json()
    # a forged time or count in the request is not read
    forged = {"move": "t0>c0", "version": 0, "seconds": 1, "moves_made": 0, "first_move": "x"}
    game = alice_api.post(f"/api/games/{game['id']}/moves", forged).json()
    game = alice_api.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()
    game = alice_api.post(f"/api/games/{game['id']}/redo", {"version": game["version"]}).json()
    record = Game.objects.get(pk=game["id"])
    assert record.moves_made == 2 and record.moves == ["t0>c0"]
    assert record.first_move is not None and record.first_move <= timezone.now()


def test_the_table_is_told_the_count_the_board_ranks_by(alice_api) -> None:
    game = alice_api.post("/api/games", {"game": "stronghold", "daily": True}).json()
    game = alice_api.play(game, "t0>c0")
    game = alice_api.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()
    game = alice_api.play(game, "t0>c0")
    assert game["moves"] == ["t0>c0"]
    assert game["moves_made"] == Game.objects.get(pk=game["id"]).moves_made == 2


def test_the_board_is_readable_by_guests_and_counts_players_who_moved(guest, alice_api) -> None:
    game = alice_api.post("/api/games", {"game": "streets", "daily": True}).json()
    assert guest.get("/api/daily/streets").json()["players"] == 0
    alice_api.play(game, "s")
    board = guest.get("/api/daily/streets").json()
    assert (board["players"], board["wins"], board["you"]) == (1, 0, None)
    assert guest.client.get("/daily/streets/").status_code == 200


def test_a_past_daily_deal_is_practice_and_never_on_the_board(guest, alice_api) -> None:
    yesterday = deal_choice.today() - datetime.timedelta(days=1)
    asked = {"game": "streets", "daily": True, "date": yesterday.isoformat()}
    game = guest.post("/api/games", asked).json()
    assert game["deal"] == daily_deal("streets", yesterday) and game["kind"] == "practice"
    Game.objects.filter(pk=game["id"]).update(result=Result.WON, moves_made=5)
    board = guest.get(f"/api/daily/streets?date={yesterday.isoformat()}").json()
    assert (board["players"], board["wins"]) == (0, 0)


@pytest.mark.parametrize("date", ["2099-01-01", "yesterday", "2026-13-01"])
def test_a_bad_or_future_date_is_refused(guest, date: str) -> None:
    assert guest.get(f"/api/daily/streets?date={date}").status_code == 400
    assert (
        guest.post("/api/games", {"game": "streets", "daily": True, "date": date}).status_code
        == 400
    )


def test_streaks_count_days_in_a_row(alice) -> None:
    today = deal_choice.today()
    for back in (0, 1, 2, 4, 5, 6, 7):
        _daily_won("alice", 100, 100, today - datetime.timedelta(days=back))
    found = streak(alice, "streets", today)
    assert (found.current, found.best) == (3, 4)
    assert streak(alice, "streets", today + datetime.timedelta(days=2)).current == 0
