"""The clock and the statistics start at the player's first move (issue 16, points 7 and 9)."""

from __future__ import annotations

import datetime

from django.utils import timezone

from solitaire.site.play.models import Game


def _stats(api, game="streets"):
    data = api.get("/api/stats").json()
    return next(entry for entry in data["games"] if entry["game"] == game)


def test_the_clock_does_not_run_before_the_first_move(guest) -> None:
    game = guest.new("streets", 5)
    assert (game["elapsed"], game["started"]) == (0, False)
    Game.objects.filter(pk=game["id"]).update(created=timezone.now() - datetime.timedelta(hours=1))
    again = guest.get(f"/api/games/{game['id']}").json()
    assert (again["elapsed"], again["started"]) == (0, False)


def test_the_clock_runs_from_the_first_move_not_the_deal(guest) -> None:
    game = guest.play(guest.new("streets", 5), "s")
    assert game["started"] is True
    now = timezone.now()
    Game.objects.filter(pk=game["id"]).update(
        created=now - datetime.timedelta(hours=1), first_move=now - datetime.timedelta(minutes=2)
    )
    elapsed = guest.get(f"/api/games/{game['id']}").json()["elapsed"]
    assert 120 <= elapsed < 3600  # from the first move, not from the deal an hour ago


def test_a_restart_keeps_the_game_started(guest) -> None:
    game = guest.play(guest.new("streets", 5), "s", "s")
    restarted = guest.post(f"/api/games/{game['id']}/restart", {"version": game["version"]})
    assert restarted.status_code == 200
    assert restarted.json()["moves"] == [] and restarted.json()["started"] is True


def test_a_deal_left_without_a_move_never_counts(guest) -> None:
    guest.new("streets", 5)
    guest.new("streets", 6)  # the first is abandoned untouched
    guest.new("streets", 7)
    stats = _stats(guest)
    assert (stats["played"], stats["won"], stats["in_progress"]) == (0, 0, 0)


def test_a_game_counts_once_a_move_was_made_even_if_restarted_away(guest) -> None:
    game = guest.play(guest.new("streets", 5), "s", "s")
    guest.post(f"/api/games/{game['id']}/restart", {"version": game["version"]})
    assert _stats(guest)["in_progress"] == 1
    guest.new("streets", 6)  # leaves game 5, with its moves restarted away
    stats = _stats(guest)
    assert (stats["played"], stats["won"], stats["in_progress"]) == (1, 0, 0)


def test_the_statistics_page_says_when_a_game_counts(guest) -> None:
    html = guest.client.get("/stats/").content.decode()
    counting = html.split('data-role="counting">')[1].split("</p>")[0]
    assert "only once you have made a move" in counting
    assert "first move" in counting
