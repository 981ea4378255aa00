"""The search: greedy best-first search for half the budget, then depth-first search.

Best-first search (:mod:`solitaire.solver.bestfirst`) finds most wins quickly, and proves
small lost positions while its open list has not been cut back. If it gives up, a
depth-first search starts again from the root with the rest of the budget. Depth-first
search keeps memory small: the only thing stored per position is its canonical key
(``bytes``) in one set, and the path to the current position is the stack itself. Children
are tried in the order :meth:`Kernel.score` ranks them; the order never removes a child, so
an exhausted depth-first search is a proof.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solitaire.lines import shorten
from solitaire.rules import Rules
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.kernel import Child, Kernel, Position, RawMove
from solitaire.state import Move, State

WON, LOST, UNKNOWN = "won", "lost", "unknown"

DEFAULT_BUDGET = 1_000_000
"""Positions expanded before the search answers "unknown"."""

BEST_FIRST_SHARE = 0.5
"""The share of the budget that best-first search may spend before depth-first search."""

_CLOCK_EVERY = 1024


@dataclass(frozen=True)
class Solution:
    """What a search found.

    ``result`` is "won", "lost" or "unknown"; ``positions`` counts the distinct positions
    expanded; ``solution`` (with "won" only) is the line of moves that wins from the
    position searched, every foundation named.
    """

    result: str
    positions: int
    seconds: float
    solution: tuple[Move, ...] | None = None


def solve(
    rules: Rules,
    state: State,
    budget: int = DEFAULT_BUDGET,
    *,
    seconds: float | None = None,
) -> Solution:
    """Search ``state`` under ``rules``: "won" with a winning line, "lost" once every
    position reachable under sound pruning has been expanded, or "unknown" when ``budget``
    positions have been expanded or ``seconds`` of wall-clock time have passed.
    """
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    kernel = Kernel(rules, state)
    root, opening = kernel.start(state)
    if root[5] == 0:
        return Solution(WON, 0, time.perf_counter() - started, tuple(map(kernel.to_move, opening)))
    greedy = BestFirst(kernel, root)
    result, line = greedy.run(max(1, int(budget * BEST_FIRST_SHARE)), deadline)
    positions = greedy.expanded
    if result == UNKNOWN and positions < budget:
        greedy.release()
        result, _expanded, line, seen = _dfs(kernel, root, budget - positions, deadline)
        positions = len(seen) + sum(1 for key in greedy.visited if key not in seen)
    elapsed = time.perf_counter() - started
    if result != WON:
        return Solution(result, positions, elapsed)
    moves = tuple(kernel.to_move(raw) for raw in (*opening, *line))
    return Solution(WON, positions, elapsed, shorten(rules, state, moves))


def _dfs(
    kernel: Kernel, root: Position, budget: int, deadline: float | None
) -> tuple[str, int, list[RawMove], set[bytes]]:
    """Depth-first search of up to ``budget`` positions: (result, expanded, line, visited)."""
    visited: set[bytes] = {kernel.key(root)}
    children = kernel.children
    frames: list[list[Child]] = [children(root, visited)]
    cursor = [0]
    path: list[tuple[RawMove, ...]] = []
    expanded = 1
    while frames:
        top = frames[-1]
        at = cursor[-1]
        if at >= len(top):
            frames.pop()
            cursor.pop()
            if path:
                path.pop()
            continue
        cursor[-1] = at + 1
        _score, key, pos, moves = top[at]
        top[at] = None  # type: ignore[call-overload]  # let the position go
        if key in visited:
            continue
        if pos[5] == 0:
            path.append(moves)
            return WON, expanded, [raw for step in path for raw in step], visited
        if expanded >= budget:
            return UNKNOWN, expanded, [], visited
        if deadline is not None and not expanded % _CLOCK_EVERY and time.perf_counter() > deadline:
            return UNKNOWN, expanded, [], visited
        visited.add(key)
        expanded += 1
        frames.append(children(pos, visited))
        cursor.append(0)
        path.append(moves)
    return LOST, expanded, [], visited
