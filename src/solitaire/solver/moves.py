"""Move generation for the solver's positions: every move worth trying, each kind of
duplicate under the canonical key left out (:meth:`solitaire.solver.kernel.Kernel.key`).

``tests/test_solver_pinned.py`` pins it to the engine's ``legal_moves``, position by
position.
"""

from __future__ import annotations

from typing import Final

from solitaire.solver.lookup import Lookup
from solitaire.solver.tables import CELL0, DEAL, EMPTY, FOUND0, WASTE_SRC, Position, RawMove

_NO_TOP: Final = 52 * 52
"""The row of ``fits_on`` for an empty pile: nothing builds on it."""


def generate(look: Lookup, pos: Position) -> list[RawMove]:
    """Every move worth trying from ``pos``.

    Left out: a move to any empty pile but the first (while piles are interchangeable),
    moving a whole pile onto an empty one (its key is the parent's), a move to any free
    cell but the first, a second card of the same code in the free cells or on the
    foundations, and a card sent to any foundation but the first that takes it.
    """
    t = look.t
    tab, found, cells, stock, waste, left = pos
    wants = look.found_info(found)[0]
    sortable = not (stock and t.ordered_while_stock)
    out: list[RawMove] = []
    empties = [i for i in range(t.piles) if not tab[i]]
    free = -1  # the first free cell
    free_cells = 0
    for j in range(len(cells)):
        if cells[j] == EMPTY:
            free_cells += 1
            if free < 0:
                free = j
    if t.one_card:
        onto_card = onto_empty = 1
    elif t.limited:
        onto_card = (1 + free_cells) << len(empties)
        onto_empty = (1 + free_cells) << max(len(empties) - 1, 0)
    else:
        onto_card = onto_empty = 999
    first_empty = empties[:1] if sortable else empties
    fits_on = t.fits_on
    # rows[j]: the row of fits_on for pile j's top card
    rows = [pile[-1] * 52 if pile else _NO_TOP for pile in tab]
    npiles = t.piles
    for i, pile in enumerate(tab):
        if not pile:
            continue
        top = pile[-1]
        if top in wants:
            out.append((i, FOUND0 + wants[top], 1))
        run = 1 if t.one_card else look.pile_info(pile)[0]
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
    if t.returns and left:  # once won, every card stays home
        seen_tops = set()
        for index, top in enumerate(found):
            if top >= 0 and not look.is_base(top) and top not in seen_tops:
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
