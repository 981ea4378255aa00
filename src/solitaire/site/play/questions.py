""" "Is this deal winnable?": a player asks about any deal number, the solver answers.

The answer for a game and deal is kept in :class:`DealVerdict`, shared by every player and
process: asked again, it is there at once. A question waiting for the solver is a
:class:`VerdictRequest`; one solve serves every question on the same deal. A won deal joins
the game's pool of winnable deals (:func:`pool`).

Questions are bounded: an owner has at most ``settings.VERDICTS_PER_OWNER`` waiting at once
(counted by their rows), and a new solve takes one of the owner's solver slots and one of the
site's (:mod:`~solitaire.site.play.quotas`: taken atomically in the cache, so that questions
sent at once cannot pass together); past any of them, 429. No thread waits on a solve: the
job's future calls back when it ends (:mod:`~solitaire.site.play.background`), and a job
that could not start within ``VERDICT_SECONDS`` of its question is skipped and asked again
by the next look at it.
"""

from __future__ import annotations

import datetime
import logging
import time
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from solitaire.advice.review import solve_job
from solitaire.deals.winnable import proved_deals, proved_numbers
from solitaire.engine.layout import Layout
from solitaire.site.jsonapi import TooMany
from solitaire.site.play import background, quotas
from solitaire.site.play.models import DealVerdict, VerdictRequest
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import Job, before

logger = logging.getLogger(__name__)

STALE_SECONDS = 60
"""A question whose solve has not answered in its time plus this is asked again."""

Status = VerdictRequest.Status


def ask(owner: dict[str, Any], game: str, deal: int) -> VerdictRequest:
    """Record the question and make sure a solve is under way (or already answered); raise
    :class:`TooMany` when the owner has too many questions waiting, or the solver slots are
    all taken."""
    if DealVerdict.objects.filter(game=game, deal=deal).exists():
        return VerdictRequest.objects.create(game=game, deal=deal, status=Status.DONE, **owner)
    _check_owner(owner)
    lease = None
    if not _being_solved(game, deal):
        asker = quotas.owner_of(owner["user"].pk if owner["user"] else None, owner["guest"])
        lease = quotas.admit("verdict", asker, _lease_seconds())
    request = VerdictRequest.objects.create(game=game, deal=deal, status=Status.RUNNING, **owner)
    if lease is not None:
        _start(game, deal, lease)
        request.refresh_from_db()
    return request


def _fresh() -> datetime.datetime:
    return timezone.now() - datetime.timedelta(seconds=settings.VERDICT_SECONDS + STALE_SECONDS)


def _check_owner(owner: dict[str, Any]) -> None:
    """Refuse a question when the owner already has their share of them waiting."""
    waiting = VerdictRequest.objects.filter(
        status=Status.RUNNING, heartbeat__gte=_fresh(), **owner
    ).order_by("heartbeat")
    limit = settings.VERDICTS_PER_OWNER
    oldest = list(waiting.values_list("heartbeat", flat=True)[:limit])
    if len(oldest) >= limit:
        ends = oldest[0] + datetime.timedelta(seconds=settings.VERDICT_SECONDS)
        wait = (ends - timezone.now()).total_seconds()
        raise TooMany(quotas.MESSAGES["verdict"].format(n=limit), wait)


def _being_solved(game: str, deal: int) -> bool:
    """Whether a fresh question on the deal is already waiting on a solve."""
    return VerdictRequest.objects.filter(
        game=game, deal=deal, status=Status.RUNNING, heartbeat__gte=_fresh()
    ).exists()


def _lease_seconds() -> float:
    """How long a solve may hold its slot: time to start, then its own time."""
    return 2 * float(settings.VERDICT_SECONDS)


def _start(game: str, deal: int, lease: quotas.Lease) -> None:
    """Send the solve to the solver workers; :func:`_finished` keeps its answer."""
    task = {
        "layout": Layout.dealt(game, deal).to_dict(),
        "budget": settings.VERDICT_BUDGET,
        "seconds": settings.VERDICT_SECONDS,
    }
    try:
        start_by = time.time() + settings.VERDICT_SECONDS
        job = background.workers().submit(before, start_by, solve_job, task)
    except Exception:
        logger.exception("the solve of %s deal %s could not start", game, deal)
        background.reset_workers()
        _ask_again(game, deal)
        lease.release()
        return
    background.when_done(job, _finished, game, deal, lease)


def _finished(job: Job[dict[str, Any] | None], game: str, deal: int, lease: quotas.Lease) -> None:
    """Keep the solve's answer and answer every question waiting on it (a finisher thread)."""
    try:
        answer = job.result()
        if answer is None:  # it could not start in time: the next look asks again
            _ask_again(game, deal)
            return
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
        _ask_again(game, deal)
    finally:
        lease.release()


def _ask_again(game: str, deal: int) -> None:
    """Make the deal's waiting questions stale, so that the next look at one solves again."""
    VerdictRequest.objects.filter(game=game, deal=deal, status=Status.RUNNING).update(
        heartbeat=timezone.now() - datetime.timedelta(days=1)
    )


def describe(request: VerdictRequest) -> dict[str, Any]:
    """SPEC's answer: status, result (null until done) and positions searched."""
    if request.status == Status.RUNNING and _stale(request):
        _solve_again(request)
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


def _solve_again(request: VerdictRequest) -> None:
    """Start the solve of a question whose solve stopped, if a solver slot is free (a look at
    a question is never refused: without a slot it stays waiting, for the next look)."""
    try:
        lease = quotas.site_lease(_lease_seconds())
    except TooMany:
        return
    if _claim_again(request):
        _start(request.game, request.deal, lease)
        request.refresh_from_db()
    else:
        lease.release()


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
