"""Depth-first search, and the short randomised depth-first probes restarted on Luby's
schedule.

Depth-first search keeps memory small: the only thing stored per position is its
canonical key (``bytes``) in a set, and the path to the current position is the stack
itself. Children are tried in the order :meth:`Scorer.score` ranks them; the order never
removes a child, so an exhausted depth-first search, or probe, is a proof.

A depth-first search that takes a bad turn near the root spends the rest of its budget
under that turn. The probes guard against that: depth-first searches from the root, each
ranking children by score plus random noise and each cut off after a few thousand
positions, restarted with a fresh seed on Luby's schedule (:func:`luby`). The seeds are
fixed, so an answer is the same every run.

Both call the kernel's own depth-first search (``Core.dfs``): the C core's
(``core/dfs.c``) or the Python kernel's, :func:`expand`, of which the C one is a translation.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any, Final

from solitaire.solver.protocol import Child, Core, Keys, RawMove, Score, Steps
from solitaire.solver.verdict import Verdict

WON, LOST, UNKNOWN = Verdict.WON, Verdict.LOST, Verdict.UNKNOWN

PROBE_UNIT = 1000
"""Probe ``i`` (from 1) stops after ``PROBE_UNIT * luby(i)`` positions: 1000, 1000, 2000,
1000, 1000, 2000, 4000, ..."""

PROBE_NOISE = 48
"""A probe ranks children by score plus a random number from 0 to this: with the weights
of :data:`solitaire.solver.search.PROBE_WEIGHTS`, about as much as six cards home."""

_CLOCK_EVERY: Final = 1024
_NO_LIMIT: Final = sys.maxsize


def luby(index: int) -> int:
    """Term ``index`` (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4,
    8, ...: restarting a randomised search after ``unit * luby(i)`` steps is within a
    logarithmic factor of the best fixed cut-off, whatever the distribution of its run time
    (Luby, Sinclair and Zuckerman, 1993).

    >>> [luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    if index < 1:
        raise ValueError(f"Luby's sequence starts at 1, not {index}")
    while True:
        size = 1  # the smallest 2**k - 1 at least index
        while size < index:
            size = 2 * size + 1
        if index == size:
            return (size + 1) // 2
        index -= size // 2  # the sequence repeats its first half before each new term


def late(deadline: float | None) -> bool:
    """True once ``deadline`` (a ``time.perf_counter()`` reading, or None for none) has passed."""
    return deadline is not None and time.perf_counter() > deadline


def probe(
    kernel: Core,
    scorer: Score,
    root: Any,
    budget: int,
    spend: int,
    deadline: float | None,
    shared: Keys,
) -> tuple[str, list[RawMove], int]:
    """Randomised depth-first probes until one wins or exhausts the position, they have
    expanded ``spend`` positions between them, ``shared`` holds ``budget`` keys, or the
    deadline passes: (result, line, expansions)."""
    used = 0
    index = 1
    while used < spend and len(shared) < budget and not late(deadline):
        limit = min(PROBE_UNIT * luby(index), spend - used)
        order = random.Random(index)
        result, _fresh, line, seen = dfs(
            kernel, scorer, root, budget - len(shared), deadline, shared, order, limit
        )
        used += len(seen)
        if result != UNKNOWN:
            return result, line, used
        index += 1
    return UNKNOWN, [], used


def dfs(
    kernel: Core,
    scorer: Score,
    root: Any,
    budget: int,
    deadline: float | None,
    shared: Keys | None = None,
    order: random.Random | None = None,
    limit: int = _NO_LIMIT,
) -> tuple[str, int, list[RawMove], Keys]:
    """Depth-first search until it has expanded ``budget`` positions that were not in
    ``shared`` (the keys that earlier searches of the same root expanded; it adds its
    own), or ``limit`` positions in all: (result, those new positions, line, visited).

    With ``order`` (a probe) children are ranked by score plus up to :data:`PROBE_NOISE`
    drawn from it; without, by score."""
    if shared is None:
        shared = kernel.keyset()
    draw = None if order is None else order.random
    return kernel.dfs(root, scorer, budget, deadline, shared, draw, PROBE_NOISE, limit)


def expand(
    kernel: Core,
    root: Any,
    scorer: Score,
    budget: int,
    deadline: float | None,
    shared: Keys,
    draw: Callable[[], float] | None,
    noise: float,
    limit: int,
) -> tuple[str, int, list[RawMove], Keys]:
    """The Python kernel's depth-first search (``Kernel.dfs``): :func:`dfs`'s answer, with
    children ranked by score plus ``noise`` times a number from ``draw`` when it is given."""
    root_key = kernel.key(root)
    visited = kernel.keyset()
    visited.add(root_key)
    frames: list[list[Child]] = [_ranked(kernel, scorer, root, visited, draw, noise)]
    cursor = [0]
    path: list[Steps] = []
    expanded = 0
    if root_key not in shared:
        shared.add(root_key)
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
        if kernel.left(pos) == 0:
            path.append(moves)
            return WON, expanded, [raw for step in path for raw in step], visited
        if not len(visited) % _CLOCK_EVERY and late(deadline):
            return UNKNOWN, expanded, [], visited
        if len(visited) >= limit:
            return UNKNOWN, expanded, [], visited
        if key not in shared:  # only a position no search has expanded costs budget
            if expanded >= budget:
                return UNKNOWN, expanded, [], visited
            shared.add(key)
            expanded += 1
        visited.add(key)
        frames.append(_ranked(kernel, scorer, pos, visited, draw, noise))
        cursor.append(0)
        path.append(moves)
    return LOST, expanded, [], visited


def _ranked(
    kernel: Core,
    scorer: Score,
    pos: Any,
    visited: Keys,
    draw: Callable[[], float] | None,
    noise: float,
) -> list[Child]:
    """The children of ``pos`` not yet visited, best first: by score, plus ``noise`` times a
    number from ``draw`` when it is given."""
    if draw is None:
        return kernel.children(pos, visited, scorer)
    children = kernel.children(pos, visited, scorer, False)
    noisy = [(child[0] + draw() * noise, at) for at, child in enumerate(children)]
    noisy.sort(reverse=True)
    return [children[at] for _noise, at in noisy]
