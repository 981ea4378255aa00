"""The hard wins: a second phase of a solve, run only when every search of the first has
answered "unknown", with a budget of its own.

It starts again from the root and runs the pieces of :data:`HARD_PLAN` in turn until one
wins or the phase's budget is spent. Each piece keeps the keys of the positions it expands in
a set of its own, made when it starts and dropped when it ends (the first phase's is dropped
before the phase starts), so a solve holds one piece's set at a time; the budget counts each
piece's distinct positions, and a position that two pieces expand counts for each.

Its pieces only find wins: a line they find replays like any other, and when none wins the
answer stays "unknown". So it cannot change an answer of the first phase, which it follows
only after "unknown".

Two kinds of piece:

- a beam by stock card (:class:`solitaire.solver.stockbeam.StockBeam`) under a weighting and
  a width, as the portfolio runs them but wider and guided otherwise;
- nested rollouts (:class:`Nested`): a level-0 rollout plays a randomised greedy line to its
  end, never returning to a position of its own line; a level-n search tries a level-(n-1)
  search from each child of the position it has reached, keeps the line that took the most
  cards home so far, and follows it one move (Cazenave's nested Monte-Carlo search).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from solitaire.solver.depthfirst import late
from solitaire.solver.protocol import Child, Core, Keys, RawMove
from solitaire.solver.scoring import Weights
from solitaire.solver.stockbeam import StockBeam

WON, UNKNOWN = "won", "unknown"


@dataclass(frozen=True)
class Beam:
    """A beam by stock card: its weighting and the positions it keeps per level."""

    weights: Weights
    width: int


@dataclass(frozen=True)
class Rollouts:
    """Nested rollouts: their ``level``, the weighting that ranks a position's children,
    ``greed`` (the chance that a level-0 rollout takes the best child left, else it looks
    at the next), ``breadth`` (at most this many children, best first, tried at each step
    of a level above 0; 0 for all), the random ``seed``, and ``restarts``: the search
    starts again from the root (the random numbers going on) until it has run this many
    times, or without end when 0, while the budget lasts; ``positions``: at most this many
    positions added to the phase's (0: the rest of its budget)."""

    level: int
    weights: Weights
    greed: float = 0.5
    breadth: int = 0
    seed: int = 1
    restarts: int = 1
    positions: int = 0


Piece = Beam | Rollouts

_WASTE = Weights(waste=6, waste_blocked=6)
_WASTE_DEPTH = Weights(waste=6, waste_blocked=6, depth=3)
_STOCK = Weights(blocked=4, waste=4, stock=2)

ROLLOUT_POSITIONS = 300_000
"""The positions each rollout piece of :data:`HARD_PLAN` may add."""

HARD_PLAN: Final[tuple[Piece, ...]] = (
    Beam(_WASTE_DEPTH, 50),
    Beam(_WASTE, 200),
    Beam(_STOCK, 500),
    Beam(Weights(depth=5), 500),
    Beam(_WASTE_DEPTH, 500),
    Beam(Weights(blocked=6, empty=12, cells=6), 200),
    Beam(_WASTE, 500),
    Beam(Weights(), 500),
    Beam(_STOCK, 1000),
    Rollouts(1, _WASTE_DEPTH, breadth=4, restarts=0, positions=ROLLOUT_POSITIONS),
    Rollouts(2, _STOCK, breadth=3, restarts=0, positions=ROLLOUT_POSITIONS),
    Rollouts(1, _STOCK, breadth=4, restarts=0, positions=ROLLOUT_POSITIONS),
    Rollouts(1, _STOCK, breadth=4, seed=2, restarts=0, positions=ROLLOUT_POSITIONS),
    Rollouts(1, _WASTE_DEPTH, breadth=4, seed=2, restarts=0, positions=ROLLOUT_POSITIONS),
)
"""The pieces of the second phase, in the order they run: the beams first, cheapest first
(each ends when the stock is out, on average in 15,000 to 240,000 positions), then the
rollouts, each stopped at :data:`ROLLOUT_POSITIONS`. Chosen by running each piece alone on
the Streets deals of 1-1000 that the first phase leaves unknown (docs/solver.md, How it
searches)."""

HARD_BUDGET = 3_000_000
"""The hard-wins budget that the published Streets survey uses: enough for every piece of
:data:`HARD_PLAN` to run to its end."""


def hard(
    kernel: Core, root: Any, budget: int, deadline: float | None, plan: tuple[Piece, ...] = ()
) -> tuple[str, list[RawMove], int, int, str]:
    """Run the pieces of ``plan`` (:data:`HARD_PLAN` when empty) from ``root`` in turn until
    one wins, ``budget`` distinct positions have been expanded between them, or the deadline
    passes: ("won" and its line, or "unknown"; the distinct positions; the expansions,
    repeats included; the name of the piece that won, :func:`name`, or "")."""
    if budget < 0:
        raise ValueError(f"the hard-wins budget is a count of positions, not {budget}")
    spent = work = 0
    for piece in plan or HARD_PLAN:
        if spent >= budget or late(deadline):
            break
        keys = kernel.keyset()  # each piece's own, dropped before the next piece's
        result, line, used = run_piece(kernel, root, piece, keys, budget - spent, deadline)
        spent += len(keys)
        work += used
        del keys
        if result == WON:
            return WON, line, spent, work, name(piece)
    return UNKNOWN, [], spent, work, ""


def name(piece: Piece) -> str:
    """A piece as a survey row names it: "beam" or "rollouts", then its settings; weights
    as they differ from :class:`Weights`'s defaults."""
    weights = ",".join(
        f"{field}={getattr(piece.weights, field)}"
        for field in Weights.__dataclass_fields__
        if getattr(piece.weights, field) != getattr(Weights(), field)
    )
    if isinstance(piece, Beam):
        return f"beam width={piece.width} weights=({weights})"
    return (
        f"rollouts level={piece.level} greed={piece.greed} breadth={piece.breadth}"
        f" seed={piece.seed} restarts={piece.restarts} positions={piece.positions}"
        f" weights=({weights})"
    )


def run_piece(
    kernel: Core, root: Any, piece: Piece, keys: Keys, budget: int, deadline: float | None
) -> tuple[str, list[RawMove], int]:
    """One piece from ``root``, adding the keys it expands to ``keys``, until it ends or
    ``keys`` holds ``budget``: ("won" and its line, or "unknown"; its expansions)."""
    if isinstance(piece, Beam):
        beam = StockBeam(kernel, kernel.scorer(piece.weights), root, keys, width=piece.width)
        result, line = beam.run(budget - len(keys), deadline)
        return result, line, beam.expanded
    if piece.positions:
        budget = min(budget, len(keys) + piece.positions)
    search = Nested(kernel, piece, keys, budget, deadline)
    return *search.run(root), search.expanded


class Nested:
    """Nested rollouts from one root (see the module's docstring), counting every position
    a rollout reaches into ``keys`` until it holds ``budget``."""

    def __init__(
        self, kernel: Core, piece: Rollouts, keys: Keys, budget: int, deadline: float | None
    ) -> None:
        settings = (piece.breadth, piece.restarts, piece.positions)
        if piece.level < 0 or not 0 < piece.greed <= 1 or min(settings) < 0:
            raise ValueError(f"not a nested rollout: {piece}")
        self.kernel = kernel
        self.piece = piece
        self.scorer = kernel.scorer(piece.weights)
        self.keys = keys
        self.budget = budget
        self.deadline = deadline
        self.rng = random.Random(piece.seed)
        self.expanded = 0

    def run(self, root: Any) -> tuple[str, list[RawMove]]:
        """"won" and a winning line from ``root``, or "unknown"."""
        own = {self.kernel.key(root)}
        self.keys.add(self.kernel.key(root))
        runs = 0
        while not self._spent() and (runs < self.piece.restarts or not self.piece.restarts):
            runs += 1
            left, line = self._search(root, self.piece.level, own)
            if left == 0 and line:
                return WON, [raw for child in line for raw in child[3]]
        return UNKNOWN, []

    def _spent(self) -> bool:
        return len(self.keys) >= self.budget or late(self.deadline)

    def _children(self, pos: Any, own: set[bytes]) -> list[Child]:
        kids = self.kernel.children(pos, own, self.scorer)
        self.expanded += 1
        return kids

    def _search(self, pos: Any, level: int, own: set[bytes]) -> tuple[int, list[Child]]:
        """The best line found from ``pos`` at ``level``: (cards left, the children it
        passes through); fewer cards left is better, 0 is a win."""
        if level == 0:
            return self._rollout(pos, own)
        kernel = self.kernel
        best_left, best = kernel.left(pos), []
        played: list[Child] = []
        own = set(own)
        while not self._spent():
            left = kernel.left(pos)
            if left == 0:
                return 0, played
            kids = self._children(pos, own)
            if self.piece.breadth:
                kids = kids[: self.piece.breadth]
            for kid in kids:
                self.keys.add(kid[1])
                found, tail = self._search(kid[2], level - 1, own | {kid[1]})
                if found < best_left:
                    best_left, best = found, [*played, kid, *tail]
                if found == 0 or self._spent():
                    return best_left, best
            if len(best) <= len(played):
                break
            step = best[len(played)]
            played.append(step)
            own.add(step[1])
            self.keys.add(step[1])
            pos = step[2]
        return best_left, best

    def _rollout(self, pos: Any, own: set[bytes]) -> tuple[int, list[Child]]:
        """A randomised greedy line from ``pos`` to a win or a position with no child off
        the line: (cards left at its end, the children it passes through)."""
        kernel, keys, rng, greed = self.kernel, self.keys, self.rng, self.piece.greed
        own = set(own)
        line: list[Child] = []
        while kernel.left(pos) and len(keys) < self.budget:
            kids = self._children(pos, own)
            if not kids:
                break
            at = 0
            while at < len(kids) - 1 and rng.random() >= greed:
                at += 1
            kid = kids[at]
            own.add(kid[1])
            keys.add(kid[1])
            line.append(kid)
            pos = kid[2]
        return kernel.left(pos), line
