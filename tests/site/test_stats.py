"""Statistics per player and game, on /stats/ and GET /api/stats."""

from __future__ import annotations

import datetime

from django.utils import timezone

from solitaire.site.play.models import Game
from solitaire.site.stats.summary import weekly


def _game(user, result, moves=3, game="stronghold", minutes=5, finished_at=None, **extra):
    created = (finished_at or timezone.now()) - datetime.timedelta(minutes=minutes)
    return Game.objects.create(
        user=user,
        game=game,
        deal=1,
        moves=["t0>c0"] * moves,
        result=result,
        created=created,
        finished=None if result == "playing" else created + datetime.timedelta(minutes=minutes),
        **extra,
    )


def _stats(api, game="stronghold"):
    data = api.get("/api/stats").json()
    return next(entry for entry in data["games"] if entry["game"] == game)


def test_it_counts_played_won_and_the_win_rate(alice_api, alice) -> None:
    for result in ("won", "stuck", "won", "abandoned"):
        _game(alice, result)
    stats = _stats(alice_api)
    assert (stats["played"], stats["won"]) == (4, 2)
    assert stats["win_rate"] == 0.5


def test_it_does_not_count_a_game_in_progress_or_one_never_started(alice_api, alice) -> None:
    _game(alice, "playing")
    _game(alice, "abandoned", moves=0)
    stats = _stats(alice_api)
    assert (stats["played"], stats["in_progress"]) == (0, 1)
    assert stats["win_rate"] is None


def test_it_counts_current_and_best_streaks(alice_api, alice) -> None:
    now = timezone.now()
    results = ["won", "won", "won", "stuck", "won", "won"]
    for minutes_ago, result in zip(range(60, 0, -10), results, strict=True):
        _game(alice, result, finished_at=now - datetime.timedelta(minutes=minutes_ago))
    stats = _stats(alice_api)
    assert (stats["current_streak"], stats["best_streak"]) == (2, 3)


def test_it_keeps_the_best_time_and_the_fewest_moves(alice_api, alice) -> None:
    _game(alice, "won", moves=90, minutes=4)
    _game(alice, "won", moves=70, minutes=9)
    _game(alice, "stuck", moves=10, minutes=1)
    stats = _stats(alice_api)
    assert stats["best_seconds"] == 4 * 60
    assert stats["fewest_moves"] == 70


def test_it_counts_each_game_apart_and_each_player_apart(alice_api, bob_api, alice, bob) -> None:
    _game(alice, "won", game="streets")
    _game(bob, "won")
    assert _stats(alice_api)["played"] == 0
    assert _stats(alice_api, "streets")["won"] == 1
    assert _stats(bob_api)["won"] == 1


def test_it_counts_a_game_won_through_the_api(guest) -> None:
    game = guest.play(guest.new("blockade", 4), *["s"] * 8)
    assert game["status"] == "stuck"
    stats = _stats(guest, "blockade")
    assert (stats["played"], stats["won"]) == (1, 0)


def test_it_lists_daily_results(alice_api, alice) -> None:
    today = timezone.now().date()
    _game(alice, "won", game="streets", daily=today, kind="daily")
    daily = alice_api.get("/api/stats").json()["daily"]
    assert [(entry["date"], entry["game"], entry["result"]) for entry in daily] == [
        (today.isoformat(), "streets", "won")
    ]


def test_the_page_shows_the_figures(alice_api, alice) -> None:
    _game(alice, "won", moves=42)
    page = alice_api.client.get("/stats/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'data-stat="fewest-moves" data-label="Fewest moves">42<' in html
    assert 'data-stat="win-rate" data-label="Win rate">100%<' in html


def test_a_game_never_won_is_drawn_at_a_0_percent_rate(alice_api, alice) -> None:
    _game(alice, "stuck", game="streets-and-alleys")
    week = weekly(Game.objects.filter(user=alice), timezone.now().date())
    assert week["rates"] == {"Streets and Alleys": [None] * 11 + [0.0]}
    html = alice_api.client.get("/stats/").content.decode()
    assert "The charts appear once a game has ended" not in html
    assert "Streets and Alleys, " in html and ": 0%</title>" in html


def test_the_page_lists_ended_games_with_their_review_and_deal_link(alice_api, alice) -> None:
    lost = _game(alice, "stuck", game="streets")
    _game(alice, "playing", game="blockade")  # not ended: not listed
    _game(alice, "abandoned", moves=0)  # never played: not listed
    html = alice_api.client.get("/stats/").content.decode()
    assert html.count('data-role="review-link"') == 1
    assert f'<a href="/games/{lost.pk}/review" data-role="review-link">' in html
    assert 'href="/play/streets/?deal=1" data-role="deal-link"' in html
