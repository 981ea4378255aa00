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
    ``budget`` expansions.

    ``shared`` holds the keys of the positions that any search of the same root has
    expanded, so that the solver can count distinct positions; this search adds its own.
    ``visited`` holds the keys this search expanded; on the C core, when ``shared`` starts
    empty, it is ``shared`` itself (which holds just those keys until another search adds
    to it).
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
        self.visited = kernel.keyset()
        self.shared = kernel.keyset() if shared is None else shared
        self.expanded = 0
        self.complete = True
        # parent links, one per expanded position: index of the parent and the moves to it
        self._parent: list[int] = [-1]
        self._moves: list[Steps] = [()]
        # The open list is a heap of plain ints, which compare fast: minus the score times
        # 2**40, minus the entry's slot in ``_entries``. The later of two equal scores, the
        # deeper position, comes first; ``-order & _SLOT_MASK`` gives the slot back.
        self._entries: list[Entry | None] = [(kernel.key(root), root, -1, ())]
        self._open: list[int] = [0]

    def run(self, budget: int, deadline: float | None) -> tuple[str, list[RawMove]]:
        """Search until a win ("won" and its line), a proof ("lost"), or "unknown".

        On a kernel that searches natively the whole search runs there, once per instance.
        """
        kernel = self.kernel
        if kernel.native:
            if self.expanded:
                raise RuntimeError("a native best-first search runs once")
            result, line, self.expanded, self.visited, self.complete = kernel.best_first(
                self.root, self.scorer, self.cap, self.shared, budget, deadline
            )
            return result, line
        scorer = self.scorer
        visited = self.visited
        shared = self.shared
        heap = self._open
        parent = self._parent
        moves_to = self._moves
        entries = self._entries
        while heap:
            if self.expanded >= budget:
                return "unknown", []
            if (
                deadline is not None
                and not self.expanded % _CLOCK_EVERY
                and time.perf_counter() > deadline
            ):
                return "unknown", []
            slot = -heapq.heappop(heap) & _SLOT_MASK
            entry = entries[slot]
            entries[slot] = None
            assert entry is not None
            key, pos, up, moves = entry
            if key in visited:
                continue
            visited.add(key)
            self.expanded += 1
            shared.add(key)
            parent.append(up)
            moves_to.append(moves)
            here = len(parent) - 1
            if kernel.left(pos) == 0:
                return "won", self._line(here)
            for score, child_key, child, child_moves in kernel.children(
                pos, visited, scorer, False
            ):
                heapq.heappush(heap, -(score << _SLOT_BITS) - len(entries))
                entries.append((child_key, child, here, child_moves))
            if len(heap) > self.cap:
                self.complete = False
                heap.sort()  # a sorted list is a heap
                for order in heap[self.cap // 2 :]:
                    entries[-order & _SLOT_MASK] = None
                del heap[self.cap // 2 :]
        return ("lost" if self.complete else "unknown"), []

    def _line(self, index: int) -> list[RawMove]:
        steps: list[Steps] = []
        while index > 0:
            steps.append(self._moves[index])
            index = self._parent[index]
        return [raw for step in reversed(steps) for raw in step]
