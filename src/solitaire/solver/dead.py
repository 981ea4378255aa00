"""A dead-position test: a necessary condition for a win that a position can fail long
before it runs out of moves (docs/solver.md, Pruning, rule 5, gives the proof).

It holds in games whose piles are always built runs and whose waste, filled by the stock
alone, empties only onto foundations and piles (``Tables.runs_only``: Fours Up). Pick a card
of the waste, the *pivot*, and look at the moment it first leaves, with some number of the
stock's cards dealt by then. The cards under the pivot are still in the waste, and every
other card that is not in the stock (home, on a pile, above the pivot, dealt since, and the
pivot itself) is home or on a pile. A foundation is as high as a place of its suit's order
only if it holds a copy of every place before, so the copies of a place that can be home
then are at most the fewest copies of an earlier place among those cards, the pivot left
out (it is the last to move): the place's *room*. All but the room of each place's copies
are on piles. A pile holds a run, one card of each rank from its lowest to its highest, and
a card that takes nothing and goes on nothing (a stopper, Fours Up's Aces, Twos and Threes)
holds a pile alone. If those cards need more piles than there are, however many of the
stock's cards have been dealt, no line empties the waste, and the position is lost. (Piles
are built runs in every position play reaches; a table laid out by hand is tested only when
its piles are too.)
"""

from __future__ import annotations

from functools import lru_cache

from solitaire.solver.placement import can_leave
from solitaire.solver.tables import Position, Tables


def dead(t: Tables, pos: Position, stock_cards: bytes) -> bool:
    """True when some card of the waste proves ``pos`` lost (see the module's docstring).

    ``stock_cards`` is the starting stock: the first ``pos[3]`` of them are left, dealt
    last first. Only for tables with ``runs_only``. Nothing but a deal can make a position
    dead that was not: every other move leaves each pivot's counts as they were (a card
    that leaves the waste, a pile or a foundation goes to a pile or home, and both are
    counted alike), so the searches test the children of deals only.
    """
    waste = pos[4]
    if not waste or not built(t, pos[0]):
        return False
    out = cards_out(t, pos)  # then also the waste's cards above the pivot
    return dead_counts(t, out, waste, stock_cards[: pos[3]])


def dead_counts(t: Tables, out: list[int], waste: bytes, left: bytes) -> bool:
    """:func:`dead` from the copies of each card home or on the piles (``out``), the
    waste and the stock's cards ``left`` (dealt from the end)."""
    out = list(out)
    for at in range(len(waste) - 1, -1, -1):
        card = waste[at]
        if _stuck(t, bytes(out), card, left):
            return True
        out[card] += 1
    return False


@lru_cache(maxsize=1 << 17)
def _stuck(t: Tables, out: bytes, pivot: int, left: bytes) -> bool:
    """True when ``pivot`` cannot leave the waste with room for the cards out, whether
    none, some or all of the stock's cards ``left`` (dealt from the end) are dealt first.
    Kept: the waste game asks again about the same pivot and cards out as it deals from
    the same stock down other lines (about 13 times each, along the solver's tests)."""
    dealt = list(out)
    if can_leave(t, dealt, pivot):
        return False
    every = dealt.copy()  # most pivots that fail with none dealt pass with all: try that next
    for card in left:
        every[card] += 1
    if left and can_leave(t, every, pivot):
        return False
    for card in reversed(left):
        dealt[card] += 1
        if can_leave(t, dealt, pivot):
            return False
    return True


def cards_out(t: Tables, pos: Position) -> list[int]:
    """How many copies of each card are home or on the piles in ``pos``."""
    out = home_counts(t, pos[1])
    for pile in pos[0]:
        for card in pile:
            out[card] += 1
    return out


def home_counts(t: Tables, found: tuple[int, ...]) -> list[int]:
    """How many copies of each card are home, from the foundations' top cards."""
    home = [0] * 52
    for top in found:
        if top >= 0:
            for card in t.sequence[top & 3][: t.homepos[top] + 1]:
                home[card] += 1
    return home


def built(t: Tables, piles: tuple[bytes, ...]) -> bool:
    """True when every pile is a built run, each card on one it fits: then every pile stays
    one. A table laid out by hand need not be."""
    fits_on = t.fits_on
    for pile in piles:
        for at in range(1, len(pile)):
            if not fits_on[pile[at - 1] * 52 + pile[at]]:
                return False
    return True
