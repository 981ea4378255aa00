"""The Daily leaderboard, streaks and calendar.

For each game and day, the logged-in players who won that day's Daily deal are ranked by the
fewest moves made (every move played counts, those taken back included), then by the
shortest time from their first move to their winning move, both by the server's clock: the
client sends neither. Each player has one Daily game per game and day (a database
constraint), and practice games of past days never count.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User

from solitaire.deals.daily import EPOCH, daily_deal
from solitaire.site.play.models import Game, Kind, Result

TOP = 20
"""How many leaders a board lists."""


def _days_games(game: str, day: datetime.date) -> Any:
    return Game.objects.filter(kind=Kind.DAILY, game=game, daily=day, user__isnull=False)


def ranked(game: str, day: datetime.date) -> list[Game]:
    """The day's won Daily games of ``game``, best first."""
    won = list(_days_games(game, day).filter(result=Result.WON).select_related("user"))
    return sorted(won, key=lambda g: (g.moves_made, g.playing_seconds or 0.0, g.finished, g.pk))


def _entry(record: Game) -> dict[str, Any]:
    seconds = record.playing_seconds
    return {
        "player": record.user.get_username() if record.user else "",
        "moves": record.moves_made,
        "seconds": None if seconds is None else round(seconds, 1),
    }


def board(game: str, day: datetime.date, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any]:
    """SPEC's leaderboard object for ``game`` on ``day``, with ``you`` for ``user``."""
    games = ranked(game, day)
    you = None
    for rank, record in enumerate(games, 1):
        if user.is_authenticated and record.user_id == user.pk:
            you = {"rank": rank, **_entry(record)}
    return {
        "game": game,
        "date": day.isoformat(),
        "deal": daily_deal(game, day),
        "players": _days_games(game, day).filter(moves_made__gt=0).count(),
        "wins": len(games),
        "leaders": [_entry(record) for record in games[:TOP]],
        "you": you,
    }


@dataclass(frozen=True)
class Streak:
    """Days in a row a player won a game's Daily deal: now, and the best run."""

    current: int
    best: int


def streak(user: User, game: str, today: datetime.date) -> Streak:
    """The player's streaks; the current one still counts today before today's win."""
    won = Game.objects.filter(user=user, kind=Kind.DAILY, game=game, result=Result.WON)
    days = sorted({day for day in won.values_list("daily", flat=True) if day is not None})
    best = run = 0
    previous: datetime.date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == datetime.timedelta(1) else 1
        best = max(best, run)
        previous = day
    alive = previous is not None and (today - previous).days <= 1
    return Streak(run if alive else 0, best)


def calendar(
    user: AbstractBaseUser | AnonymousUser, game: str, today: datetime.date, days: int = 28
) -> list[dict[str, Any]]:
    """The last ``days`` Daily deals of ``game``, newest first, each with the player's result."""
    first = max(EPOCH, today - datetime.timedelta(days - 1))
    results: dict[datetime.date, str] = {}
    if isinstance(user, User):
        played = Game.objects.filter(user=user, kind=Kind.DAILY, game=game, daily__gte=first)
        results = {record.daily: record.result for record in played if record.daily}
    span = (today - first).days + 1
    return [
        {
            "date": day,
            "deal": daily_deal(game, day),
            "result": results.get(day, ""),
            "today": day == today,
        }
        for day in (today - datetime.timedelta(back) for back in range(span))
    ]
