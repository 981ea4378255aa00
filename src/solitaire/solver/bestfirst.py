"""Greedy best-first search: always expand the most promising position seen so far.

It finds wins far sooner than depth-first search, which never revisits its first choices,
but its open list grows with every position expanded. To keep memory bounded the open list
is cut back to its best half when it passes ``cap`` entries; from then on the search is no
longer exhaustive and can only answer "won" or give up. While nothing has been cut, an
empty open list is a proof that the position is lost, as with depth-first search.
"""

from __future__ import annotations

import heapq
import time
from typing import Any, Final

from solitaire.solver.protocol import Core, Keys, RawMove, Score, Steps

OPEN_CAP: Final = 300_000
"""Open-list entries kept at most (then the worst half goes)."""

_CLOCK_EVERY: Final = 1024
_SLOT_BITS: Final = 40
_SLOT_MASK: Final = (1 << _SLOT_BITS) - 1

Entry = tuple[bytes, Any, int, Steps]
"""An open position: its key, the position, the index of its parent and the moves to it."""


class BestFirst:
    """One best-first search from ``root``, ranked by ``scorer``; :meth:`run` spends up to
    ``budget`` expansions, once, on the kernel's own best-first search (``Core.best_first``:
    the C core's, or the Python kernel's :func:`expand`, of which the C one is a translation).

    ``shared`` holds the keys of the positions that any search of the same root has
    expanded, so that the solver can count distinct positions; this search adds its own.
    ``visited`` holds the keys this search expanded.
    """

    def __init__(
        self,
        kernel: Core,
        scorer: Score,
        root: Any,
        cap: int = OPEN_CAP,
        shared: Keys | None = None,
    ) -> None:
        self.kernel = kernel
        self.scorer = scorer
        self.root = root
        self.cap = cap
        self.visited: Keys = kernel.keyset()
        self.shared = kernel.keyset() if shared is None else shared
        self.expanded = 0
        self.complete = True
        self._ran = False

    def run(self, budget: int, deadline: float | None) -> tuple[str, list[RawMove]]:
        """Search until a win ("won" and its line), a proof ("lost"), or "unknown"."""
        if self._ran:
            raise RuntimeError("a best-first search runs once")
        self._ran = True
        result, line, self.expanded, self.visited, self.complete = self.kernel.best_first(
            self.root, self.scorer, self.cap, self.shared, budget, deadline
        )
        return result, line


def expand(
    kernel: Core,
    root: Any,
    scorer: Score,
    cap: int,
    shared: Keys,
    budget: int,
    deadline: float | None,
) -> tuple[str, list[RawMove], int, Keys, bool]:
    """The Python kernel's best-first search (``Kernel.best_first``): the result, the
    winning line, the positions expanded, the keys it expanded, and whether its open list
    was never cut (only then is "lost" a proof)."""
    visited = kernel.keyset()
    expanded = 0
    complete = True
    # parent links, one per expanded position: index of the parent and the moves to it
    parent: list[int] = [-1]
    moves_to: list[Steps] = [()]
    # The open list is a heap of plain ints, which compare fast: minus the score times
    # 2**40, minus the entry's slot in ``entries``. The later of two equal scores, the
    # deeper position, comes first; ``-order & _SLOT_MASK`` gives the slot back.
    entries: list[Entry | None] = [(kernel.key(root), root, -1, ())]
    heap: list[int] = [0]
    while heap:
        if expanded >= budget:
            return "unknown", [], expanded, visited, complete
        if deadline is not None and not expanded % _CLOCK_EVERY and time.perf_counter() > deadline:
            return "unknown", [], expanded, visited, complete
        slot = -heapq.heappop(heap) & _SLOT_MASK
        entry = entries[slot]
        entries[slot] = None
        assert entry is not None
        key, pos, up, moves = entry
        if key in visited:
            continue
        visited.add(key)
        expanded += 1
        shared.add(key)
        parent.append(up)
        moves_to.append(moves)
        here = len(parent) - 1
        if kernel.left(pos) == 0:
            return "won", _line(parent, moves_to, here), expanded, visited, complete
        for score, child_key, child, child_moves in kernel.children(pos, visited, scorer, False):
            heapq.heappush(heap, -(score << _SLOT_BITS) - len(entries))
            entries.append((child_key, child, here, child_moves))
        if len(heap) > cap:
            complete = False
            heap.sort()  # a sorted list is a heap
            for order in heap[cap // 2 :]:
                entries[-order & _SLOT_MASK] = None
            del heap[cap // 2 :]
    return ("lost" if complete else "unknown"), [], expanded, visited, complete


def _line(parent: list[int], moves_to: list[Steps], index: int) -> list[RawMove]:
    steps: list[Steps] = []
    while index > 0:
        steps.append(moves_to[index])
        index = parent[index]
    return [raw for step in reversed(steps) for raw in step]
