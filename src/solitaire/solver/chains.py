"""A dead-position test for games whose piles are dealt unbuilt, such as Streets: each pile
is what is left of its dealt cards with one built chain on top, and the chain hangs from the
dealt card it sits on (docs/solver.md, Pruning, rule 9, gives the proof).

It holds in games with a waste filled by the stock alone, no free cells, foundations that
keep their cards, each holding one suit in order, and every card building on one a rank
higher (``Tables.chains_test``). A pile's *dealt part* is the pile below its longest top
segment in which every card fits the one under it, that segment's lowest card excepted: no
card ever joins it, so in every position play reaches the pile is a prefix of its dealt part
with a *chain* on top, the prefix's top card (its *anchor*) and the cards laid on it, one a
rank, each fitting the one below, so all in one *class* of cards that fit one another (by
rank parity and colour in Streets, two classes). Below the anchor, the prefix is *buried*.

Pick a card of the waste, the *pivot*, and look at the moment it first leaves, with some of
the stock dealt. As for rule 5, every card that is not under the pivot nor in the stock is
home or on a pile, and at most its *room* of each card's copies can be home, so the rest
*wait* on the piles: buried, or in a chain. Choose how much of each pile's dealt part stays:
then each class's chains hold, at each rank, at least the waiting copies not buried and at
most the copies that are neither home nor buried; a chain that holds a rank and not the one
above begins there, and it begins at an anchor or on a pile whose dealt part has gone. If no
choice lets the chains of every class fit, however many of the stock's cards were dealt, no
line wins. The choices are searched pile by pile, each branch cut as soon as the piles not
yet chosen, taken at their loosest, cannot make the chains fit; after :data:`NODES` nodes the
test gives up and says nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from solitaire.solver.dead import home_counts
from solitaire.solver.tables import Position, Tables

NODES: Final = 4000
"""The branches one test may try over all its pivots before it gives up (not dead)."""

STOCK: Final = 16
"""The searches ask the test about a deal's child only when the stock keeps at most this
many cards: every cut measured came there, and earlier the test costs most and cuts nothing
(bench/RESULTS.md, 2026-12-07)."""

FREE: Final = -1
"""The choice of a pile whose dealt part goes entirely."""


def chains_dead(t: Tables, pos: Position, stock_cards: bytes) -> bool:
    """True when some card of the waste proves ``pos`` lost (see the module's docstring).

    ``stock_cards`` is the starting stock: the first ``pos[3]`` of them are left, dealt last
    first. Only for tables with ``chains_test``.
    """
    piles, found, _cells, stock, waste, _left = pos
    if not waste:
        return False
    home = home_counts(t, found)
    out = home.copy()
    for pile in piles:
        for card in pile:
            out[card] += 1
    # longest first (the search cuts soonest so), and so that the answer is the multiset's
    parts = tuple(sorted((dealt_part(t, pile) for pile in piles), key=_longest_first))
    return _dead(t, bytes(home), bytes(out), parts, stock_cards[:stock], waste)


@lru_cache(maxsize=1 << 14)
def _dead(
    t: Tables, home: bytes, out_now: bytes, parts: tuple[bytes, ...], left: bytes, waste: bytes
) -> bool:
    """:func:`chains_dead` from what its answer depends on (kept: the searches ask again
    about the same cards and dealt parts, laid out otherwise, as the core's table does)."""
    out = list(out_now)
    search = _Search(t, list(home), list(parts))
    for at in range(len(waste) - 1, -1, -1):
        pivot = waste[at]
        if search.stuck(out, pivot, left):
            return True
        if search.nodes <= 0:
            return False
        out[pivot] += 1
    return False


def _longest_first(part: bytes) -> tuple[int, bytes]:
    """The order of the dealt parts: longest first, then by their bytes."""
    return -len(part), part


def dealt_part(t: Tables, pile: bytes) -> bytes:
    """The part of ``pile`` that no card can join: all but the longest top segment in which
    every card fits the one below it, whose lowest card stays in (it is the anchor)."""
    at = len(pile) - 1
    fits_on = t.fits_on
    while at > 0 and fits_on[pile[at - 1] * 52 + pile[at]]:
        at -= 1
    return pile[: at + 1]


class _Search:
    """The choices of dealt prefixes for one position, searched for each pivot and number of
    the stock's cards dealt; ``nodes`` counts down the branches left to try."""

    def __init__(self, t: Tables, home: list[int], parts: list[bytes]) -> None:
        self.t = t
        self.home = home
        self.parts = parts
        self.nodes = NODES
        # each pile's choice in the last choice that fitted, tried first next time: the
        # index of its anchor in its dealt part, or FREE
        self.last = [len(part) - 1 for part in parts]
        self.path = self.last.copy()
        self.most_buried = [0] * 52  # each pile's dealt part but its top card
        for part in parts:
            for card in part[:-1]:
                self.most_buried[card] += 1

    def stuck(self, out: list[int], pivot: int, left: bytes) -> bool:
        """True when no choice fits for any number of ``left``'s cards dealt (from the end);
        ``out`` holds the copies home, on the piles and in the waste above the pivot."""
        dealt = out.copy()
        if self.fits(dealt, pivot):
            return False
        if not left:
            return True
        every = out.copy()
        for card in left:
            every[card] += 1
        if self.fits(every, pivot):
            return False
        for card in reversed(left[1:]):
            dealt[card] += 1
            if self.fits(dealt, pivot):
                return False
        return True

    def fits(self, out: list[int], pivot: int) -> bool:
        """Whether some choice of prefixes lets the chains fit, with the copies ``out`` and
        the pivot (True too once the nodes have run out)."""
        t = self.t
        wait = [0] * 52
        for order in t.sequence:
            room = t.decks
            for card in order:
                on = out[card]
                count = on + 1 if card == pivot else on
                if count > room:
                    wait[card] = count - room
                if on < room:
                    room = on
        loose = [out[card] - self.home[card] for card in range(52)]
        loose[pivot] += 1
        state = _State(t, wait, loose, self.most_buried.copy())
        return self._branch(state, 0, 0)

    def _branch(self, state: _State, at: int, free: int) -> bool:
        """Piles ``at`` on are not chosen yet; ``free`` chosen piles have no dealt cards left."""
        self.nodes -= 1
        if self.nodes < 0:
            return True
        parts = self.parts
        if not state.fits(free + len(parts) - at):
            return False
        if at == len(parts):
            self.last = self.path.copy()
            return True
        part = parts[at]
        for card in part[:-1]:
            state.bury(card, -1)
        found = False
        first = self.last[at]
        for top in (first, *(top for top in range(len(part) - 1, FREE - 1, -1) if top != first)):
            self.path[at] = top
            found = self._choose(state, at, free, top)
            if found:
                break
        for card in part[:-1]:
            state.bury(card, 1)
        return found

    def _choose(self, state: _State, at: int, free: int, top: int) -> bool:
        """:meth:`_branch` on from pile ``at + 1``, pile ``at`` keeping its dealt part up to
        the anchor at ``top`` (FREE: none of it)."""
        if top == FREE:
            return self._branch(state, at + 1, free + 1)
        part = self.parts[at]
        anchor = part[top]
        cls = self.t.chain_class[anchor]
        rank = self.t.rank[anchor]
        state.keep(part[:top], 1)
        state.anchors[cls][rank] += 1
        found = self._branch(state, at + 1, free)
        state.anchors[cls][rank] -= 1
        state.keep(part[:top], -1)
        return found


class _State:
    """What a node of the search knows: each card's waiting and loose copies (neither home
    nor buried in a chosen prefix), the copies that may be buried, and the anchors chosen;
    and by class and rank, the copies the chains must hold (``need``) and may (``have``),
    kept up to date as cards are buried and taken back."""

    def __init__(self, t: Tables, wait: list[int], loose: list[int], buried: list[int]):
        self.t = t
        self.wait = wait
        self.loose = loose
        self.buried = buried
        classes = t.chain_classes
        self.anchors = [[0] * 15 for _ in range(classes)]
        self.need = [[0] * 15 for _ in range(classes)]
        self.have = [[0] * 15 for _ in range(classes)]
        cls = t.chain_class
        rank = t.rank
        for card in range(52):
            short = wait[card] - buried[card]
            if short > 0:
                self.need[cls[card]][rank[card]] += short
            self.have[cls[card]][rank[card]] += loose[card]

    def bury(self, card: int, step: int) -> None:
        """Count one copy of ``card`` more (``step`` 1) or fewer (-1) as buried."""
        before = self.wait[card] - self.buried[card]
        self.buried[card] += step
        after = before - step
        change = (after if after > 0 else 0) - (before if before > 0 else 0)
        if change:
            self.need[self.t.chain_class[card]][self.t.rank[card]] += change

    def keep(self, cards: bytes, step: int) -> None:
        """Bury ``cards`` in a chosen prefix (``step`` 1), or take them back (-1)."""
        cls = self.t.chain_class
        rank = self.t.rank
        for card in cards:
            self.bury(card, step)
            self.loose[card] -= step
            self.have[cls[card]][rank[card]] -= step

    def fits(self, free: int) -> bool:
        """Whether the chains of every class can hold what waits, with ``free`` chains that
        begin anywhere: from the King down, each class keeps as many chains going as its
        loose cards allow, and begins a free one only where the waiting cards need it."""
        for need, have, anchors in zip(self.need, self.have, self.anchors, strict=True):
            going = 0
            for r in range(13, 0, -1):
                low = need[r] if need[r] > anchors[r] else anchors[r]
                high = going + anchors[r]
                if low > high:
                    free -= low - high
                    if free < 0:
                        return False
                    high = low
                if low > have[r]:
                    return False
                going = high if high < have[r] else have[r]
        return True
