"""The solver's compact view of a game: tables derived from :class:`Rules`, and the hot path.

A position inside the solver is a plain tuple ``(tableau, foundations, cells, stock, waste,
left)``:

- ``tableau``: one ``bytes`` per pile, card codes bottom to top;
- ``foundations``: each foundation's top card code, or -1 while it is empty;
- ``cells``: ``bytes`` with one byte per free cell, :data:`EMPTY` where it is free;
- ``stock``: how many cards the stock still holds (its order never changes, so the first
  ``stock`` cards of the starting stock are what is left);
- ``waste``: ``bytes``, bottom to top;
- ``left``: how many cards are not yet home (0 is the win).

Nothing here asks which game it is: every table comes from the rules. The engine stays the
only judge of a move: a solution is replayed through it before it is handed out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from solitaire.cards import code_of, rank_of, suit_of
from solitaire.rules import Rules, RunRule, StockTarget
from solitaire.state import CELL, FOUNDATION, TABLEAU, WASTE, Move, Pile, State

EMPTY: Final = 255
"""The byte of a free cell."""

WASTE_SRC: Final = 48
CELL0: Final = 32
FOUND0: Final = 64
DEAL: Final = (-1, -1, 0)

Position = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, bytes, int]
RawMove = tuple[int, int, int]
Child = tuple[int, bytes, Position, tuple[RawMove, ...]]

_first = itemgetter(0)

_PILE_CACHE_LIMIT: Final = 400_000
_NO_TOP: Final = 52 * 52


@dataclass(frozen=True)
class Weights:
    """How :meth:`Kernel.score` weighs a position: points per card home, and points off per
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


class Tables:
    """What a kernel reads that depends on the rules alone: worked out once per game and
    shared by every kernel of it (a solve's searches, and every stuck check)."""

    def __init__(self, rules: Rules) -> None:
        found = rules.foundations
        self.piles = rules.tableau.piles
        self.ncells = rules.cells
        self.decks = rules.decks
        self.fits: tuple[frozenset[int], ...] = rules.fits
        # fits_on[top * 52 + card] is 1 when ``card`` builds on ``top``; row 52 (no top) is 0
        fits_on = bytearray(53 * 52)
        for top, cards in enumerate(rules.fits):
            for card in cards:
                fits_on[top * 52 + card] = 1
        self.fits_on = bytes(fits_on)
        self.homepos: tuple[int, ...] = rules.home_position
        self.one_card = rules.runs is RunRule.ONE_CARD
        self.limited = rules.runs is RunRule.LIMITED_RUN
        self.refills = rules.refills
        # Pile order matters while the stock deals onto piles by index or refills them.
        self.ordered_while_stock = rules.stock is not None and (
            rules.stock.to is StockTarget.EVERY_PILE or rules.stock.refill
        )
        self.deal_to_piles = rules.stock is not None and rules.stock.to is StockTarget.EVERY_PILE
        # with no stock, waste or free cells the piles alone make the key
        self.bare_key = rules.stock is None and not rules.cells
        self.stock_marks = tuple(bytes((254, left)) for left in range(rules.cards + 1))
        self.returns = found.returns
        self.suited = found.suits is not None
        self.base_cards = tuple(code_of(found.base, suit) for suit in range(4))
        self.fixed_bases = frozenset(found.dealt)
        # next card a foundation takes, indexed by its top card code (+1 so that -1 works)
        nxt = [-1] * 53
        for top in range(52):
            pos = found.position[rank_of(top)]
            if pos < 12:
                nxt[top + 1] = code_of(found.sequence[pos + 1], suit_of(top))
        self.next_home = tuple(nxt)
        # the card under each card on its foundation (-1: none), and each card as bytes
        self.below = tuple(
            code_of(found.sequence[found.position[rank_of(top)] - 1], suit_of(top))
            if found.position[rank_of(top)] > 0
            else -1
            for top in range(52)
        )
        self.card_bytes = tuple(bytes((card,)) for card in range(52))
        self.rank = tuple(rank_of(code) for code in range(52))
        # Which suits have a card that could be built on card c, and its home position.
        need_suits: list[tuple[int, ...]] = []
        need_pos: list[int] = []
        for card in range(52):
            fitters = sorted(rules.fits[card])
            need_suits.append(tuple(sorted({suit_of(x) for x in fitters})))
            need_pos.append(self.homepos[fitters[0]] if fitters else -1)
        self.need_suits = tuple(need_suits)
        self.need_pos = tuple(need_pos)
        # fitters that are dealt bases never leave: they count as home for good
        self.fitters_fixed = tuple(
            all(found.dealt.count(x) == rules.decks for x in rules.fits[card]) for card in range(52)
        )
        self.stopper = tuple(card in rules.stoppers for card in range(52))
        self.takes_nothing = tuple(not rules.fits[card] for card in range(52))


_TABLES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    """The tables of ``rules``, made the first time a game's kernel asks."""
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = Tables(rules)
    return found


class Kernel:
    """Move generation, safe foundation moves and canonical keys for one game and one stock.

    Build it from the rules and the starting position; then :meth:`start` gives the
    solver's position, :meth:`children` its successors in a promising order, and
    :meth:`key` the canonical key that identifies positions that play the same.
    """

    def __init__(self, rules: Rules, state: State, weights: Weights = Weights()) -> None:
        self.rules = rules
        self.weights = weights
        t = tables(rules)
        self.piles = t.piles
        self.ncells = t.ncells
        self.decks = t.decks
        self.stock_cards = bytes(state.stock)
        self.fits = t.fits
        self.fits_on = t.fits_on
        self.homepos = t.homepos
        self.one_card = t.one_card
        self.limited = t.limited
        self.refills = t.refills
        self.ordered_while_stock = t.ordered_while_stock
        self.deal_to_piles = t.deal_to_piles
        self.bare_key = t.bare_key
        self.stock_marks = t.stock_marks[: len(state.stock) + 1]
        self.returns = t.returns
        self.suited = t.suited
        self.base_cards = t.base_cards
        self.fixed_bases = t.fixed_bases
        self.next_home = t.next_home
        self.below = t.below
        self.card_bytes = t.card_bytes
        self.rank = t.rank
        self.need_suits = t.need_suits
        self.need_pos = t.need_pos
        self.fitters_fixed = t.fitters_fixed
        self.stopper = t.stopper
        self.takes_nothing = t.takes_nothing
        self._found_cache: dict[tuple[int, ...], tuple[dict[int, int], frozenset[int]]] = {}
        self._pile_cache: dict[bytes, tuple[int, int]] = {}
        # the last foundations asked about: children share their parent's tuple
        self._last_found: tuple[int, ...] = ()
        self._last_info: tuple[dict[int, int], frozenset[int]] = ({}, frozenset())

    # ----------------------------------------------------------------- conversion

    def start(self, state: State) -> tuple[Position, tuple[RawMove, ...]]:
        """The solver's position for ``state`` after its safe moves, and those moves."""
        return self.close(self.position(state), ())

    def position(self, state: State) -> Position:
        """The solver's position for ``state``, as it is."""
        cells = bytes(EMPTY if card is None else card for card in state.cells)
        found = tuple(pile[-1] if pile else -1 for pile in state.foundations)
        left = self.rules.cards - state.home_count()
        return (
            tuple(bytes(pile) for pile in state.tableau),
            found,
            cells,
            len(state.stock),
            bytes(state.waste),
            left,
        )

    @staticmethod
    def to_move(raw: RawMove) -> Move:
        """The engine's move for a raw solver move."""
        src, dst, count = raw
        if src < 0:
            return Move.deal()
        return Move(_pile(src), _pile(dst), count)

    # ----------------------------------------------------------------- tables per position

    def found_info(self, found: tuple[int, ...]) -> tuple[dict[int, int], frozenset[int]]:
        """For these foundations: the card each foundation takes (card -> first foundation),
        and the cards among them whose move home is safe (see :meth:`_safe_cards`).
        """
        if found is self._last_found:
            return self._last_info
        cached = self._found_cache.get(found)
        if cached is not None:
            self._last_found, self._last_info = found, cached
            return cached
        wants: dict[int, int] = {}
        takers: dict[int, int] = {}  # how many foundations take each card
        nxt = self.next_home
        for index, top in enumerate(found):
            if top < 0 and not self.suited:
                for card in self.base_cards:
                    wants.setdefault(card, index)
                    takers[card] = takers.get(card, 0) + 1
            else:
                card = nxt[top + 1]
                if card >= 0:
                    wants.setdefault(card, index)
                    takers[card] = takers.get(card, 0) + 1
        info = (wants, self._safe_cards(found, wants, takers))
        if len(self._found_cache) < _PILE_CACHE_LIMIT:
            self._found_cache[found] = info
        self._last_found, self._last_info = found, info
        return info

    def _safe_cards(
        self, found: tuple[int, ...], wants: dict[int, int], takers: dict[int, int]
    ) -> frozenset[int]:
        """The cards that can go home now with no loss; ``takers`` counts the foundations
        that take each card of ``wants``.

        Card c is needed in play only as a base for the cards that build on it. When every
        copy of those is home for good, nothing can ever be laid on c, so c in play can only
        stand in the way: any line that wins with c in play wins with c home, skipping c's
        own moves (cells and piles only get emptier, so every run limit only grows).

        That line also sends home every other copy of c, and each needs a foundation that
        takes c. Sending c home covers the foundation it goes to, so c is safe only when at
        least as many foundations take c as there are copies of c not home: then each other
        copy still has a foundation that takes it whenever the line sends it home (a
        foundation that takes c takes nothing else). Two decks: the twin of c must be home
        already, or the suit's other foundation must take c too.

        Where foundation cards can come back (``returns``), a home card is home for good only
        if it is a dealt base; and c must not cover a card that could come back, so c may only
        go onto a bare dealt base. The refill rule is checked by the caller.
        """
        candidates = []
        if self.returns:
            for card, index in wants.items():
                if self._is_base(found[index]) and self.fitters_fixed[card]:
                    candidates.append(card)
        else:
            # lowest home position reached by every copy of each suit (-1: a copy has none home)
            lowest = [12] * 4
            started = [0] * 4
            homepos = self.homepos
            for top in found:
                if top < 0:
                    continue
                suit = top & 3
                started[suit] += 1
                lowest[suit] = min(lowest[suit], homepos[top])
            for suit in range(4):
                if started[suit] < self.decks:
                    lowest[suit] = -1
            for card in wants:
                need = self.need_pos[card]
                if all(lowest[suit] >= need for suit in self.need_suits[card]):
                    candidates.append(card)
        safe = []
        for card in candidates:
            if takers[card] >= self.decks - self._copies_home(found, card):
                safe.append(card)
        return frozenset(safe)

    def _copies_home(self, found: tuple[int, ...], card: int) -> int:
        """How many copies of ``card`` are on the foundations whose top cards are ``found``."""
        homepos = self.homepos
        suit = card & 3
        count = 0
        for top in found:
            if top >= 0 and top & 3 == suit and homepos[top] >= homepos[card]:
                count += 1
        return count

    def _is_base(self, top: int) -> bool:
        """Whether a foundation whose top card is ``top`` holds only its dealt base."""
        return self.suited and self.homepos[top] == 0

    def pile_info(self, pile: bytes) -> tuple[int, int]:
        """(length of the built run on top, cards that lie above a card needed home sooner)."""
        cached = self._pile_cache.get(pile)
        if cached is not None:
            return cached
        fits = self.fits
        run = 0
        if pile:
            run = 1
            for i in range(len(pile) - 1, 0, -1):
                if pile[i] not in fits[pile[i - 1]]:
                    break
                run += 1
        homepos = self.homepos
        blocked = 0
        low = 99
        for card in pile:
            pos = homepos[card]
            if pos > low:
                blocked += 1
            elif pos < low:
                low = pos
        info = (run, blocked)
        if len(self._pile_cache) < _PILE_CACHE_LIMIT:
            self._pile_cache[pile] = info
        return info

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
            wants, safe = self.found_info(found)
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

    def moves(self, pos: Position) -> list[RawMove]:
        """Every move worth trying, each kind of duplicate left out (see :meth:`key`)."""
        tab, found, cells, stock, waste, _left = pos
        wants, _safe = self.found_info(found)
        sortable = not (stock and self.ordered_while_stock)
        out: list[RawMove] = []
        empties = [i for i in range(self.piles) if not tab[i]]
        free = -1  # the first free cell
        free_cells = 0
        for j in range(len(cells)):
            if cells[j] == EMPTY:
                free_cells += 1
                if free < 0:
                    free = j
        if self.one_card:
            onto_card = onto_empty = 1
        elif self.limited:
            onto_card = (1 + free_cells) << len(empties)
            onto_empty = (1 + free_cells) << max(len(empties) - 1, 0)
        else:
            onto_card = onto_empty = 999
        first_empty = empties[:1] if sortable else empties
        fits_on = self.fits_on
        # rows[j]: the row of fits_on for pile j's top card
        rows = [pile[-1] * 52 if pile else _NO_TOP for pile in tab]
        npiles = self.piles
        for i, pile in enumerate(tab):
            if not pile:
                continue
            top = pile[-1]
            if top in wants:
                out.append((i, FOUND0 + wants[top], 1))
            run = 1 if self.one_card else self.pile_info(pile)[0]
            for count in range(1, min(run, onto_card) + 1):
                card = pile[-count]
                for j in range(npiles):
                    if fits_on[rows[j] + card] and j != i:
                        out.append((i, j, count))
            for j in first_empty:
                longest = min(run, onto_empty)
                if sortable and longest >= len(pile):
                    longest = len(pile) - 1  # the whole pile to an empty one changes nothing
                for count in range(1, longest + 1):
                    out.append((i, j, count))
            if free >= 0:
                out.append((i, CELL0 + free, 1))
        singles: list[tuple[int, int]] = []
        seen_cells = set()
        for j, card in enumerate(cells):
            if card != EMPTY and card not in seen_cells:
                seen_cells.add(card)
                if card in wants:
                    out.append((CELL0 + j, FOUND0 + wants[card], 1))
                singles.append((CELL0 + j, card))
        if waste:
            card = waste[-1]
            if card in wants:
                out.append((WASTE_SRC, FOUND0 + wants[card], 1))
            singles.append((WASTE_SRC, card))
            if free >= 0:
                out.append((WASTE_SRC, CELL0 + free, 1))
        if self.returns:
            seen_tops = set()
            for index, top in enumerate(found):
                if top >= 0 and not self._is_base(top) and top not in seen_tops:
                    seen_tops.add(top)
                    singles.append((FOUND0 + index, top))
        for src, card in singles:
            for j in range(npiles):
                if fits_on[rows[j] + card]:
                    out.append((src, j, 1))
            for j in first_empty:
                out.append((src, j, 1))
        if stock:
            out.append(DEAL)
        return out

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
        self, pos: Position, visited: set[bytes] | dict[bytes, int], ordered: bool = True
    ) -> list[Child]:
        """The successors not yet visited: (score, key, position, moves), best first unless
        ``ordered`` is false (then in the order of :meth:`moves`)."""
        out: list[Child] = []
        safe = self.found_info(pos[1])[1]
        for raw in self.moves(pos):
            child, moves = self.step(pos, raw, safe)
            k = self.key(child)
            if k in visited:
                continue
            out.append((self.score(child), k, child, moves))
        if ordered:
            out.sort(key=_first, reverse=True)
        return out

    def score(self, pos: Position) -> int:
        """How promising a position looks, by :attr:`weights`: cards home, few cards in the
        way (in piles and in the waste), empty piles and free cells, little left to deal."""
        tab, found, cells, stock, waste, left = pos
        w = self.weights
        blocked = 0
        empty = 0
        for pile in tab:
            if pile:
                blocked += self.pile_info(pile)[1]
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
            total -= w.waste_blocked * self.pile_info(waste)[1]
        if w.depth:
            total -= w.depth * self.depth(tab, found)
        if w.buried or w.loose:
            total -= self.waste_cost(waste)
        if w.dead:
            takes_nothing = self.takes_nothing
            total -= w.dead * sum(1 for pile in tab if pile and takes_nothing[pile[-1]])
        return total

    def waste_cost(self, waste: bytes) -> int:
        """The ``buried`` and ``loose`` weights' points off for the waste's cards."""
        stopper = self.stopper
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
        wants = self.found_info(found)[0]
        nearest: dict[int, int] = {}
        for pile in tab:
            top = len(pile) - 1
            for at in range(top, -1, -1):
                card = pile[at]
                if card in wants and (card not in nearest or top - at < nearest[card]):
                    nearest[card] = top - at
        return sum(nearest.values())


def _pile(code: int) -> Pile:
    if code < CELL0:
        return Pile(TABLEAU, code)
    if code == WASTE_SRC:
        return Pile(WASTE)
    if code < FOUND0:
        return Pile(CELL, code - CELL0)
    return Pile(FOUNDATION, code - FOUND0)


Scorer = Callable[[Position], int]
