"""How promising a position looks: the weights, and the scorer that the searches pass to
the kernel. Scores only order the search; they never remove a position."""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.solver.lookup import Lookup
from solitaire.solver.tables import EMPTY, Position


@dataclass(frozen=True)
class Weights:
    """How :meth:`Scorer.score` weighs a position: points per card home, and points off per
    card in the way in a pile, per used free cell, per waste card, per waste card lying on a
    card needed home sooner, per card still in the stock, per card lying on the cards that
    the foundations take next (``depth``); points on per empty pile.

    Three weights look at the rules' stoppers (:attr:`Rules.stoppers`, Fours Up's Aces,
    Twos and Threes), which leave the waste only for a foundation or an empty pile: points
    off per waste card under a stopper (``buried``), per other waste card that is not a
    stopper (``loose``), and per pile whose top card takes nothing (``dead``).

    Weights only order the search. Different weights find different wins, so the search
    tries several (see :data:`solitaire.solver.search.PROFILES`).
    """

    home: int = 8
    blocked: int = 3
    empty: int = 4
    cells: int = 2
    waste: int = 3
    waste_blocked: int = 0
    stock: int = 0
    depth: int = 0
    buried: int = 0
    loose: int = 0
    dead: int = 0


class Scorer:
    """Scores positions by ``weights``, reading the game's facts from ``lookup`` (which the
    kernel of the same solve shares)."""

    def __init__(self, weights: Weights, lookup: Lookup) -> None:
        self.weights = weights
        self.lookup = lookup

    def score(self, pos: Position) -> int:
        """How promising a position looks, by :attr:`weights`: cards home, few cards in the
        way (in piles and in the waste), empty piles and free cells, little left to deal."""
        tab, found, cells, stock, waste, left = pos
        w = self.weights
        look = self.lookup
        blocked = 0
        empty = 0
        for pile in tab:
            if pile:
                blocked += look.pile_info(pile)[1]
            else:
                empty += 1
        used_cells = 0
        for card in cells:
            if card != EMPTY:
                used_cells += 1
        total = (
            -w.home * left
            - w.blocked * blocked
            + w.empty * empty
            - w.cells * used_cells
            - w.waste * len(waste)
            - w.stock * stock
        )
        if w.waste_blocked and waste:
            # only the waste's top card is in play: cards on one needed sooner are in its way
            total -= w.waste_blocked * look.pile_info(waste)[1]
        if w.depth:
            total -= w.depth * self.depth(tab, found)
        if w.buried or w.loose:
            total -= self.waste_cost(waste)
        if w.dead:
            takes_nothing = look.t.takes_nothing
            total -= w.dead * sum(1 for pile in tab if pile and takes_nothing[pile[-1]])
        return total

    def waste_cost(self, waste: bytes) -> int:
        """The ``buried`` and ``loose`` weights' points off for the waste's cards."""
        stopper = self.lookup.t.stopper
        buried = loose = 0
        under_stopper = False
        for card in reversed(waste):
            if stopper[card]:
                under_stopper = True
            elif under_stopper:
                buried += 1
            else:
                loose += 1
        return self.weights.buried * buried + self.weights.loose * loose

    def depth(self, tab: tuple[bytes, ...], found: tuple[int, ...]) -> int:
        """Cards lying on the cards that the foundations take next, counting for each such
        card only its copy nearest the top of a pile."""
        wants = self.lookup.found_info(found)[0]
        nearest: dict[int, int] = {}
        for pile in tab:
            top = len(pile) - 1
            for at in range(top, -1, -1):
                card = pile[at]
                if card in wants and (card not in nearest or top - at < nearest[card]):
                    nearest[card] = top - at
        return sum(nearest.values())
