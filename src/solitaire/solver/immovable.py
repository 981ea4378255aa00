"""A card that can never move: a test that proves lost positions of games with no stock, no
free cell and one card moved at a time (docs/solver.md, Pruning, rule 9, gives the proof).

Follow any line from a position and look at the first time each card in play moves. Before
that move, every card that lies above it now has moved; and the card goes somewhere: home,
which needs every card below it in its suit's order home, so each of those is home now or
has moved; onto an empty pile, which needs a pile (not its own) that is empty now or whose
cards have all moved; or onto a card it builds on, which must then be on top, so that every
card above that one now has moved. So the cards that ever move all lie in the least set
closed under those conditions, which the function below works out pile by pile from the top.
When some card in play is left out of it, that card never moves, never goes home, and no
line wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.solver.tables import Tables


def immovable(t: Tables, piles: Sequence[bytes]) -> bool:
    """True when some card on ``piles`` can never move, so the position is lost (see the
    module's docstring). Only for tables with ``immovable_test``: every card not on the
    piles is home."""
    where = [-1] * 52  # card -> its pile, -1: home
    depth = [0] * 52  # card -> its index from the bottom of its pile
    for index, pile in enumerate(piles):
        for at, card in enumerate(pile):
            where[card] = index
            depth[card] = at
    moved = [0] * len(piles)  # how many cards from each pile's top can move
    sizes = [len(pile) for pile in piles]
    empty = 0 in sizes
    below, onto = t.below, t.onto
    changed = True
    while changed:
        changed = False
        for index, pile in enumerate(piles):
            size = sizes[index]
            if moved[index] == size:
                continue
            card = pile[size - 1 - moved[index]]
            if _can_move(card, index, where, depth, moved, sizes, below, onto, empty):
                moved[index] += 1
                changed = True
    return moved != sizes


def _can_move(
    card: int,
    index: int,
    where: list[int],
    depth: list[int],
    moved: list[int],
    sizes: list[int],
    below: Sequence[int],
    onto: Sequence[tuple[int, ...]],
    empty: bool,
) -> bool:
    """Whether ``card``, on pile ``index`` with every card above it able to move, meets one
    of the conditions for a first move: home, an empty pile, or a card it builds on."""
    low = below[card]
    while low >= 0:
        pile = where[low]
        if pile >= 0 and depth[low] < sizes[pile] - moved[pile]:
            break
        low = below[low]
    else:
        return True
    if empty or any(
        other != index and size and moved[other] == size for other, size in enumerate(sizes)
    ):
        return True
    for base in onto[card]:
        pile = where[base]
        if pile >= 0 and depth[base] >= sizes[pile] - moved[pile] - 1:
            return True
    return False
