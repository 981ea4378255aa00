"""Cards stranded for want of an empty pile: a test that proves lost positions of the games
rule 9 holds in (docs/solver.md, Pruning, rule 10, gives the proof).

It follows a relaxed game whose state is which cards of the position have moved (a top part
of each pile) and how many cards of each suit are home. A card that has not moved may move
when every card above it has: home when the card under it in its suit's order is home; onto a
card it builds on that is on top or has moved, and is not home; or to an empty pile while
:meth:`_Relaxed.room` allows one. A card that has moved may go home when the card under it
is home. The real game's empty piles are bounded by counting: each card that has moved and
is not home lies either directly on a distinct card it builds on, or at the bottom of a pile
that no card of the position is left on. When no sequence of these steps sends every card
home, no line of the real game wins.

The relaxed game can have many states; the test gives up (answers False) once it has seen
``limit`` of them.

Its states depend on the position only through the part of each pile that has not moved and
the cards home by suit (the moved cards that are not home are all the others, and the piles
that may be empty are those whose unmoved part is empty). So :class:`Memo` keeps each state's
answer under a key of those alone, and a depth-first search that asks the test of every child
(:meth:`solitaire.solver.kernel.Kernel.prune_stranded`) settles most of a child's relaxed game
from what its parent's and its siblings' settled.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from solitaire.solver.tables import Tables

LIMIT: Final = 200_000
"""The most states of the relaxed game the test visits before it gives up."""

MEMO: Final = 200_000
"""The most answers a :class:`Memo` keeps: asked with this many or more, it drops them all
first (the C core's MEMO_CAP)."""


def stranded(t: Tables, piles: Sequence[bytes], limit: int = LIMIT) -> bool:
    """True when no sequence of the relaxed game's steps sends every card on ``piles``
    home, so the position is lost; False when one does or ``limit`` states were not
    enough to tell. Only for tables with ``immovable_test`` (every card not on the piles is
    home, one deck)."""
    return _Relaxed(t, piles).lost(limit)


class Memo:
    """The answers of the relaxed games of many positions, by state: whether some sequence
    of steps sends every card home from it (see the module's docstring)."""

    def __init__(self) -> None:
        self.known: dict[bytes, bool] = {}

    def stranded(self, t: Tables, piles: Sequence[bytes], limit: int) -> bool:
        """As :func:`stranded`, with the answers kept here: ``limit`` bounds the states not
        known yet that this question visits."""
        if len(self.known) >= MEMO:
            self.known.clear()
        return _Relaxed(t, piles).lost_kept(limit, self.known)


class _Relaxed:
    """The relaxed game of one position (see the module's docstring)."""

    def __init__(self, t: Tables, piles: Sequence[bytes]) -> None:
        self.piles = piles
        self.sizes = [len(pile) for pile in piles]
        self.where = [-1] * 52  # card -> its pile, -1: home
        self.depth = [0] * 52  # card -> its index from the bottom of its pile
        for index, pile in enumerate(piles):
            for at, card in enumerate(pile):
                self.where[card] = index
                self.depth[card] = at
        self.empty = self.sizes.count(0)
        self.onto = t.onto
        self.sequence = t.sequence
        self.suit = [0] * 52  # card -> the suit whose sequence holds it
        self.rank = [0] * 52  # card -> its index in that sequence
        for suit, cards in enumerate(t.sequence):
            for at, card in enumerate(cards):
                self.suit[card] = suit
                self.rank[card] = at
        self.seen: set[bytes] = set()

    def lost(self, limit: int) -> bool:
        """Whether every state reachable from the position's was seen, within ``limit``,
        and none has every card home."""
        try:
            return not self._wins([0] * len(self.piles), self._home(), limit)
        except _GaveUp:
            return False

    def lost_kept(self, limit: int, known: dict[bytes, bool]) -> bool:
        """As :meth:`lost`, with each state's answer looked up in and added to ``known``;
        ``limit`` bounds the states visited that ``known`` did not hold."""
        self.fresh = 0
        try:
            return not self._wins_kept([0] * len(self.piles), self._home(), limit, known)
        except _GaveUp:
            return False

    def _home(self) -> list[int]:
        """How many cards of each suit are home in the position."""
        home = []
        for cards in self.sequence:
            count = 0
            while count < len(cards) and self.where[cards[count]] < 0:
                count += 1
            home.append(count)
        return home

    def _key(self, moved: list[int], home: list[int]) -> bytes:
        """The state's key whatever position it came from: each card's place in what has
        not moved (0: none, 1: a pile's bottom, 2 + c: on card c), then the home counts."""
        code = bytearray(56)
        for pile, size in enumerate(self.sizes):
            under = -1
            for card in self.piles[pile][: size - moved[pile]]:
                code[card] = 1 if under < 0 else 2 + under
                under = card
        code[52:] = bytes(home)
        return bytes(code)

    def _wins_kept(
        self, moved: list[int], home: list[int], limit: int, known: dict[bytes, bool]
    ) -> bool:
        """As :meth:`_wins`, in the same order, with the answers in ``known``."""
        if all(count == len(cards) for count, cards in zip(home, self.sequence, strict=True)):
            return True
        key = self._key(moved, home)
        answer = known.get(key)
        if answer is not None:
            return answer
        if self.fresh >= limit:
            raise _GaveUp
        self.fresh += 1
        answer = any(self._wins_kept(*step, limit, known) for step in self._steps(moved, home))
        known[key] = answer
        return answer

    def _wins(self, moved: list[int], home: list[int], limit: int) -> bool:
        """Whether some sequence of steps from this state sends every card home."""
        if all(count == len(cards) for count, cards in zip(home, self.sequence, strict=True)):
            return True
        key = bytes(moved + home)
        if key in self.seen:
            return False
        if len(self.seen) >= limit:
            raise _GaveUp
        self.seen.add(key)
        return any(self._wins(*step, limit) for step in self._steps(moved, home))

    def _steps(self, moved: list[int], home: list[int]) -> Iterator[tuple[list[int], list[int]]]:
        """The states one step from ``moved`` and ``home``, in the order both searches try
        them: the next card of each suit home, where it is on top of what is left of its pile
        or moved, then each pile's next card moved, where it has a base or room."""
        for suit, cards in enumerate(self.sequence):
            if home[suit] == len(cards):
                continue
            card = cards[home[suit]]
            pile = self.where[card]
            top = self.sizes[pile] - moved[pile]
            if self.depth[card] < top - 1:
                continue
            after = list(moved)
            if self.depth[card] == top - 1:
                after[pile] += 1
            up = list(home)
            up[suit] += 1
            yield after, up
        for pile, size in enumerate(self.sizes):
            if moved[pile] == size:
                continue
            card = self.piles[pile][size - 1 - moved[pile]]
            if self._based(card, moved, home) or self.room(moved, home, card):
                after = list(moved)
                after[pile] += 1
                yield after, home

    def _free(self, card: int, moved: list[int], home: list[int], other: int) -> bool:
        """Whether ``card`` may take a card onto it: not home, not ``other``, and on top of
        what is left of its pile or moved."""
        pile = self.where[card]
        return (
            pile >= 0
            and card != other
            and self.rank[card] >= home[self.suit[card]]
            and self.depth[card] >= self.sizes[pile] - moved[pile] - 1
        )

    def _based(self, card: int, moved: list[int], home: list[int]) -> bool:
        """Whether a card ``card`` builds on may take it."""
        return any(self._free(base, moved, home, -1) for base in self.onto[card])

    def room(self, moved: list[int], home: list[int], card: int) -> bool:
        """Whether the counting allows an empty pile as ``card`` (on top, not moved) moves:
        the piles empty now or left by all their cards, less the cards that have moved, are
        not home and cannot each lie directly on a distinct free card other than ``card``."""
        piles = self.empty + sum(
            1 for pile, size in enumerate(self.sizes) if size and moved[pile] == size
        )
        out = [
            cards
            for pile, size in enumerate(self.sizes)
            for cards in self.piles[pile][size - moved[pile] :]
            if self.rank[cards] >= home[self.suit[cards]]
        ]
        need = len(out) + 1 - piles  # the matching must seat this many of them
        if need <= 0:
            return True
        seat: dict[int, int] = {}  # base -> the card on it
        seated = 0
        for one in out:
            if self._seat(one, seat, set(), moved, home, card):
                seated += 1
                if seated >= need:
                    return True
        return False

    def _seat(
        self,
        card: int,
        seat: dict[int, int],
        tried: set[int],
        moved: list[int],
        home: list[int],
        other: int,
    ) -> bool:
        """An augmenting path from ``card`` in the matching of cards to the free cards they
        build on (Kuhn's algorithm)."""
        for base in self.onto[card]:
            if base in tried or not self._free(base, moved, home, other):
                continue
            tried.add(base)
            if base not in seat or self._seat(seat[base], seat, tried, moved, home, other):
                seat[base] = card
                return True
        return False


class _GaveUp(Exception):
    """The relaxed game had more states than the limit."""
