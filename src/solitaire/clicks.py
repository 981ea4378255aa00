"""Where a clicked card goes, in SPEC's order, for every game alike.

A single card tries a foundation, then the first pile from ``t0`` that it builds on, then an
empty free cell, then an empty pile. A run of several cards never goes home: it tries the
first pile it builds on, then (where the rules allow it) an empty pile. Every candidate is
checked by the engine, so a click never makes a move a drag could not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from solitaire.engine import check, is_legal, legal_moves
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


ClickMap = dict[str, Any]
"""Pile name -> {card index as text: move text}; the stock's entry is the move ``"s"`` itself."""


def click_map(rules: Rules, state: State, legal: Iterable[Move] | None = None) -> ClickMap:
    """What a click on each card does now, as :func:`click_move` decides it: for every pile,
    the index of each card that a click moves (counted from the bottom, as text) and its
    move; ``"s"`` maps to ``"s"`` when a click on the stock deals. Cards a click leaves where
    they are have no entry.

    ``legal`` (the legal moves now, if known) only saves work: a click makes a legal move, so
    only the cards some legal move lifts are tried.

    >>> from solitaire import Game
    >>> game = Game.deal("stronghold", 1)
    >>> click_map(game.rules, game.state)["t1"]
    {'5': 't1>t4:2', '6': 't1>t6'}
    """
    moves = list(legal_moves(rules, state) if legal is None else legal)
    lifts = {(move.src, move.count) for move in moves if not move.is_deal}
    found: ClickMap = {}
    if Move.deal() in moves:
        found[STOCK] = STOCK
    names = [Pile(TABLEAU, i) for i in range(len(state.tableau))]
    names += [Pile(CELL, i) for i in range(len(state.cells))]
    names += [Pile(WASTE), *(Pile(FOUNDATION, i) for i in range(len(state.foundations)))]
    for pile in names:
        size = len(state.pile(pile))
        targets = {
            str(index): str(move)
            for index in range(size)
            if (pile, size - index) in lifts
            and (move := click_move(rules, state, pile, index)) is not None
        }
        if targets:
            found[str(pile)] = targets
    return found
