"""Hint on the site: lines every process shares, the solver kept out of the web process,
and a solve that goes on after the player has had an answer.

- Winning lines are kept position by position in Django's cache (local memory by default,
  Redis when ``REDIS_URL`` is set), so a line found for one player serves every process and
  every later hint along it at once.
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

import hashlib
import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.cache import cache

from solitaire.advice.hint import Hint, heuristic_move, hint_job, last_move
from solitaire.deals.winnable import solution_for
from solitaire.engine.game import Game as Engine
from solitaire.engine.layout import Layout
from solitaire.engine.moves import is_legal, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.engine.status import WON
from solitaire.site.jsonapi import TooMany
from solitaire.site.play import background, quotas
from solitaire.site.play.models import Game
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import Job, Workers, connect

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


def position_key(rules: Rules, state: State) -> str:
    """A short name for a position of a game, the same in every process."""
    text = repr((state.tableau, state.foundations, state.cells, state.stock, state.waste))
    return f"{rules.id}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"


class LineCache:
    """Winning lines in Django's cache: each position along a line names the line and how
    far into it the position is; the line itself is stored once.
    """

    def remember(self, rules: Rules, state: State, line: tuple[Move, ...]) -> None:
        """Keep ``line``, a winning line from ``state``, for every position along it."""
        if not line:
            return
        moves = [str(move) for move in line]
        name = (
            "moves:"
            + hashlib.blake2b(
                f"{position_key(rules, state)}:{' '.join(moves)}".encode(), digest_size=16
            ).hexdigest()
        )
        entries: dict[str, Any] = {name: moves}
        for offset, move in enumerate(line):
            entries[f"line:{position_key(rules, state)}"] = (name, offset)
            state = play(rules, state, move)
        cache.set_many(entries, LINE_SECONDS)

    def recall(self, rules: Rules, state: State) -> tuple[Move, ...] | None:
        """The rest of a kept winning line from ``state``, or None."""
        entry = cache.get(f"line:{position_key(rules, state)}")
        if entry is None:
            return None
        name, offset = entry
        moves = cache.get(name)
        if moves is None or offset >= len(moves):
            return None
        line = tuple(Move.from_str(move) for move in moves[offset:])
        # The key is a hash: make sure the line starts from here before trusting it.
        return line if is_legal(rules, state, line[0]) else None

    def learn_deal(self, rules: Rules, deal: int | None) -> None:
        """Keep the stored winning line of a proved deal (once per deal)."""
        if deal is None or cache.get(f"deal-line:{rules.id}:{deal}"):
            return
        stored = solution_for(rules.id, deal)
        if stored:
            start = Layout.dealt(rules.id, deal).state
            self.remember(rules, start, tuple(Move.from_str(move) for move in stored))
        cache.set(f"deal-line:{rules.id}:{deal}", True, LINE_SECONDS)


LINES = LineCache()

_workers: Workers | None = None
_workers_lock = threading.Lock()


def workers() -> Workers:
    """This process's way to the solver workers, made when the first hint needs it."""
    global _workers
    with _workers_lock:
        if _workers is None:
            _workers = connect(
                settings.SOLVER_SCHEDULER, settings.SOLVER_PROCESSES, settings.SOLVER_NICE
            )
        return _workers


def reset_workers() -> None:
    """Let go of the workers (the next hint connects again, with the settings as they are)."""
    global _workers
    with _workers_lock:
        if _workers is not None:
            _workers.close()
        _workers = None


def answer_key(record: Game, rules: Rules, state: State) -> str:
    """Where the latest hint answer for the game at ``state`` is kept."""
    return f"hint:{record.pk}:{position_key(rules, state)}"


def _final(hint: Hint) -> dict[str, Any]:
    return {**hint.to_dict(), "thinking": False}


def advise(record: Game, engine: Engine) -> dict[str, Any]:
    """``POST /api/games/ID/hint``: SPEC's ``result``, ``move`` and ``line``, with ``undos``
    (for a lost position), ``proved`` (won or lost) and ``thinking`` (a solve goes on)."""
    rules, state = engine.rules, engine.state
    key = answer_key(record, rules, state)
    if record.status == WON:
        answer = _final(Hint(Verdict.WON, None))
    else:
        LINES.learn_deal(rules, record.deal)
        line = LINES.recall(rules, state)
        found: dict[str, Any] | None = cache.get(key)
        if line:
            answer = _final(Hint(Verdict.WON, line[0], line))
        elif found is not None:
            return found
        else:
            return _think(record, engine, key)
    cache.set(key, answer, ANSWER_SECONDS)
    return answer


def latest(record: Game, engine: Engine) -> dict[str, Any] | None:
    """``GET /api/games/ID/hint``: the latest answer at the game's position, or None when no
    hint was asked there; nothing is started."""
    found: dict[str, Any] | None = cache.get(answer_key(record, engine.rules, engine.state))
    return found


def _think(record: Game, engine: Engine, key: str) -> dict[str, Any]:
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
        _keep_lines(engine.rules, done["lines"])
        answer = {**done["hint"], "thinking": False}
        cache.set(key, answer, ANSWER_SECONDS)
        lease.release()
        cache.delete(running)
        return answer
    unproved = _heuristic(engine) if done is None else done["hint"]
    return _think_on(record, engine, key, running, lease, unproved)


def _task(record: Game, engine: Engine, budget: int, seconds: float) -> dict[str, Any]:
    return {
        "game": record.game,
        "deal": record.deal,
        "moves": engine.notation,
        "layout": engine.layout.to_dict(),
        "budget": budget,
        "seconds": seconds,
        "deadline": time.time() + seconds,
    }


def _first_look(record: Game, engine: Engine) -> dict[str, Any] | None:
    """The hint job within the hint's time budget: its answer, or None when it did not
    answer in time (or the workers failed)."""
    seconds = float(settings.HINT_SECONDS)
    job: Job[dict[str, Any]] | None = None
    try:
        job = workers().submit(hint_job, _task(record, engine, settings.HINT_BUDGET, seconds))
        done = job.result(timeout=seconds + GRACE_SECONDS)
    except TimeoutError:
        if job is not None:
            job.cancel()
        return None
    except Exception:  # a worker that died, a cluster gone: the player still gets a move
        logger.exception("a hint job failed; the workers are started again for the next one")
        reset_workers()
        return None
    return None if done["late"] else done


def _heuristic(engine: Engine) -> dict[str, Any]:
    """Hint's answer with the heuristic move, as the library gives it."""
    move = heuristic_move(engine.rules, engine.state, last_move(engine))
    return Hint(Verdict.UNKNOWN, move).to_dict()


def _think_on(
    record: Game,
    engine: Engine,
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
        job = workers().submit(hint_job, _task(record, engine, settings.HINT_CAP_BUDGET, cap))
    except Exception:
        logger.exception("a hint could not go on thinking")
        reset_workers()
        _thought(None, engine.rules.id, key, running, lease)
        return {**answer, "thinking": False}
    background.when_done(job, _thought, engine.rules.id, key, running, lease)
    return answer


def _thought(
    job: Job[dict[str, Any]] | None, game: str, key: str, running: str, lease: quotas.Lease
) -> None:
    """Keep what the solve that went on found (a finisher thread): its answer, final; or,
    when it could not run, nothing, so that asking again thinks again."""
    from solitaire.engine.games import get_rules

    try:
        done = None if job is None else job.result()
        if done is None or done["late"]:
            cache.delete(key)
        else:
            _keep_lines(get_rules(game), done["lines"])
            cache.set(key, {**done["hint"], "thinking": False}, ANSWER_SECONDS)
    except Exception:
        logger.exception("a hint that went on thinking failed")
        cache.delete(key)
    finally:
        lease.release()
        cache.delete(running)


def _answer_of_another(engine: Engine, key: str) -> dict[str, Any]:
    """Another request is thinking about this position: its answer once it has one (within
    the hint's time), else the heuristic move, with the solve still going on."""
    until = time.monotonic() + float(settings.HINT_SECONDS) + GRACE_SECONDS
    while time.monotonic() < until:
        found: dict[str, Any] | None = cache.get(key)
        if found is not None:
            return found
        time.sleep(POLL_SECONDS)
    return {**_heuristic(engine), "thinking": True}


def _keep_lines(rules: Rules, lines: Iterable[tuple[dict[str, Any], list[str]]]) -> None:
    for layout, moves in lines:
        start = Layout.from_dict(layout).state
        LINES.remember(rules, start, tuple(Move.from_str(move) for move in moves))
