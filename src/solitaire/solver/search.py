"""The search: a depth-first search over canonical positions, best child first.

Depth-first search keeps memory small: the only thing stored per position is its canonical
key (``bytes``) in one set, and the path to the current position is the stack itself, so no
parent links are needed. Children are tried in the order :meth:`Kernel.score` ranks them,
which finds wins early; the order never removes a child, so an exhausted search is a proof.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from solitaire.rules import Rules
from solitaire.solver.kernel import Child, Kernel, RawMove
from solitaire.state import Move, State

WON, LOST, UNKNOWN = "won", "lost", "unknown"

DEFAULT_BUDGET = 1_000_000
"""Positions expanded before the search answers "unknown"."""

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
    kernel = Kernel(rules, state)
    root, opening = kernel.start(state)
    result, positions, line = _dfs(kernel, root, budget, seconds, started)
    elapsed = time.perf_counter() - started
    if result != WON:
        return Solution(result, positions, elapsed)
    moves = tuple(kernel.to_move(raw) for raw in (*opening, *line))
    return Solution(WON, positions, elapsed, moves)


def _dfs(
    kernel: Kernel,
    root: tuple,  # type: ignore[type-arg]
    budget: int,
    seconds: float | None,
    started: float,
) -> tuple[str, int, list[RawMove]]:
    if root[5] == 0:
        return WON, 0, []
    visited: set[bytes] = {kernel.key(root)}
    children = kernel.children
    frames: list[list[Child]] = [children(root, visited)]
    cursor = [0]
    path: list[tuple[RawMove, ...]] = []
    expanded = 1
    deadline = None if seconds is None else started + seconds
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
            return WON, expanded, [raw for step in path for raw in step]
        if expanded >= budget:
            return UNKNOWN, expanded, []
        if deadline is not None and not expanded % _CLOCK_EVERY and time.perf_counter() > deadline:
            return UNKNOWN, expanded, []
        visited.add(key)
        expanded += 1
        frames.append(children(pos, visited))
        cursor.append(0)
        path.append(moves)
    return LOST, expanded, []
