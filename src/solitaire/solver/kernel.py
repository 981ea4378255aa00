"""The solver's hot path for one game and one stock: positions, the canonical key, play,
the safe foundation moves, and children in a promising order.

The pieces that vary are apart: the rules' tables (:mod:`solitaire.solver.tables`), the
per-foundations and per-pile facts (:mod:`solitaire.solver.lookup`), move generation
(:mod:`solitaire.solver.moves`) and the scoring (:mod:`solitaire.solver.scoring`), which a
search passes in. One kernel serves every search of a solve.

Nothing here asks which game it is: every table comes from the rules. The engine stays the
only judge of a move: a solution is replayed through it before it is handed out, and
``tests/test_solver_pinned.py`` pins the kernel's moves and play to the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Final

from solitaire.engine.rules import Rules
from solitaire.engine.state import CELL, FOUNDATION, TABLEAU, WASTE, Move, Pile, State
from solitaire.solver import bestfirst, depthfirst, shorten, stockbeam
from solitaire.solver.dead import dead
from solitaire.solver.immovable import immovable
from solitaire.solver.lookup import Lookup
from solitaire.solver.moves import generate
from solitaire.solver.protocol import Keys
from solitaire.solver.scoring import Scorer, Weights
from solitaire.solver.stranded import Memo, stranded
from solitaire.solver.tables import (
    CELL0,
    DEAL,
    EMPTY,
    FOUND0,
    WASTE_SRC,
    Child,
    Position,
    RawMove,
    Tables,
    tables,
)
from solitaire.solver.wastegame import KeptLost

__all__ = [
    "CELL0",
    "DEAL",
    "EMPTY",
    "FOUND0",
    "WASTE_SRC",
    "Child",
    "Kernel",
    "Position",
    "RawMove",
    "Scorer",
    "Tables",
    "Weights",
    "position_of",
    "tables",
]

_first = itemgetter(0)


class Kernel:
    """Move generation, play, safe foundation moves and canonical keys for one game and
    one stock.

    Build it from the rules and the starting position; then :meth:`start` gives the
    solver's position, :meth:`children` its successors in the order a :class:`Scorer`
    ranks them, and :meth:`key` the canonical key that identifies positions that play the
    same. :meth:`scorer` makes a scorer that shares this kernel's caches.
    """

    def __init__(self, rules: Rules, state: State) -> None:
        self.rules = rules
        t = tables(rules)
        self.t = t
        self.immovable_on = False
        self.strand_limit = 0
        self.strand = Memo()
        self.lookup = Lookup(t)
        self.piles = t.piles
        self.ncells = t.ncells
        self.stock_cards = bytes(state.stock)
        self.homepos = t.homepos
        self.refills = t.refills
        self.ordered_while_stock = t.ordered_while_stock
        self.deal_to_piles = t.deal_to_piles
        self.bare_key = t.bare_key
        self.stock_marks = t.stock_marks[: len(state.stock) + 1]
        self.returns = t.returns
        self.below = t.below
        self.card_bytes = t.card_bytes
        self.kept = KeptLost(t, self.stock_cards)

    def scorer(self, weights: Weights) -> Scorer:
        """A scorer by ``weights`` that shares this kernel's caches."""
        return Scorer(weights, self.lookup)

    # ----------------------------------------------------------------- conversion

    def start(self, state: State) -> tuple[Position, tuple[RawMove, ...]]:
        """The solver's position for ``state`` after its safe moves, and those moves."""
        return self.close(self.position(state), ())

    def position(self, state: State) -> Position:
        """The solver's position for ``state``, as it is."""
        return position_of(self.rules, state)

    @staticmethod
    def keyset() -> set[bytes]:
        """An empty set of keys."""
        return set()

    @staticmethod
    def to_move(raw: RawMove) -> Move:
        """The engine's move for a raw solver move (made once for each raw move)."""
        move = _MOVES.get(raw)
        if move is None:
            src, dst, count = raw
            move = Move.deal() if src < 0 else Move(_pile(src), _pile(dst), count)
            _MOVES[raw] = move
        return move

    @staticmethod
    def left(pos: Position) -> int:
        """How many cards are not home in ``pos`` (0: won)."""
        return pos[5]

    @staticmethod
    def stock(pos: Position) -> int:
        """How many cards the stock holds in ``pos``."""
        return pos[3]

    @staticmethod
    def waiting(pos: Position) -> int:
        """How many cards the stock and the waste hold in ``pos``."""
        return pos[3] + len(pos[4])

    @staticmethod
    def tops(pos: Position) -> tuple[int, ...]:
        """Each foundation's top card in ``pos``, -1 while it is empty."""
        return pos[1]

    def dead(self, pos: Position) -> bool:
        """True when :func:`solitaire.solver.dead.dead` proves ``pos`` lost (never in a
        game without ``runs_only``)."""
        return self.t.runs_only and dead(self.t, pos, self.stock_cards)

    def waste_game(self, pos: Position, budget: int, deadline: float | None) -> tuple[str, int]:
        """:func:`solitaire.solver.wastegame.waste_game` from ``pos``: "lost" proves it
        lost (only in a game with ``runs_only``)."""
        if not self.t.runs_only:
            raise ValueError("the waste game holds only where piles are runs")
        return self.kept.waste_game(pos, budget, deadline)

    def waste_lost(self, pos: Position) -> bool:
        """True when the waste game proves ``pos`` lost (:meth:`KeptLost.lost
        <solitaire.solver.wastegame.KeptLost.lost>`)."""
        return self.kept.lost(pos)

    def immovable(self, pos: Position) -> bool:
        """True when :func:`solitaire.solver.immovable.immovable` proves ``pos`` lost
        (never in a game without ``immovable_test``)."""
        return self.t.immovable_test and immovable(self.t, pos[0])

    def stranded(self, pos: Position, limit: int) -> bool:
        """True when :func:`solitaire.solver.stranded.stranded` proves ``pos`` lost within
        ``limit`` states of its relaxed game (never in a game without ``immovable_test``)."""
        return self.t.immovable_test and stranded(self.t, pos[0], limit)

    def prune_immovable(self, on: bool) -> None:
        """Whether :meth:`children` leaves out the children that :meth:`immovable` proves
        lost (off until switched on; only the depth-first search of ``solve`` switches it
        on, so that the searches before it expand what they expanded without rule 9)."""
        self.immovable_on = on and self.t.immovable_test

    def stranded_kept(self, pos: Position) -> bool:
        """Rule 10 as :meth:`children` asks it of a child while :meth:`prune_stranded` has
        set a limit: with that limit and the kept answers (False while there is none)."""
        return self.strand_limit > 0 and self.strand.stranded(self.t, pos[0], self.strand_limit)

    def prune_stranded(self, limit: int) -> None:
        """While :meth:`prune_immovable` is on, :meth:`children` leaves out as well the
        children that rule 10 proves lost within ``limit`` states of their relaxed games not
        settled yet (0, as it starts: not), with the answers kept in one
        :class:`~solitaire.solver.stranded.Memo` for the kernel's life."""
        if limit < 0:
            raise ValueError(f"a limit of states, not {limit}")
        self.strand_limit = limit if self.t.immovable_test else 0

    def safe(self, pos: Position) -> frozenset[int]:
        """The cards that may go home from ``pos`` with no loss (see :mod:`lookup`)."""
        return self.lookup.found_info(pos[1])[1]

    # ----------------------------------------------------------------- moves

    def key(self, pos: Position) -> bytes:
        """The canonical key: positions with equal keys play the same.

        Tableau piles are interchangeable unless the stock still deals or refills by pile
        index; free cells are interchangeable; foundations are left out, because the cards
        not in play determine every foundation up to swapping two of the same suit.
        """
        tab, _found, cells, stock, waste, _left = pos
        parts = list(tab) if stock and self.ordered_while_stock else sorted(tab)
        if not self.bare_key:
            if self.ncells > 1:
                cells = bytes(sorted(cells))
            # 254 (in no pile) marks where the piles end; the cells have a fixed length
            parts.append(self.stock_marks[stock] + cells + waste)
        return b"\xff".join(parts)

    def moves(self, pos: Position) -> list[RawMove]:
        """Every move worth trying, each kind of duplicate left out (see :meth:`key`)."""
        return generate(self.lookup, pos)

    def play(self, pos: Position, raw: RawMove) -> Position:
        """Play a raw move known to be legal, refills included (safe moves are not)."""
        tab, found, cells, stock, waste, left = pos
        src, dst, count = raw
        if src < 0:
            if self.deal_to_piles:
                cards = self.stock_cards
                dealt = min(stock, self.piles)
                piles = list(tab)
                for i in range(dealt):
                    piles[i] = piles[i] + cards[stock - 1 - i : stock - i]
                return (tuple(piles), found, cells, stock - dealt, waste, left)
            card = self.stock_cards[stock - 1 : stock]
            return (tab, found, cells, stock - 1, waste + card, left)
        if src < CELL0:
            pile = tab[src]
            moving = pile[-count:]
            piles = list(tab)
            piles[src] = pile[:-count]
        elif src == WASTE_SRC:
            moving = waste[-1:]
            waste = waste[:-1]
            piles = list(tab)
        elif src < FOUND0:
            moving = cells[src - CELL0 : src - CELL0 + 1]
            cells = cells[: src - CELL0] + b"\xff" + cells[src - CELL0 + 1 :]
            piles = list(tab)
        else:
            index = src - FOUND0
            top = found[index]
            moving = self.card_bytes[top]
            tops = list(found)
            tops[index] = self.below[top]
            found = tuple(tops)
            left += 1
            piles = list(tab)
        if dst < CELL0:
            piles[dst] = piles[dst] + moving
        elif dst < FOUND0:
            cells = cells[: dst - CELL0] + moving + cells[dst - CELL0 + 1 :]
        else:
            tops = list(found)
            tops[dst - FOUND0] = moving[0]
            found = tuple(tops)
            left -= 1
        if stock and self.refills:
            cards = self.stock_cards
            for i in range(self.piles):
                if not piles[i] and stock:
                    piles[i] = cards[stock - 1 : stock]
                    stock -= 1
        return (tuple(piles), found, cells, stock, waste, left)

    def close(
        self, pos: Position, moves: tuple[RawMove, ...]
    ) -> tuple[Position, tuple[RawMove, ...]]:
        """Play every safe foundation move, one after another; return the position and the
        moves appended to ``moves``.
        """
        refill_guard = self.refills
        while True:
            tab, found, cells, stock, waste, _left = pos
            wants, safe = self.lookup.found_info(found)
            if not safe:
                return pos, moves
            raw: RawMove | None = None
            for i, pile in enumerate(tab):
                if pile and pile[-1] in safe:
                    # a refill would change what the stock deals where: not provably safe
                    if refill_guard and stock and len(pile) == 1:
                        continue
                    raw = (i, FOUND0 + wants[pile[-1]], 1)
                    break
            if raw is None:
                for j, card in enumerate(cells):
                    if card in safe:
                        raw = (CELL0 + j, FOUND0 + wants[card], 1)
                        break
            if raw is None and waste and waste[-1] in safe:
                raw = (WASTE_SRC, FOUND0 + wants[waste[-1]], 1)
            if raw is None:
                return pos, moves
            pos = self.play(pos, raw)
            moves = (*moves, raw)

    def step(
        self, pos: Position, raw: RawMove, safe: frozenset[int]
    ) -> tuple[Position, tuple[RawMove, ...]]:
        """Play ``raw`` on ``pos`` (a closed position whose safe cards are ``safe``) and
        then its safe moves: the child and the moves from ``pos`` to it.

        The same as :meth:`close` after :meth:`play`, but cheaper: when the move leaves the
        foundations and the stock as they were, the only card that can have become safe to
        send home is the one it uncovers, so :meth:`close` runs only if that card is safe.
        A refill changes more than one pile, so with refills the check is skipped.
        """
        child = self.play(pos, raw)
        src, dst, count = raw
        if src < 0 or src >= FOUND0 or dst >= FOUND0 or (pos[3] and self.refills):
            return self.close(child, (raw,))
        if src < CELL0:
            pile = pos[0][src]
            uncovered = pile[-count - 1] if len(pile) > count else -1
        elif src == WASTE_SRC:
            waste = pos[4]
            uncovered = waste[-2] if len(waste) > 1 else -1
        else:
            uncovered = -1  # a free cell uncovers nothing
        if uncovered >= 0 and uncovered in safe:
            return self.close(child, (raw,))
        return child, (raw,)

    def children(
        self,
        pos: Position,
        visited: set[bytes] | dict[bytes, int],
        scorer: Scorer,
        ordered: bool = True,
        deals: bool = True,
    ) -> list[Child]:
        """The successors not yet visited and not :meth:`dead`: (score, key, position,
        moves), best first by ``scorer`` unless ``ordered`` is false (then in the order of
        :meth:`moves`); without the stock's move unless ``deals``."""
        out: list[Child] = []
        safe = self.lookup.found_info(pos[1])[1]
        tested = self.t.runs_only or self.immovable_on
        for raw in generate(self.lookup, pos):
            if not deals and raw[0] < 0:
                continue
            child, moves = self.step(pos, raw, safe)
            k = self.key(child)
            if k in visited:
                continue
            if tested and self._lost_child(raw, child):
                continue
            out.append((scorer.score(child), k, child, moves))
        if ordered:
            out.sort(key=_first, reverse=True)
        return out

    def _lost_child(self, raw: RawMove, child: Position) -> bool:
        """True when ``child`` of a deal is dead, or that of a deal or a take from the waste
        is lost to the waste game (:meth:`waste_lost`), or (``immovable_test``) a card of
        ``child`` can never move or (:meth:`prune_stranded`) rule 10 proves it lost. Twin
        of the core's dead_child."""
        if self.immovable_on:
            return immovable(self.t, child[0]) or self.stranded_kept(child)
        if raw[0] < 0 and dead(self.t, child, self.stock_cards):
            return True
        return (raw[0] < 0 or raw[0] == WASTE_SRC) and self.waste_lost(child)

    def dfs(
        self,
        root: Position,
        scorer: Scorer,
        budget: int,
        deadline: float | None,
        shared: Keys,
        draw: Callable[[], float] | None,
        noise: float,
        limit: int,
    ) -> tuple[str, int, list[RawMove], Keys]:
        """Depth-first search from ``root`` (:func:`solitaire.solver.depthfirst.expand`)."""
        return depthfirst.expand(self, root, scorer, budget, deadline, shared, draw, noise, limit)

    def beam(
        self,
        root: Position,
        scorer: Scorer,
        shared: Keys,
        budget: int,
        deadline: float | None,
        width: int,
        local: int,
    ) -> tuple[str, list[RawMove], int, list[tuple[Position, list[RawMove]]]]:
        """The levels of a beam search by stock card (:func:`solitaire.solver.stockbeam.expand`)."""
        return stockbeam.expand(self, root, scorer, shared, budget, deadline, width, local)

    def best_first(
        self,
        root: Position,
        scorer: Scorer,
        cap: int,
        shared: Keys,
        budget: int,
        deadline: float | None,
    ) -> tuple[str, list[RawMove], int, Keys, bool]:
        """Best-first search from ``root`` (:func:`solitaire.solver.bestfirst.expand`)."""
        return bestfirst.expand(self, root, scorer, cap, shared, budget, deadline)

    def shorten(self, pos: Position, line: list[RawMove]) -> list[RawMove]:
        """A winning line made shorter (:func:`solitaire.solver.shorten.raw_shorten`)."""
        return shorten.raw_shorten(self, pos, line)


def position_of(rules: Rules, state: State) -> Position:
    """The solver's position for ``state``, as it is."""
    cells = bytes(EMPTY if card is None else card for card in state.cells)
    found = tuple(pile[-1] if pile else -1 for pile in state.foundations)
    return (
        tuple(bytes(pile) for pile in state.tableau),
        found,
        cells,
        len(state.stock),
        bytes(state.waste),
        rules.cards - state.home_count(),
    )


_MOVES: Final[dict[RawMove, Move]] = {}
"""The engine's moves made so far by :meth:`Kernel.to_move`, by raw move: a few thousand
at most, as a raw move's numbers are bounded."""


def _pile(code: int) -> Pile:
    if code < CELL0:
        return Pile(TABLEAU, code)
    if code == WASTE_SRC:
        return Pile(WASTE)
    if code < FOUND0:
        return Pile(CELL, code - CELL0)
    return Pile(FOUNDATION, code - FOUND0)
