"""A dead-position test: a necessary condition for a win that a position can fail long
before it runs out of moves (docs/solver.md, "Dead positions", gives the proof).

It holds in games whose piles are always built runs and whose waste, filled by the stock
alone, empties only onto foundations and piles (``Tables.runs_only``: Fours Up). Pick a card
of the waste, the *pivot*, and look at the moment it first leaves. Until then nothing under
it has left, so a card whose foundation needs, below it, a card all of whose copies lie at or
under the pivot cannot be home yet. Every such card now on a pile, or in the waste above the
pivot, must then be on a pile, and so must the pivot if it is one of them. A pile holds one
card of each rank at most, and a card that takes nothing and goes on nothing (a stopper,
Fours Up's Aces, Twos and Threes) holds a pile alone. If those cards need more piles than
there are, no line leaves the waste under the pivot, and the position is lost. (Piles are
built runs in every position play reaches; a table laid out by hand is tested only when
its piles are too.)
"""

from __future__ import annotations

from solitaire.solver.tables import Position, Tables


def dead(t: Tables, pos: Position) -> bool:
    """True when some card of the waste proves ``pos`` lost (see the module's docstring).

    Only for tables with ``runs_only``. Nothing but a deal or a card taken back off a
    foundation can make a position dead that was not: other moves only take cards away
    from the ones counted, so the searches test those children only.

    The pivots are taken from the top down. Among pivots under which the same places are
    blocked, the lowest counts the most cards (it has more of the waste above it) and
    blocks as much, so only the lowest of each run of them is counted.
    """
    waste = pos[4]
    if not waste or not _built(t, pos[0]):
        return False
    decks = t.decks
    homepos = t.homepos
    copies = [0] * 52
    for card in waste:
        copies[card] += 1
    blocked = _blocked(t, copies)
    if blocked is None:
        return False
    for at in range(len(waste) - 1, -1, -1):
        card = waste[at]
        unblocks = copies[card] == decks and homepos[card] == blocked[card & 3]
        if (unblocks or at == 0) and _overfull(t, pos[0], waste[at:], blocked):
            return True
        copies[card] -= 1
        if unblocks:
            blocked = _blocked(t, copies)
            if blocked is None:
                return False
    return False


def _blocked(t: Tables, copies: list[int]) -> list[int] | None:
    """Per suit, the first place in foundation order whose every copy is in ``copies`` (13:
    none); None when no suit has one."""
    blocked = [13, 13, 13, 13]
    found = False
    for suit, row in enumerate(t.sequence):
        for place, card in enumerate(row):
            if copies[card] >= t.decks:
                blocked[suit] = place
                found = True
                break
    return blocked if found else None


def _overfull(t: Tables, piles: tuple[bytes, ...], waste: bytes, blocked: list[int]) -> bool:
    """True when the cards that must wait on piles, with ``blocked`` places (those on
    ``piles`` and in ``waste``, the pivot first), need more piles than there are."""
    homepos = t.homepos
    stopper = t.stopper
    rank = t.rank
    stoppers = 0
    ranks = [0] * 14
    for cards in (*piles, waste):
        for card in cards:
            if homepos[card] > blocked[card & 3]:
                if stopper[card]:
                    stoppers += 1
                else:
                    ranks[rank[card]] += 1
    return stoppers + max(ranks) > t.piles


def _built(t: Tables, piles: tuple[bytes, ...]) -> bool:
    """True when every pile is a built run, each card on one it fits: then every pile stays
    one. A table laid out by hand need not be."""
    fits_on = t.fits_on
    for pile in piles:
        for at in range(1, len(pile)):
            if not fits_on[pile[at - 1] * 52 + pile[at]]:
                return False
    return True
