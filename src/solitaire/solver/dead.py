"""A dead-position test: a necessary condition for a win that a position can fail long
before it runs out of moves (docs/solver.md, "Dead positions", gives the proof).

It holds in games whose piles are always built runs and whose waste, filled by the stock
alone, empties only onto foundations and piles (``Tables.runs_only``: Fours Up). Pick a card
of the waste, the *pivot*, and look at the moment it first leaves. Until then nothing under
it has left. A foundation is as high as a place of its suit's order only if it holds a copy
of every place before, so the copies of a place that can be home then are at most the
fewest copies, over the places before it, that lie above the pivot or off the waste: the
place's *room*. Of the copies of a place now on a pile or in the waste above the pivot, all
but its room must then be on a pile, and so must the pivot if its place has no room. A pile
holds one card of each rank at most, and a card that takes nothing and goes on nothing (a
stopper, Fours Up's Aces, Twos and Threes) holds a pile alone. If those cards need more
piles than there are, no line leaves the waste under the pivot, and the position is lost.
(Piles are built runs in every position play reaches; a table laid out by hand is tested
only when its piles are too.)
"""

from __future__ import annotations

from solitaire.solver.tables import Position, Tables


def dead(t: Tables, pos: Position) -> bool:
    """True when some card of the waste proves ``pos`` lost (see the module's docstring).

    Only for tables with ``runs_only``. Nothing but a deal or a card taken back off a
    foundation can make a position dead that was not: other moves only take cards away
    from the ones counted, so the searches test those children only.

    The pivots are taken from the top down. While going one card lower leaves every
    place's room as it was, the lower pivot counts every card the higher one counts (the
    higher pivot is now above it), so only the lowest pivot of each such run is counted:
    the one under which a card lies whose going changes a room, and the bottom card.
    """
    waste = pos[4]
    if not waste or not _built(t, pos[0]):
        return False
    under = [0] * 52  # copies in the waste at or under the pivot
    for card in waste:
        under[card] += 1
    shown = [0] * 52  # copies on the piles or in the waste above the pivot
    for pile in pos[0]:
        for card in pile:
            shown[card] += 1
    for at in range(len(waste) - 1, -1, -1):
        card = waste[at]
        if (at == 0 or _widens(t, under, card)) and _overfull(t, under, shown, card):
            return True
        under[card] -= 1
        shown[card] += 1
    return False


def _rooms(t: Tables, under: list[int], suit: int) -> list[int]:
    """Each place's room in the order of ``suit``: the copies of it that can be home when
    the pivot leaves, at most the fewest copies of an earlier place not in ``under``."""
    rooms = []
    room = t.decks
    for card in t.sequence[suit]:
        rooms.append(room)
        room = min(room, t.decks - under[card])
    return rooms


def _widens(t: Tables, under: list[int], card: int) -> bool:
    """True when one copy of ``card`` fewer in ``under`` gives a later place more room."""
    place = t.homepos[card]
    rooms = _rooms(t, under, card & 3)
    return place < len(rooms) - 1 and t.decks - under[card] < rooms[place]


def _overfull(t: Tables, under: list[int], shown: list[int], pivot: int) -> bool:
    """True when the cards that must be on piles as ``pivot`` leaves need more piles than
    there are."""
    stoppers = 0
    ranks = [0] * 14
    for suit, order in enumerate(t.sequence):
        for card, room in zip(order, _rooms(t, under, suit), strict=True):
            waiting = shown[card] - room + (1 if card == pivot and room == 0 else 0)
            if waiting <= 0:
                continue
            if t.stopper[card]:
                stoppers += waiting
            else:
                ranks[t.rank[card]] += waiting
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
