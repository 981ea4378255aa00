"""Hint on the site: lines every process shares, the solver kept out of the web process,
and a solve that goes on after the player has had an answer.

- A game that follows its proved deal's stored line gets the line's next move at once
  (:func:`solitaire.advice.hint.stored_rest`). Winning lines found are kept position by
  position (:class:`solitaire.advice.memory.LineMemory`) in Django's cache (local memory by
  default, Redis when ``REDIS_URL`` is set), so a line found for one player serves every
  process and every later hint along it at once: the worker that found it names its
  positions, and this process keeps the entries as they come.
- Anything that needs the solver is a :func:`solitaire.advice.hint.hint_job` sent to the solver
  workers (:mod:`solitaire.solver.workers`: local processes, or a Dask cluster). The web thread only
  waits, and never longer than ``HINT_SECONDS`` (2 s) and a grace: a hint not proved by then
  answers at once with the heuristic move, ``proved`` false and ``thinking`` true, and a
  second solve with ``HINT_CAP_BUDGET`` positions and ``HINT_CAP_SECONDS`` (30 s) goes on
  on the workers. Its answer lands in the cache when it ends, where the next POST, or a
  ``GET`` of the hint, reads it; no thread waits on it (its future calls back).
- One solve at a time for a game's position, in every process (a key taken with
  ``cache.add``); at most ``HINTS_PER_OWNER`` solves of one player or guest at once, a
  solve that goes on holds one of the site's solver slots, and a web process waits on at
  most ``HINT_WAITERS`` hints at once (:mod:`~solitaire.site.play.quotas`). Past the first
  two, 429; with no solver slot free the heuristic answer is final (``thinking`` false).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache

import solitaire
from solitaire.advice.hint import Hint, heuristic_move, hint_job, last_move, stored_rest
from solitaire.advice.memory import LineMemory, position_key
from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.engine.status import WON
from solitaire.site.jsonapi import TooMany
from solitaire.site.play import background, quotas
from solitaire.site.play.models import Game
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import Job

logger = logging.getLogger(__name__)

LINE_SECONDS = 7 * 24 * 3600
"""How long a winning line stays in the cache after it was last stored."""
ANSWER_SECONDS = 24 * 3600
"""How long a game's final hint answer for a position stays in the cache."""
GRACE_SECONDS = 0.5
"""How long past its time budget a hint waits for a job that is finishing."""
POLL_SECONDS = 0.1
"""How often a hint asked where another request is thinking looks for its answer."""
WAITERS = background.Gate("HINT_WAITERS")
"""The hints this web process is waiting on."""


class CacheStore:
    """Django's cache as the store of the line memory, each entry kept
    :data:`LINE_SECONDS` after it was last stored."""

    def get(self, key: str) -> Any:
        """The value kept under ``key``, or None."""
        return cache.get(key)

    def set_many(self, entries: dict[str, Any]) -> None:
        """Keep every entry."""
        cache.set_many(entries, LINE_SECONDS)


LINES = LineMemory(CacheStore())
"""The winning lines every process of the site shares."""


def answer_key(record: Game, rules: Rules, state: State) -> str:
    """Where the latest hint answer for the game at ``state`` is kept."""
    return f"hint:{record.pk}:{position_key(rules, state)}"


def _final(hint: Hint) -> dict[str, Any]:
    return {**hint.to_dict(), "thinking": False}


def advise(record: Game, engine: solitaire.Game) -> dict[str, Any]:
    """``POST /api/games/ID/hint``: SPEC's ``result``, ``move`` and ``line``, with ``undos``
    (for a lost position), ``proved`` (won or lost) and ``thinking`` (a solve goes on)."""
    rules, state = engine.rules, engine.state
    key = answer_key(record, rules, state)
    if record.status == WON:
        answer = _final(Hint(Verdict.WON, None))
    else:
        line = stored_rest(engine) or LINES.recall(rules, state)
        found: dict[str, Any] | None = cache.get(key)
        if line:
            answer = _final(Hint(Verdict.WON, line[0], line))
        elif found is not None:
            return found
        else:
            return _think(record, engine, key)
    cache.set(key, answer, ANSWER_SECONDS)
    return answer


def latest(record: Game, engine: solitaire.Game) -> dict[str, Any] | None:
    """``GET /api/games/ID/hint``: the latest answer at the game's position, or None when no
    hint was asked there; nothing is started."""
    found: dict[str, Any] | None = cache.get(answer_key(record, engine.rules, engine.state))
    return found


def _think(record: Game, engine: solitaire.Game, key: str) -> dict[str, Any]:
    """Think about the position within the hint's time, and on in the background when that
    was not enough."""
    if not WAITERS.enter():
        raise TooMany("too many hints are thinking at once", settings.HINT_SECONDS)
    try:
        running = f"solving:{key}"
        cap = float(settings.HINT_CAP_SECONDS)
        if not cache.add(running, True, quotas.MARGIN_SECONDS + settings.HINT_SECONDS + cap):
            return _answer_of_another(engine, key)
        try:
            owner = quotas.owner_of(record.user_id, record.guest)
            lease = quotas.admit("hint", owner, settings.HINT_SECONDS + cap, background=False)
        except TooMany:
            cache.delete(running)
            raise
        done = _first_look(record, engine)
    finally:
        WAITERS.leave()
    if done is not None and done["hint"]["proved"]:
        LINES.keep(done["found"])
        answer = {**done["hint"], "thinking": False}
        cache.set(key, answer, ANSWER_SECONDS)
        lease.release()
        cache.delete(running)
        return answer
    unproved = _heuristic(engine) if done is None else done["hint"]
    return _think_on(record, engine, key, running, lease, unproved)


def _task(record: Game, engine: solitaire.Game, budget: int, seconds: float) -> dict[str, Any]:
    return {
        "game": record.game,
        "deal": record.deal,
        "moves": engine.notation,
        "layout": engine.layout.to_dict(),
        "budget": budget,
        "seconds": seconds,
        "deadline": time.time() + seconds,
    }


def _first_look(record: Game, engine: solitaire.Game) -> dict[str, Any] | None:
    """The hint job within the hint's time budget: its answer, or None when it did not
    answer in time (or the workers failed)."""
    seconds = float(settings.HINT_SECONDS)
    job: Job[dict[str, Any]] | None = None
    try:
        task = _task(record, engine, settings.HINT_BUDGET, seconds)
        job = background.workers().submit(hint_job, task)
        done = job.result(timeout=seconds + GRACE_SECONDS)
    except TimeoutError:
        if job is not None:
            job.cancel()
        return None
    except Exception:  # a worker that died, a cluster gone: the player still gets a move
        logger.exception("a hint job failed; the workers are started again for the next one")
        background.reset_workers()
        return None
    return None if done["late"] else done


def _heuristic(engine: solitaire.Game) -> dict[str, Any]:
    """Hint's answer with the heuristic move, as the library gives it."""
    move = heuristic_move(engine.rules, engine.state, last_move(engine))
    return Hint(Verdict.UNKNOWN, move).to_dict()


def _think_on(
    record: Game,
    engine: solitaire.Game,
    key: str,
    running: str,
    lease: quotas.Lease,
    unproved: dict[str, Any],
) -> dict[str, Any]:
    """The ``unproved`` answer now, and the solve going on in the background if a solver
    slot is free (its answer replaces this one in the cache when it ends)."""
    cap = float(settings.HINT_CAP_SECONDS)
    try:
        quotas.join_queue(lease, cap)
    except TooMany:  # the site's solver slots are all taken: no thinking on this time
        cache.delete(running)
        return {**unproved, "thinking": False}
    answer = {**unproved, "thinking": True}
    cache.set(key, answer, cap + quotas.MARGIN_SECONDS)
    try:
        task = _task(record, engine, settings.HINT_CAP_BUDGET, cap)
        job = background.workers().submit(hint_job, task)
    except Exception:
        logger.exception("a hint could not go on thinking")
        background.reset_workers()
        _thought(None, key, running, lease)
        return {**answer, "thinking": False}
    background.when_done(job, _thought, key, running, lease)
    return answer


def _thought(
    job: Job[dict[str, Any]] | None, key: str, running: str, lease: quotas.Lease
) -> None:
    """Keep what the solve that went on found (a finisher thread): its answer, final; or,
    when it could not run, nothing, so that asking again thinks again."""
    try:
        done = None if job is None else job.result()
        if done is None or done["late"]:
            cache.delete(key)
        else:
            LINES.keep(done["found"])
            cache.set(key, {**done["hint"], "thinking": False}, ANSWER_SECONDS)
    except Exception:
        logger.exception("a hint that went on thinking failed")
        cache.delete(key)
    finally:
        lease.release()
        cache.delete(running)


def _answer_of_another(engine: solitaire.Game, key: str) -> dict[str, Any]:
    """Another request is thinking about this position: its answer once it has one (within
    the hint's time), else the heuristic move, with the solve still going on."""
    until = time.monotonic() + float(settings.HINT_SECONDS) + GRACE_SECONDS
    while time.monotonic() < until:
        found: dict[str, Any] | None = cache.get(key)
        if found is not None:
            return found
        time.sleep(POLL_SECONDS)
    return {**_heuristic(engine), "thinking": True}
