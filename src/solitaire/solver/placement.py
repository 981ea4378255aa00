"""Whether the cards out of the stock and the waste can stand on the foundations and the
piles just after a card of the waste, the *pivot*, has left it: the check that the
dead-position test (:mod:`solitaire.solver.dead`) and the waste game
(:mod:`solitaire.solver.wastegame`) make for each card that leaves the waste.

It holds in games whose piles are built runs (``Tables.runs_only``, Fours Up). Every card
that is neither in the stock nor in the waste is home or on a pile. Home, each foundation
holds a prefix of its suit's order, one copy of each place; on the piles, each pile is one
card that takes nothing and goes on nothing (a *stopper*, Fours Up's Aces, Twos and Threes)
or a run of consecutive ranks. Just after the pivot has moved it is on top: the top card of
its foundation, or the last (lowest) card of its run.

Two counts, each a lower bound on the piles that any such table uses:

- :func:`overfull` (the cheap one): the copies that cannot be home, the pivot left out of
  the room of the places after its own, place by place; the runs counted with each rank's
  cards on the piles anywhere between those and all of them.
- :func:`fewest_piles` (the exact one): the least piles over every choice of foundation
  heights, by dynamic programming over the places from the top of the order down, with the
  number of foundations of each suit that stand at least that high as the state. A run
  holds one card of each rank from its highest to its lowest, so ``u(r)`` cards of rank
  ``r`` on the piles need at least the sum over ranks of ``u(r) - u(r + 1)`` where that is
  positive (the runs whose highest card has rank ``r``), and one fewer run can go on below
  rank ``r`` when the pivot, of rank ``r``, is the last card of its run.

A table that play reaches is one of the choices the exact count ranges over, so where it
needs more piles than there are, no table does: the pivot cannot leave with these cards out.
docs/solver.md (Pruning, rule 6) gives the argument in full.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Final

from solitaire.solver.tables import Tables

NO_PIVOT: Final = -1
_HOME, _ON_A_PILE, _NONE = 0, 1, 2


def can_leave(t: Tables, out: list[int], pivot: int) -> bool:
    """True when the cards ``out`` (copies of each card home or on a pile, the pivot not
    among them) and ``pivot`` can stand home and on ``t.piles`` piles with the pivot on top:
    both counts allow it."""
    return _can_leave(t, bytes(out), pivot)


@lru_cache(maxsize=1 << 17)
def _can_leave(t: Tables, out: bytes, pivot: int) -> bool:
    """:func:`can_leave`, kept: the dead test asks again about the same cards out as each
    card of a waste leaves, and so do the waste game's positions that share its bottom.
    The exact count is the fewer of two, and the pivot on a pile allows most tables (about
    three in four the counts pass, along the solver's tests), so that one is tried first."""
    if overfull(t, out, pivot):
        return False
    if pivot < 0:
        return fewest_piles(t, out, pivot) <= t.piles
    return _fewest(t, out, pivot, _ON_A_PILE) <= t.piles or _fewest(t, out, pivot, _HOME) <= t.piles


def fewest_piles(t: Tables, out: bytes | list[int], pivot: int = NO_PIVOT) -> int:
    """The fewest piles on which the cards ``out`` and ``pivot`` can stand, with what is
    not home on the piles and the pivot on top (see the module's docstring); more than
    ``t.piles`` stands for "too many" (the count stops there)."""
    if pivot < 0:
        return _fewest(t, out, NO_PIVOT, _NONE)
    return min(_fewest(t, out, pivot, _HOME), _fewest(t, out, pivot, _ON_A_PILE))


def _fewest(t: Tables, out: bytes | list[int], pivot: int, mode: int) -> int:
    """:func:`fewest_piles` with the pivot home (``_HOME``, the top of its foundation) or on
    a pile (``_ON_A_PILE``, the last card of its run), or with no pivot."""
    limit = t.piles + 1
    avail, most = _bounds(t, out, pivot)
    suit = pivot & 3
    place = t.homepos[pivot] if pivot >= 0 else -1
    if mode == _ON_A_PILE:
        most[suit][place] = min(most[suit][place], avail[suit][place] - 1)
    states: dict[tuple[int, ...], tuple[int, int]] = {(0, 0, 0, 0): (0, 0)}
    last_rank = -1  # the rank of the place counted before, if its cards could form runs
    for q in range(12, -1, -1):
        first = t.sequence[0][q]
        stop = t.stopper[first]
        rank = t.rank[first]
        total = avail[0][q] + avail[1][q] + avail[2][q] + avail[3][q]
        joins = not stop and last_rank == rank + 1
        pivot_home = mode == _HOME and q == place
        pivot_last = mode == _ON_A_PILE and q == place
        ranges = [range(most[s][q] + 1) for s in range(4)]
        new: dict[tuple[int, ...], tuple[int, int]] = {}
        for ks, (cost, up) in states.items():
            lows = list(ks)
            if pivot_home:
                lows[suit] += 1
            for nk in product(*(r[low:] for r, low in zip(ranges, lows, strict=True))):
                piles = total - nk[0] - nk[1] - nk[2] - nk[3]
                if stop:
                    spent, next_up = cost + piles, 0
                else:
                    opened = piles - up if joins else piles  # runs that start at this place
                    spent = cost + opened if opened > 0 else cost
                    next_up = piles - 1 if pivot_last else piles
                if spent >= limit:
                    continue
                old = new.get(nk)
                if old is None or (spent, next_up) < old:
                    new[nk] = (spent, next_up)
        states = new
        last_rank = -1 if stop else rank
    return min((cost for cost, _up in states.values()), default=limit)


def _bounds(
    t: Tables, out: bytes | list[int], pivot: int
) -> tuple[list[list[int]], list[list[int]]]:
    """For each suit and place: the copies out (``avail``, the pivot among them), and the
    most foundations of the suit that can stand at that place or higher (``most``): no more
    than the copies of any place up to it, the pivot left out of the places after its own."""
    avail: list[list[int]] = []
    most: list[list[int]] = []
    for s in range(4):
        row_avail: list[int] = []
        row_most: list[int] = []
        room = t.decks
        for card in t.sequence[s]:
            on = out[card]
            count = on + 1 if card == pivot else on
            row_avail.append(count)
            row_most.append(room if room < count else count)
            if on < room:
                room = on
        avail.append(row_avail)
        most.append(row_most)
    return avail, most


def overfull(t: Tables, dealt: list[int] | bytes, pivot: int) -> bool:
    """True when the copies in ``dealt`` and the pivot that cannot be home as the pivot
    leaves need more piles than there are (the cheap count of the module's docstring)."""
    stoppers = 0
    need = [0] * 14  # copies of each rank that must be on piles
    have = [0] * 14  # copies of each rank that may be
    decks = t.decks
    for order in _suit_cards(t):
        room = decks
        for card, rank, stop in order:
            on = dealt[card]
            count = on + 1 if card == pivot else on
            if stop:
                if count > room:
                    stoppers += count - room
            else:
                if count > room:
                    need[rank] += count - room
                have[rank] += count
            if on < room:
                room = on
    return stoppers + _runs(need, have) > t.piles


@lru_cache(maxsize=16)
def _suit_cards(t: Tables) -> tuple[tuple[tuple[int, int, bool], ...], ...]:
    """Each suit's cards in the order they go home, each with its rank and whether it is a
    stopper."""
    return tuple(
        tuple((card, t.rank[card], t.stopper[card]) for card in order) for order in t.sequence
    )


def _runs(need: list[int], have: list[int]) -> int:
    """The fewest runs, each one card of every rank from its lowest to its highest, that
    hold between ``need[r]`` and ``have[r]`` cards of each rank ``r``: a run begins wherever
    the count goes up from one rank to the next, so the count is kept level for as long as
    ``need`` and ``have`` let it."""
    runs = level = 0
    for rank in range(1, 14):
        new = need[rank] if need[rank] > level else level
        if new > have[rank]:
            new = have[rank]
        if new > level:
            runs += new - level
        level = new
    return runs
