"""Game review: for every position of a game, won, lost or unknown, and the losing move.

The verdicts along one game have a shape that makes this quick. If a position can be won, so
can every position before it (the game went from there to here); if a position is lost, so
is every one after it. So the game is won up to some position, lost from a later one on, and
the losing move is the one between the last won and the first lost position, when those are
neighbours. The review never solves every position: it solves a few positions spread between
the last known won and the first known lost (the end of the game first), as many at once as
there are solver workers, and narrows the gap round by round, as a binary search does.

What is known already is used first: a game that was won, the stored line of a proved deal
the player followed, and winning lines the caller knows (Hint's, on the site).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from solitaire.deals.winnable import followed, solution_for
from solitaire.engine.layout import Layout
from solitaire.engine.moves import play
from solitaire.engine.state import Move, State
from solitaire.solver import solve
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import Workers

REVIEW_BUDGET = 500_000
"""Positions one solve of a review may expand."""
REVIEW_SECONDS = 8.0
"""Seconds one solve of a review may take."""
IDLE_ROUNDS = 3
"""Rounds in a row that settle nothing (every probe undecided) before the review stops: the
positions left between are beyond the budget, and the rest of the gap is left unknown."""


@dataclass
class Review:
    """What is known so far: a verdict per position (None: not yet), and the losing move.

    ``verdicts[k]`` is the position after ``k`` moves; ``losing_move`` is the index in the
    moves of the move after which a won position became lost, and ``better`` the first move
    of a winning line from the position before it.
    """

    verdicts: list[Verdict | None]
    lines: dict[int, tuple[str, ...]] = field(default_factory=dict)
    probed: set[int] = field(default_factory=set)
    done: bool = False

    @property
    def last_won(self) -> int:
        """The last position known won, or -1."""
        return max((k for k, v in enumerate(self.verdicts) if v is Verdict.WON), default=-1)

    @property
    def first_lost(self) -> int:
        """The first position known lost, or one past the end."""
        found = (k for k, v in enumerate(self.verdicts) if v is Verdict.LOST)
        return min(found, default=len(self.verdicts))

    @property
    def losing_move(self) -> int | None:
        """The index of the losing move, once the last won and first lost are neighbours."""
        won, lost = self.last_won, self.first_lost
        return won if won >= 0 and lost == won + 1 < len(self.verdicts) else None

    @property
    def better(self) -> str | None:
        """The solver's move instead of the losing one."""
        index = self.losing_move
        line = None if index is None else self.lines.get(index)
        return line[0] if line else None

    def learn(self, index: int, verdict: Verdict, line: Sequence[str] = ()) -> None:
        """Record a verdict, and everything it implies for the positions before or after."""
        if verdict is Verdict.WON:
            for k in range(index + 1):
                self.verdicts[k] = Verdict.WON
            if line:
                self.lines[index] = tuple(line)
        elif verdict is Verdict.LOST:
            for k in range(index, len(self.verdicts)):
                self.verdicts[k] = Verdict.LOST
        elif self.verdicts[index] is None:
            self.verdicts[index] = Verdict.UNKNOWN

    def next_probes(self, count: int) -> list[int]:
        """Up to ``count`` positions to solve next, spread over the undecided gap, the end of
        the game first while no position is known lost; [] when there is nothing to learn."""
        low, high = self.last_won, self.first_lost
        gap = [k for k in range(low + 1, high) if k not in self.probed]
        if not gap:
            return []
        picks = (
            [len(self.verdicts) - 1] if high == len(self.verdicts) and gap[-1] == high - 1 else []
        )
        rest = [k for k in gap if k not in picks]
        wanted = count - len(picks)
        if rest and wanted > 0:
            step = len(rest) / (wanted + 1)
            picks += sorted({rest[min(len(rest) - 1, int(step * (i + 1)))] for i in range(wanted)})
        return picks[:count]

    def final(self) -> list[Verdict]:
        """The verdicts once the review is over: not known means unknown."""
        return [Verdict.UNKNOWN if v is None else v for v in self.verdicts]

    def to_dict(self) -> dict[str, Any]:
        """SPEC's review object (``verdicts`` says unknown for what is not known yet)."""
        return {
            "status": "done" if self.done else "running",
            "verdicts": [str(v) for v in self.final()],
            "losing_move": self.losing_move,
            "better": self.better,
        }


def positions(start: Layout, moves: Sequence[str]) -> list[State]:
    """Every position of a game whose moves were checked when they were played."""
    states = [start.state]
    for move in moves:
        states.append(play(start.rules, states[-1], Move.from_str(move)))
    return states


def begin(
    start: Layout, moves: Sequence[str], won: bool, known: Mapping[int, Sequence[str]] | None = None
) -> Review:
    """A review of a game with what is known without solving: the win (``won``), the stored
    line of a proved deal as far as the moves followed it, and ``known`` winning lines by
    position."""
    review = Review([None] * (len(moves) + 1))
    if won:
        review.learn(len(moves), Verdict.WON)
    on_line = followed(start.game, start.deal, moves)
    if on_line >= 0:
        stored = solution_for(start.game, start.deal or 0) or ()
        review.learn(on_line, Verdict.WON, stored[on_line:])
    for index, line in (known or {}).items():
        review.learn(index, Verdict.WON, line)
    return review


def solve_job(task: dict[str, Any]) -> dict[str, Any]:
    """Solve one position where the caller sends it (a worker process, or a Dask worker).

    ``task``: ``layout`` (SPEC's layout JSON), ``budget`` and ``seconds``. The answer:
    ``result``, ``positions`` and ``line`` (the winning line, [] unless won).
    """
    layout = Layout.from_dict(task["layout"])
    found = solve(layout.rules, layout.state, int(task["budget"]), seconds=float(task["seconds"]))
    return {
        "result": str(found.result),
        "positions": found.positions,
        "line": [str(move) for move in found.solution or ()],
    }


def run(
    review: Review,
    start: Layout,
    states: Sequence[State],
    workers: Workers,
    budget: int = REVIEW_BUDGET,
    seconds: float = REVIEW_SECONDS,
    progress: Callable[[Review], None] | None = None,
    deadline: float | None = None,
) -> Review:
    """Solve positions round by round on ``workers`` until the losing move is found, the gap
    holds only unknowns, :data:`IDLE_ROUNDS` rounds in a row settle nothing, or ``deadline``
    (``time.monotonic()``) passes; report each round to ``progress``."""
    idle = 0  # rounds in a row that settled nothing
    while not review.done:
        probes = review.next_probes(max(1, workers.capacity))
        late = deadline is not None and time.monotonic() >= deadline
        if not probes or late or idle >= IDLE_ROUNDS:
            review.done = True
            break
        before = (review.last_won, review.first_lost)
        jobs = [
            (index, workers.submit(solve_job, _task(start, states[index], budget, seconds)))
            for index in probes
        ]
        for index, job in jobs:
            answer = job.result(timeout=seconds * 4 + 30)
            review.probed.add(index)
            review.learn(index, Verdict(answer["result"]), answer["line"])
        idle = idle + 1 if (review.last_won, review.first_lost) == before else 0
        if progress is not None:
            progress(review)
    if progress is not None:
        progress(review)
    return review


def _task(start: Layout, state: State, budget: int, seconds: float) -> dict[str, Any]:
    return {
        "layout": Layout(start.game, None, state).to_dict(),
        "budget": budget,
        "seconds": seconds,
    }
