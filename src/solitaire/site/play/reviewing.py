"""Game review on the site: :mod:`solitaire.advice.review` run beside the web process, its solves on
the solver workers, its progress kept in the game's :class:`~solitaire.site.play.models.Review`.

The first request for a review makes the row and starts a thread that runs it; every later
request reads the row, so the page fills in as rounds finish, and a finished review is read
at once. A review whose thread died (a restarted server) has not moved for
:data:`STALE_SECONDS`: the next request claims it and goes on from what the row holds.

Reviews are bounded: one at a time for each player or guest (``REVIEWS_PER_OWNER``), each
holding one of the site's solver slots (:mod:`~solitaire.site.play.quotas`), and at most
``REVIEW_THREADS`` running in a web process (:func:`~solitaire.site.play.background.
run_review`). Past any of them the request that would start one gets 429, and the row is
left for the next request to claim.
"""

from __future__ import annotations

import datetime
import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

from solitaire.advice import review
from solitaire.engine.layout import Layout
from solitaire.site.jsonapi import TooMany
from solitaire.site.play import background, quotas, records
from solitaire.site.play.hinting import LINES
from solitaire.site.play.models import Game, Result, Review
from solitaire.solver.verdict import Verdict

logger = logging.getLogger(__name__)

STALE_SECONDS = 60
"""A running review that has not moved on for this long is taken over by the next request."""

ENDED = (Result.WON, Result.STUCK, Result.ABANDONED)
"""The games that can be reviewed: won, stuck, or left for a new deal."""


def reviewable(record: Game) -> bool:
    """Whether the game has ended (review is for after the game): won, stuck or left, or
    still open at a position proved lost (:attr:`solitaire.engine.status.Standing.lost`: no
    move can win it, so the player may as well see where it went wrong)."""
    if record.result in ENDED:
        return True
    if record.result != Result.PLAYING or not record.moves:
        return False
    return records.resume(record).standing().lost


def review_of(record: Game, asker: str) -> dict[str, Any]:
    """The game's review as SPEC's API gives it, started (or taken over) if need be by
    ``asker`` (a quota owner: ``user:ID``, ``guest:TOKEN``); :class:`TooMany` when the
    asker or the site has no room for one more."""
    row, claimed = _claim(record)
    if claimed:
        _start(row, asker)
        row.refresh_from_db()
    analysis = _analysis(row)
    analysis.done = row.done
    losing = analysis.losing_move
    # The solver's winning line from the position before the losing move, to step through.
    line = list(analysis.lines.get(losing, ())) if losing is not None else []
    return {
        **analysis.to_dict(),
        "line": line,
        "positions": len(row.verdicts),
        "probed": len(row.probed),
    }


def _claim(record: Game) -> tuple[Review, bool]:
    """The review row, and whether this request must run it."""
    now = timezone.now()
    row = Review.objects.filter(game=record).first()
    if row is not None and row.version != record.version:
        row.delete()  # the game changed after a review (undo from stuck): review it again
        row = None
    if row is None:
        try:
            with transaction.atomic():
                row = Review.objects.create(
                    game=record, version=record.version, verdicts=[None] * (len(record.moves) + 1)
                )
            return row, True
        except IntegrityError:  # another request made it first
            return Review.objects.get(game=record), False
    if row.done:
        return row, False
    stale = now - datetime.timedelta(seconds=STALE_SECONDS)
    claimed = Review.objects.filter(pk=row.pk, done=False, heartbeat__lt=stale).update(
        heartbeat=now
    )
    return row, bool(claimed)


def _seconds() -> float:
    """How long a review may run: its total, and its last round's solves."""
    return float(settings.REVIEW_TOTAL_SECONDS) + 4 * float(settings.REVIEW_SECONDS) + 30


def _start(row: Review, asker: str) -> None:
    """Run the review on a review thread, holding its quota; give the row back (stale, for
    the next request to claim) and refuse when there is no room."""
    try:
        lease = quotas.admit("review", asker, _seconds())
    except TooMany:
        _give_back(row)
        raise
    if not background.run_review(lambda: _run(row.pk, lease)):
        lease.release()
        _give_back(row)
        raise TooMany("every review thread is busy", settings.REVIEW_SECONDS)


def _give_back(row: Review) -> None:
    stale = timezone.now() - datetime.timedelta(seconds=STALE_SECONDS + 1)
    Review.objects.filter(pk=row.pk).update(heartbeat=stale)


def _analysis(row: Review) -> review.Review:
    return review.Review(
        verdicts=[None if v is None else Verdict(v) for v in row.verdicts],
        lines={int(k): tuple(v) for k, v in row.lines.items()},
        probed=set(row.probed),
        done=row.done,
    )


def _save(pk: int, analysis: review.Review) -> None:
    Review.objects.filter(pk=pk).update(
        verdicts=[None if v is None else str(v) for v in analysis.verdicts],
        probed=sorted(analysis.probed),
        lines={str(k): list(v) for k, v in analysis.lines.items()},
        done=analysis.done,
        heartbeat=timezone.now(),
    )


def _run(pk: int, lease: quotas.Lease) -> None:
    """Run one review to its end, saving each round (on a review thread, or inline), then
    give its quota back."""

    def saved(progress: review.Review) -> None:
        _save(pk, progress)
        lease.extend(_seconds())

    try:
        row = Review.objects.select_related("game").get(pk=pk)
        record = row.game
        start = Layout.dealt(record.game, record.deal)
        states = review.positions(start, record.moves)
        if not row.probed and all(v is None for v in row.verdicts):
            known = {}
            for index, state in enumerate(states):
                line = LINES.recall(start.rules, state)
                if line:
                    known[index] = [str(move) for move in line]
            analysis = review.begin(start, record.moves, record.result == Result.WON, known)
        else:
            analysis = _analysis(row)
        review.run(
            analysis,
            start,
            states,
            background.workers(),
            settings.REVIEW_BUDGET,
            settings.REVIEW_SECONDS,
            progress=saved,
            deadline=time.monotonic() + settings.REVIEW_TOTAL_SECONDS,
        )
    except Exception:
        logger.exception("review %s stopped; the next request for it takes it over", pk)
    finally:
        lease.release()
