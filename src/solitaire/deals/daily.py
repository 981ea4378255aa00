"""The Daily deal: one proved deal per game per UTC date, the same for everyone.

The deals come from the first :data:`POOL` deals of the game's proved list, so that
extending the list never changes a Daily deal already given. Day by day from
:data:`EPOCH`, each date draws a pool index from a keyed hash of the game, the date and
an attempt number, and draws again while the deal was already used in the previous
:data:`NO_REPEAT_DAYS` days. So no deal comes back within a year, and one day's deal
says nothing about the next. A game whose list is shorter than two years (the hardest of
the Forty Thieves family) still has a Daily deal once it has :data:`MIN_POOL` proved deals:
no deal comes back within half the list's length of days, which leaves the other half to
draw from, so the next day stays unforeseeable; such a schedule changes when the list
grows. Setting ``SOLITAIRE_DAILY_KEY`` gives a site its own private schedule; without it
the schedule is public and reproducible with ``solitaire daily``.
"""

from __future__ import annotations

import hashlib
import os
from collections import deque
from datetime import UTC, date, datetime

from solitaire.deals.winnable import proved_deals
from solitaire.engine.errors import SolitaireError
from solitaire.engine.games import get_rules

EPOCH = date(2026, 1, 1)
POOL = 500
NO_REPEAT_DAYS = 365
MIN_POOL = 20
"""The fewest proved deals a game's Daily deal is drawn from."""

_schedules: dict[tuple[str, str], list[int]] = {}


def today() -> date:
    """Today's date in UTC."""
    return datetime.now(UTC).date()


def daily_deal(game: str, day: date | None = None) -> int:
    """The Daily deal number of ``game`` for the UTC date ``day`` (today by default)."""
    game = get_rules(game).id
    day = day or today()
    if day < EPOCH:
        raise SolitaireError(f"the Daily deal began on {EPOCH.isoformat()}")
    pool = [proved.deal for proved in proved_deals(game)[:POOL]]
    if len(pool) < MIN_POOL:
        raise SolitaireError(
            f"{game} has {len(pool)} proved deals; the Daily deal needs at least {MIN_POOL}"
        )
    key = os.environ.get("SOLITAIRE_DAILY_KEY", "")
    schedule = _schedules.setdefault((game, key), [])
    _extend_schedule(schedule, game, key, len(pool), (day - EPOCH).days + 1)
    return pool[schedule[(day - EPOCH).days]]


def no_repeat_days(size: int) -> int:
    """For how many days a deal drawn from a pool of ``size`` does not come back: a year, or
    half the pool where it is shorter than two years."""
    return min(NO_REPEAT_DAYS, size // 2)


def _extend_schedule(schedule: list[int], game: str, key: str, size: int, days: int) -> None:
    """Draw pool indices for the days from ``len(schedule)`` up to ``days``."""
    window = no_repeat_days(size)
    recent = deque(schedule[-window:], maxlen=window)
    used = set(recent)
    for day in range(len(schedule), days):
        attempt = 0
        while True:
            digest = hashlib.blake2b(
                f"{game}|{day}|{attempt}".encode(), key=key.encode()[:64], digest_size=8
            ).digest()
            index = int.from_bytes(digest, "big") % size
            if index not in used:
                break
            attempt += 1
        if len(recent) == window:
            used.discard(recent[0])
        recent.append(index)
        used.add(index)
        schedule.append(index)
