""" "Is this deal winnable?": a player asks about any deal number, the solver answers.

The answer for a game and deal is kept in :class:`DealVerdict`, shared by every player and
process: asked again, it is there at once. A question waiting for the solver is a
:class:`VerdictRequest`; the solve runs on the solver workers, waited for by a thread of the
web process (or inline, for tests), and one solve serves every question on the same deal. A
won deal joins the game's pool of winnable deals (:func:`pool`).
"""

from __future__ import annotations

import datetime
import logging
import threading
from typing import Any

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

from solitaire.layout import Layout
from solitaire.review import solve_job
from solitaire.site.play.hints import workers
from solitaire.site.play.models import DealVerdict, VerdictRequest
from solitaire.verdict import Verdict
from solitaire.winnable import proved_deals, proved_numbers

logger = logging.getLogger(__name__)

STALE_SECONDS = 60
"""A question whose solve has not answered in its time plus this is asked again."""

Status = VerdictRequest.Status


def ask(owner: dict[str, Any], game: str, deal: int) -> VerdictRequest:
    """Record the question and make sure a solve is under way (or already answered)."""
    known = DealVerdict.objects.filter(game=game, deal=deal).exists()
    request = VerdictRequest.objects.create(
        game=game, deal=deal, status=Status.DONE if known else Status.RUNNING, **owner
    )
    if not known and _claim(request):
        _start(game, deal)
        request.refresh_from_db()
    return request


def _start(game: str, deal: int) -> None:
    """Solve in a thread of this process (inline when threads are off, as in tests)."""
    if settings.REVIEW_IN_THREAD:
        threading.Thread(target=_solve, args=(game, deal), daemon=True).start()
    else:
        _solve(game, deal)


def _claim(request: VerdictRequest) -> bool:
    """Whether this question must start the solve: no other fresh one is waiting on it."""
    fresh = timezone.now() - datetime.timedelta(seconds=settings.VERDICT_SECONDS + STALE_SECONDS)
    others = VerdictRequest.objects.filter(
        game=request.game, deal=request.deal, status=Status.RUNNING, heartbeat__gte=fresh
    ).exclude(pk=request.pk)
    return not others.exists()


def _solve(game: str, deal: int) -> None:
    """Solve the deal on a worker, keep the answer, and answer every question waiting on it."""
    try:
        task = {
            "layout": Layout.dealt(game, deal).to_dict(),
            "budget": settings.VERDICT_BUDGET,
            "seconds": settings.VERDICT_SECONDS,
        }
        answer = workers().submit(solve_job, task).result(timeout=settings.VERDICT_SECONDS + 30)
        try:
            with transaction.atomic():
                DealVerdict.objects.create(
                    game=game,
                    deal=deal,
                    result=answer["result"],
                    positions=answer["positions"],
                    budget=settings.VERDICT_BUDGET,
                    solution=answer["line"],
                )
        except IntegrityError:
            pass  # answered meanwhile by another process
        VerdictRequest.objects.filter(game=game, deal=deal, status=Status.RUNNING).update(
            status=Status.DONE, heartbeat=timezone.now()
        )
    except Exception:
        logger.exception("the solve of %s deal %s failed; asking again starts another", game, deal)
        VerdictRequest.objects.filter(game=game, deal=deal, status=Status.RUNNING).update(
            heartbeat=timezone.now() - datetime.timedelta(days=1)
        )
    finally:
        if settings.REVIEW_IN_THREAD:
            connection.close()


def describe(request: VerdictRequest) -> dict[str, Any]:
    """SPEC's answer: status, result (null until done) and positions searched."""
    if request.status == Status.RUNNING and _stale(request) and _claim_again(request):
        _start(request.game, request.deal)
        request.refresh_from_db()
    found = DealVerdict.objects.filter(game=request.game, deal=request.deal).first()
    done = request.status == Status.DONE and found is not None
    return {
        "id": request.pk,
        "game": request.game,
        "deal": request.deal,
        "status": request.status,
        "result": found.result if done and found else None,
        "positions": found.positions if done and found else 0,
    }


def _stale(request: VerdictRequest) -> bool:
    limit = datetime.timedelta(seconds=settings.VERDICT_SECONDS + STALE_SECONDS)
    return timezone.now() - request.heartbeat > limit


def _claim_again(request: VerdictRequest) -> bool:
    return bool(
        VerdictRequest.objects.filter(pk=request.pk, heartbeat=request.heartbeat).update(
            heartbeat=timezone.now()
        )
    )


def cancel(request: VerdictRequest) -> None:
    """Stop waiting: the question is cancelled (a solve under way still keeps its answer)."""
    VerdictRequest.objects.filter(pk=request.pk, status=Status.RUNNING).update(
        status=Status.CANCELLED
    )
    request.refresh_from_db()


def won_by_players(game: str) -> QuerySet[DealVerdict]:
    """The deals of ``game`` that players' questions proved winnable."""
    return DealVerdict.objects.filter(game=game, result=Verdict.WON)


def pool(game: str) -> list[int]:
    """Every proved deal of ``game``: the shipped list, and those players' questions proved."""
    shipped = proved_numbers(game)
    return [proved.deal for proved in proved_deals(game)] + [
        n for n in won_by_players(game).values_list("deal", flat=True) if n not in shipped
    ]
