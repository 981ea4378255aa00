"""Guest data that does not grow for ever: what goes, and the schedule that deletes it.

A guest's games are reached only through their session, so guest data is pruned by age:

- a guest game in which no move was ever made, dealt more than ``GUEST_UNPLAYED_HOURS``
  ago (24): what a script that deals and deals leaves behind;
- any guest game untouched for ``GUEST_DAYS`` (365, the session's own lifetime);
- sessions past their expiry (Django's ``clearsessions``), and guest sessions last changed
  more than ``GUEST_UNPLAYED_HOURS`` ago that hold no account and reach no game any more.

Players' games are never pruned. :func:`prune` does it in batches of :data:`BATCH` rows, so
that no delete holds the database's write lock for long; ``solitaire serve`` runs it every
``PRUNE_MINUTES`` (60) in each web process (:func:`start_schedule`), and the shared cache
makes one process do it per period when Redis is there. ``manage.py pruneguests`` runs it
by hand or from a timer.
"""

from __future__ import annotations

import datetime
import logging
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from solitaire.site.play.models import Game
from solitaire.site.play.owner import GUEST_KEY

logger = logging.getLogger(__name__)

BATCH = 500
"""Rows deleted in one statement."""


@dataclass
class Pruned:
    """How many of each went."""

    unplayed: int = 0
    idle: int = 0
    sessions: int = 0

    def __str__(self) -> str:
        return (
            f"deleted {self.unplayed + self.idle} guest games ({self.unplayed} never played, "
            f"{self.idle} untouched) and {self.sessions} sessions"
        )


def _delete_in_batches(games: QuerySet[Game]) -> int:
    deleted = 0
    while True:
        ids = list(games.values_list("pk", flat=True)[:BATCH])
        if not ids:
            return deleted
        deleted += Game.objects.filter(pk__in=ids).delete()[0]


def prune(days: float | None = None, unplayed_hours: float | None = None) -> Pruned:
    """Delete the guest data past its age (see the module's docstring); ``days`` and
    ``unplayed_hours`` override ``GUEST_DAYS`` and ``GUEST_UNPLAYED_HOURS``."""
    now = timezone.now()
    hours = settings.GUEST_UNPLAYED_HOURS if unplayed_hours is None else unplayed_hours
    unplayed_before = now - datetime.timedelta(hours=hours)
    idle_before = now - datetime.timedelta(days=settings.GUEST_DAYS if days is None else days)
    guests = Game.objects.filter(user__isnull=True)
    pruned = Pruned()
    pruned.unplayed = _delete_in_batches(
        guests.filter(moves_made=0, first_move__isnull=True, created__lt=unplayed_before)
    )
    pruned.idle = _delete_in_batches(guests.filter(updated__lt=idle_before))
    pruned.sessions = _prune_sessions(now, unplayed_before)
    return pruned


def _prune_sessions(now: datetime.datetime, changed_before: datetime.datetime) -> int:
    """Expired sessions, and guest sessions left with no game."""
    deleted = Session.objects.filter(expire_date__lt=now).delete()[0]
    # A session's expiry is its last change plus the cookie's age.
    last_change = changed_before + datetime.timedelta(seconds=settings.SESSION_COOKIE_AGE)
    old = Session.objects.filter(expire_date__lt=last_change).order_by("pk")
    start = ""
    while True:
        batch = list(old.filter(pk__gt=start)[:BATCH])
        if not batch:
            return deleted
        start = batch[-1].pk
        empty = [session.pk for session in batch if _guest_without_games(session.get_decoded())]
        deleted += Session.objects.filter(pk__in=empty).delete()[0]


def _guest_without_games(data: dict[str, object]) -> bool:
    if "_auth_user_id" in data:
        return False
    token = data.get(GUEST_KEY)
    return not token or not Game.objects.filter(user__isnull=True, guest=token).exists()


def _run_when_due() -> None:
    """Prune, unless another process of the site did within the period (shared cache)."""
    period = float(settings.PRUNE_MINUTES) * 60
    if not cache.add("pruned-guests", True, max(1, int(period) - 1)):
        return
    try:
        logger.info("%s", prune())
    except Exception:
        logger.exception("pruning guest data failed; it is tried again next period")


def start_schedule() -> threading.Thread | None:
    """Start pruning every ``PRUNE_MINUTES`` in a thread of this process (None when it is 0),
    the first time a minute or so after the start, so that a starting server serves first."""
    period = float(settings.PRUNE_MINUTES) * 60
    if period <= 0:
        return None

    def loop() -> None:
        time.sleep(min(60.0, period))
        while True:
            _run_when_due()
            connection.close()  # this thread's own, until the next period
            time.sleep(period)

    thread = threading.Thread(target=loop, name="solitaire-prune", daemon=True)
    thread.start()
    return thread
