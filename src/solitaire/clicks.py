"""Where a clicked card goes, in SPEC's order, for every game alike.

A single card tries a foundation, then the first pile from ``t0`` that it builds on, then an
empty free cell, then an empty pile. A run of several cards never goes home: it tries the
first pile it builds on, then (where the rules allow it) an empty pile. Every candidate is
checked by the engine, so a click never makes a move a drag could not.
"""

from __future__ import annotations

from collections.abc import Iterator

from solitaire.engine import check, is_legal
from solitaire.errors import IllegalMoveError
from solitaire.rules import Rules
from solitaire.state import (
    ANY_FOUNDATION,
    CELL,
    FOUNDATION,
    STOCK,
    TABLEAU,
    WASTE,
    Move,
    Pile,
    State,
)


def click_move(rules: Rules, state: State, pile: Pile, index: int | None = None) -> Move | None:
    """The move a click on card ``index`` of ``pile`` makes (the top card when None), or None.

    Clicking the stock deals. A click on a card that cannot move does nothing.
    """
    if pile.kind == STOCK:
        deal = Move.deal()
        return deal if is_legal(rules, state, deal) else None
    cards = state.pile(pile)
    if not cards:
        return None
    if index is None:
        index = len(cards) - 1
    if not 0 <= index < len(cards):
        return None
    count = len(cards) - index
    if count > 1 and pile.kind != TABLEAU:
        return None
    for move in _candidates(rules, state, pile, count):
        try:
            return check(rules, state, move)
        except IllegalMoveError:
            continue
    return None


def _candidates(rules: Rules, state: State, src: Pile, count: int) -> Iterator[Move]:
    tableau = state.tableau
    builds = (
        Move(src, Pile(TABLEAU, i), count)
        for i, pile in enumerate(tableau)
        if pile and Pile(TABLEAU, i) != src
    )
    lone = src.kind == TABLEAU and len(tableau[src.index]) == count
    empties = (
        Move(src, Pile(TABLEAU, i), count)
        for i, pile in enumerate(tableau)
        if not pile and not lone
    )
    if src.kind == FOUNDATION:
        yield from builds
        return
    if count > 1:
        yield from builds
        if rules.run_clicks_to_empty:
            yield from empties
        return
    yield Move(src, ANY_FOUNDATION)
    yield from builds
    if src.kind in (TABLEAU, WASTE):
        yield from (Move(src, Pile(CELL, i)) for i, card in enumerate(state.cells) if card is None)
    yield from empties
