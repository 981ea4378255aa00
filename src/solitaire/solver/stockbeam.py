"""Beam search by stock card, for games that turn a one-pass stock onto a waste.

In such a game every card of the stock passes through the waste in a fixed order, and a
line that wins must find a home, at each turn, for what the waste holds. Best-first search
sees one position at a time and wanders among the many ways to arrange the piles between
two turns. This search instead moves level by level: a level is a set of positions with the
same number of cards left in the stock. From each position of a level it looks ahead,
best first and through at most :data:`LOCAL` positions, by the moves that do not deal; every
position reached is then dealt from, and the :data:`WIDTH` best of the results, by
:meth:`Scorer.score`, make the next level. When the stock is out, a short best-first search
from each of the :data:`FINISH` best positions looks for the end of the game.

It never proves a loss: it keeps only a few positions per level. Its wins are lines that
the engine replays like any other.
"""

from __future__ import annotations

import heapq
import time
from typing import Any

from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.protocol import Core, Keys, RawMove, Score, Steps
from solitaire.solver.tables import DEAL

WIDTH = 20
"""Positions kept per level."""

LOCAL = 50
"""Positions each kept position looks ahead through before the next card is dealt."""

FINISH = 3
"""Positions, once the stock is out, from which a best-first search looks for the end."""

FINISH_BUDGET = 5_000
"""Positions that each of those best-first searches may expand."""

Entry = tuple[Any, Steps]


class StockBeam:
    """One beam search from ``root``, ranked by ``scorer``, keeping ``width`` positions a
    level and looking ahead through ``local`` from each; :meth:`run` spends up to
    ``budget`` expansions, and adds the keys of the positions it expands to ``shared`` (see
    :class:`BestFirst`)."""

    def __init__(
        self,
        kernel: Core,
        scorer: Score,
        root: Any,
        shared: Keys | None = None,
        *,
        width: int = WIDTH,
        local: int = LOCAL,
    ) -> None:
        if width < 1 or local < 1:
            raise ValueError(
                f"a beam keeps and looks ahead through at least 1, not {width}, {local}"
            )
        self.kernel = kernel
        self.scorer = scorer
        self.root = root
        self.shared = kernel.keyset() if shared is None else shared
        self.width = width
        self.local = local
        self.expanded = 0

    def run(self, budget: int, deadline: float | None) -> tuple[str, list[RawMove]]:
        """Search until a win ("won" and its line) or "unknown"; it never answers "lost".

        The levels run on the kernel (``Core.beam``: the C core's, or the Python kernel's
        :func:`expand`, of which the C one is a translation), and the finish here.
        """
        result, line, self.expanded, last = self.kernel.beam(
            self.root, self.scorer, self.shared, budget, deadline, self.width, self.local
        )
        if result != "level":
            return result, line
        level: list[Entry] = [(pos, tuple(moves)) for pos, moves in last]
        won = self._finish(level, budget, deadline)
        return ("unknown", []) if won is None else ("won", won)

    def _finish(
        self, level: list[Entry], budget: int, deadline: float | None
    ) -> list[RawMove] | None:
        """A winning line from one of the best positions of the last level, or None."""
        for pos, line in level[:FINISH]:
            search = BestFirst(self.kernel, self.scorer, pos, shared=self.shared)
            result, tail = search.run(min(FINISH_BUDGET, budget - self.expanded), deadline)
            self.expanded += search.expanded
            if result == "won":
                return [*line, *tail]
            if self.expanded >= budget:
                break
        return None


def expand(
    kernel: Core,
    root: Any,
    scorer: Score,
    shared: Keys,
    budget: int,
    deadline: float | None,
    width: int,
    local: int,
) -> tuple[str, list[RawMove], int, list[tuple[Any, list[RawMove]]]]:
    """The Python kernel's levels of the beam (``Kernel.beam``): until a win ("won" and its
    line), "unknown", or the stock's last level ("level" and its positions, best first, each
    with its line); and the positions expanded."""
    levels = _Levels(kernel, scorer, shared, budget, local)
    level: list[Entry] = [(root, ())]
    while kernel.stock(level[0][0]):
        seen = kernel.keyset()
        dealt: dict[bytes, Entry] = {}
        for pos, line in level:
            for reached, moves in levels.look_ahead(pos, seen):
                if kernel.left(reached) == 0:
                    return "won", [*line, *moves], levels.expanded, []
                child, deal = kernel.close(kernel.play(reached, DEAL), (DEAL,))
                if kernel.dead(child) or kernel.waste_lost(child):
                    continue
                key = kernel.key(child)
                if key not in dealt:
                    dealt[key] = (child, (*line, *moves, *deal))
            if levels.expanded >= budget or _late(deadline):
                return "unknown", [], levels.expanded, []
        if not dealt:
            return "unknown", [], levels.expanded, []
        level = heapq.nlargest(width, dealt.values(), key=lambda entry: scorer.score(entry[0]))
    return "level", [], levels.expanded, [(pos, list(line)) for pos, line in level]


class _Levels:
    """What the levels of one beam share: the positions expanded, counted against the
    budget and added to ``shared``."""

    def __init__(self, kernel: Core, scorer: Score, shared: Keys, budget: int, local: int):
        self.kernel = kernel
        self.scorer = scorer
        self.shared = shared
        self.budget = budget
        self.local = local
        self.expanded = 0

    def look_ahead(self, start: Any, seen: Keys) -> list[Entry]:
        """Up to ``local`` positions reachable from ``start`` without dealing, best first,
        each with the moves that reach it; positions in ``seen`` are skipped and added."""
        kernel = self.kernel
        out: list[Entry] = []
        tie = 0
        heap: list[tuple[int, int, bytes, Any, Steps]] = [(0, 0, kernel.key(start), start, ())]
        while heap and len(out) < self.local and self.expanded < self.budget:
            _score, _tie, key, pos, moves = heapq.heappop(heap)
            if key in seen:
                continue
            seen.add(key)
            self.shared.add(key)
            self.expanded += 1
            out.append((pos, moves))
            if kernel.left(pos) == 0:
                break
            for score, child_key, child, steps in kernel.children(
                pos, seen, self.scorer, False, False
            ):
                tie += 1
                heapq.heappush(heap, (-score, tie, child_key, child, (*moves, *steps)))
        return out


def _late(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline
