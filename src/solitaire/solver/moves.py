"""Move generation for the solver's positions: every move worth trying, each kind of
duplicate under the canonical key left out (:meth:`solitaire.solver.kernel.Kernel.key`).

``tests/test_solver_pinned.py`` pins it to the engine's ``legal_moves``, position by
position. The C core's twin is ``core/moves.c``, with the same helpers.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from solitaire.solver.lookup import Lookup
from solitaire.solver.tables import CELL0, DEAL, EMPTY, FOUND0, WASTE_SRC, Position, RawMove, Tables

_NO_TOP: Final = 52 * 52
"""The row of ``fits_on`` for an empty pile: nothing builds on it."""


class Targets(NamedTuple):
    """Where cards may go from a position, worked out once for all of its moves."""

    sortable: bool
    """Piles are interchangeable: one empty pile stands for all."""
    first_empty: list[int]
    """The empty piles a card may go to: the first, or each while piles are not sortable."""
    free: int
    """The first free cell, -1: none."""
    onto_card: int
    """The longest run that may move onto a card."""
    onto_empty: int
    """The longest run that may move onto an empty pile."""
    rows: list[int]
    """Each pile's row of ``fits_on``: its top card's, or :data:`_NO_TOP`."""


def generate(look: Lookup, pos: Position) -> list[RawMove]:
    """Every move worth trying from ``pos``.

    Left out: a move to any empty pile but the first (while piles are interchangeable),
    moving a whole pile onto an empty one (its key is the parent's), a move to any free
    cell but the first, a second card of the same code in the free cells or on the
    foundations, and a card sent to any foundation but the first that takes it.
    """
    wants = look.found_info(pos[1])[0]
    to = _targets(look.t, pos)
    out: list[RawMove] = []
    _pile_moves(look, to, wants, pos[0], out)
    _single_moves(look, to, wants, pos, out)
    if pos[3]:
        out.append(DEAL)
    return out


def _targets(t: Tables, pos: Position) -> Targets:
    tab, _found, cells, stock, _waste, _left = pos
    sortable = not (stock and t.ordered_while_stock)
    empties = [i for i in range(t.piles) if not tab[i]]
    free_cells = cells.count(EMPTY)
    if t.one_card:
        onto_card = onto_empty = 1
    elif t.limited:
        onto_card = (1 + free_cells) << len(empties)
        onto_empty = (1 + free_cells) << max(len(empties) - 1, 0)
    else:
        onto_card = onto_empty = 999
    return Targets(
        sortable,
        empties[:1] if sortable else empties,
        cells.find(EMPTY),
        onto_card,
        onto_empty,
        [pile[-1] * 52 if pile else _NO_TOP for pile in tab],
    )


def _pile_moves(
    look: Lookup, to: Targets, wants: dict[int, int], tab: tuple[bytes, ...], out: list[RawMove]
) -> None:
    """The moves from each pile, into ``out``: its top card home, runs onto other piles and
    onto an empty pile, its top card to the free cell."""
    t = look.t
    sortable, first_empty, free, onto_card, onto_empty, rows = to
    fits_on = t.fits_on
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


def _single_moves(
    look: Lookup, to: Targets, wants: dict[int, int], pos: Position, out: list[RawMove]
) -> None:
    """The moves of single cards, into ``out``: the free cells' (a second card of the same
    code left out) and the waste's top card, home; the waste's to the free cell; then each of
    them, and each foundation's top card that may come back, onto the piles and an empty
    pile."""
    _tab, found, cells, _stock, waste, left = pos
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
        if to.free >= 0:
            out.append((WASTE_SRC, CELL0 + to.free, 1))
    if look.t.returns and left:  # once won, every card stays home
        seen_tops = set()
        for index, top in enumerate(found):
            if top >= 0 and not look.is_base(top) and top not in seen_tops:
                seen_tops.add(top)
                singles.append((FOUND0 + index, top))
    fits_on = look.t.fits_on
    rows = to.rows
    npiles = look.t.piles
    for src, card in singles:
        for j in range(npiles):
            if fits_on[rows[j] + card]:
                out.append((src, j, 1))
        for j in to.first_empty:
            out.append((src, j, 1))
