"""Work out a player's statistics from their games.

A game counts as played once the player has made a move in it (even one taken back since)
and it has ended: won, stuck, or abandoned for a new deal; a deal left untouched never
counts. The game in progress counts only when it ends, so the win rate never dips while a
game is being played. Streaks run over ended games in the order they ended.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from solitaire.engine.games import FEATURED, get_rules
from solitaire.site.play.models import Game, Result

ENDED = (Result.WON, Result.STUCK, Result.ABANDONED)


@dataclass
class GameStats:
    """One game's figures for one player."""

    game: str
    name: str
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_seconds: int | None = None
    fewest_moves: int | None = None
    in_progress: int = 0

    @property
    def win_rate(self) -> float | None:
        """Won over played, from 0 to 1; None before the first game ends."""
        return self.won / self.played if self.played else None

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        return {
            "game": self.game,
            "name": self.name,
            "played": self.played,
            "won": self.won,
            "win_rate": self.win_rate,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "best_seconds": self.best_seconds,
            "fewest_moves": self.fewest_moves,
            "in_progress": self.in_progress,
        }


@dataclass
class PlayerStats:
    """A player's figures for every game, and their Daily results."""

    games: list[GameStats] = field(default_factory=list)
    daily: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready values."""
        return {"games": [stats.to_dict() for stats in self.games], "daily": self.daily}


def game_stats(game: str, records: list[Game]) -> GameStats:
    """Figures for one game from the player's games of it, in the order they were dealt."""
    stats = GameStats(game, get_rules(game).name)
    ended = [record for record in records if record.result in ENDED and record.started]
    ended.sort(key=lambda record: (record.finished or record.created, record.pk))
    stats.in_progress = sum(
        1 for record in records if record.result == Result.PLAYING and record.started
    )
    streak = 0
    for record in ended:
        stats.played += 1
        if record.result == Result.WON:
            stats.won += 1
            streak += 1
            stats.best_streak = max(stats.best_streak, streak)
            seconds, moves = record.seconds, len(record.moves)
            if stats.best_seconds is None or seconds < stats.best_seconds:
                stats.best_seconds = seconds
            if stats.fewest_moves is None or moves < stats.fewest_moves:
                stats.fewest_moves = moves
        else:
            streak = 0
    stats.current_streak = streak
    return stats


def player_stats(games: QuerySet[Game]) -> PlayerStats:
    """Every featured game's figures and the Daily results, for one player's games."""
    records = list(games.order_by("created", "pk"))
    result = PlayerStats()
    for game in FEATURED:
        result.games.append(game_stats(game, [r for r in records if r.game == game]))
    dailies = sorted(
        (r for r in records if r.daily is not None),
        key=lambda r: (r.daily, FEATURED.index(r.game) if r.game in FEATURED else 99),
        reverse=True,
    )
    result.daily = [
        {
            "date": record.daily.isoformat() if record.daily else None,
            "game": record.game,
            "name": get_rules(record.game).name,
            "deal": record.deal,
            "result": record.result,
            "moves": len(record.moves),
            "seconds": record.seconds if record.result == Result.WON else None,
            "id": record.pk,
        }
        for record in dailies
    ]
    return result


def weekly(games: QuerySet[Game], today: datetime.date, weeks: int = 12) -> dict[str, Any]:
    """The last ``weeks`` weeks (Monday to Sunday, by the day a game ended): games played and
    won each week, and each game's win rate over every game ended up to that week."""
    first = today - datetime.timedelta(days=today.weekday() + 7 * (weeks - 1))
    starts = [first + datetime.timedelta(weeks=i) for i in range(weeks)]
    played, won = [0] * weeks, [0] * weeks
    totals = {game: [0, 0] for game in FEATURED}
    rates: dict[str, list[float | None]] = {get_rules(game).name: [] for game in FEATURED}
    ended = [r for r in games.order_by("finished", "pk") if r.result in ENDED and r.started]
    cursor = 0
    for i, start in enumerate(starts):
        end = start + datetime.timedelta(weeks=1)
        while cursor < len(ended):
            record = ended[cursor]
            day = (record.finished or record.created).date()
            if day >= end:
                break
            cursor += 1
            if record.game not in totals:
                continue
            totals[record.game][0] += 1
            totals[record.game][1] += record.result == Result.WON
            if day >= start:
                played[i] += 1
                won[i] += record.result == Result.WON
        for game in FEATURED:
            count, wins = totals[game]
            rates[get_rules(game).name].append(wins / count if count else None)
    return {
        "labels": [start.strftime("%d %b") for start in starts],
        "played": played,
        "won": won,
        # A game with games ended is drawn, at a 0% rate too.
        "rates": {
            name: series
            for name, series in rates.items()
            if any(rate is not None for rate in series)
        },
    }


RECENT = 30
"""How many of a player's last ended games the statistics page lists."""


def recent_games(games: QuerySet[Game], limit: int = RECENT) -> list[dict[str, Any]]:
    """The player's last ended games (a move made; won, stuck or left), the latest first,
    each with what the statistics page links to: its review and its deal's link."""
    latest = games.filter(result__in=ENDED).order_by("-finished", "-pk")
    ended = [record for record in latest[: limit * 4] if record.started][:limit]
    return [
        {
            "id": record.pk,
            "game": record.game,
            "name": get_rules(record.game).name,
            "deal": record.deal,
            "daily": record.daily.isoformat() if record.daily else None,
            "result": record.result,
            "moves": len(record.moves),
            "seconds": record.seconds if record.result == Result.WON else None,
            "ended": (record.finished or record.updated).date().isoformat(),
            "shared": record.shared,
        }
        for record in ended
    ]
