"""Hint on the site: lines every process shares, and the solver kept out of the web process.

- Winning lines are kept position by position in Django's cache (local memory by default,
  Redis when ``REDIS_URL`` is set), so a line found for one player serves every process and
  every later hint along it at once.
- Anything that needs the solver is a :func:`solitaire.hint.hint_job` sent to the solver
  workers (:mod:`solitaire.workers`: local processes, or a Dask cluster). The web thread only
  waits, and never longer than the hint's time budget: a hint that could not run in time
  answers with the heuristic move, marked unproved. No hint is ever refused.
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

from solitaire.engine import is_legal, play
from solitaire.game import Game as Engine
from solitaire.hint import Hint, heuristic_move, hint_job, last_move
from solitaire.layout import Layout
from solitaire.rules import Rules
from solitaire.site.play.models import Game
from solitaire.state import Move, State
from solitaire.status import WON
from solitaire.verdict import Verdict
from solitaire.winnable import solution_for
from solitaire.workers import Workers, connect

logger = logging.getLogger(__name__)

LINE_SECONDS = 7 * 24 * 3600
"""How long a winning line stays in the cache after it was last stored."""
ANSWER_SECONDS = 24 * 3600
"""How long a game's hint answer for a position stays in the cache."""
GRACE_SECONDS = 0.5
"""How long past its time budget a hint waits for a job that is finishing."""


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


def advise(record: Game, engine: Engine) -> dict[str, Any]:
    """Hint's answer for the game as it stands: SPEC's ``result``, ``move`` and ``line``, with
    ``undos`` (for a lost position) and ``proved`` (False for a heuristic move).
    """
    rules, state = engine.rules, engine.state
    if record.status == WON:
        return Hint(Verdict.WON, None).to_dict()
    LINES.learn_deal(rules, record.deal)
    line = LINES.recall(rules, state)
    if line:
        return Hint(Verdict.WON, line[0], line).to_dict()
    key = f"hint:{record.pk}:{position_key(rules, state)}"
    answer: dict[str, Any] | None = cache.get(key)
    if answer is None:
        answer = _think(record, engine)
        if answer.pop("busy", False):
            return answer
        cache.set(key, answer, ANSWER_SECONDS)
    return answer


def _think(record: Game, engine: Engine) -> dict[str, Any]:
    """Send the position to a solver worker and wait for it, within the hint's time budget."""
    seconds = float(settings.HINT_SECONDS)
    deadline = time.time() + seconds
    task = {
        "game": record.game,
        "deal": record.deal,
        "moves": engine.notation,
        "layout": engine.layout.to_dict(),
        "budget": settings.HINT_BUDGET,
        "seconds": seconds,
        "deadline": deadline,
    }
    try:
        job = workers().submit(hint_job, task)
        done = job.result(timeout=seconds + GRACE_SECONDS)
    except TimeoutError:
        job.cancel()
        done = {"late": True}
    except Exception:  # a worker that died, a cluster gone: the player still gets a move
        logger.exception("a hint job failed; the workers are started again for the next one")
        reset_workers()
        done = {"late": True}
    if done["late"]:
        move = heuristic_move(engine.rules, engine.state, last_move(engine))
        return {**Hint(Verdict.UNKNOWN, move).to_dict(), "busy": True}
    _keep_lines(engine.rules, done["lines"])
    found: dict[str, Any] = done["hint"]
    return found


def _keep_lines(rules: Rules, lines: Iterable[tuple[dict[str, Any], list[str]]]) -> None:
    for layout, moves in lines:
        start = Layout.from_dict(layout).state
        LINES.remember(rules, start, tuple(Move.from_str(move) for move in moves))
