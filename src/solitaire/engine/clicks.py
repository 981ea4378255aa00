"""Where a clicked card goes, in SPEC's order, for every game alike.

A single card tries a foundation, then the first pile from ``t0`` that it builds on, then an
empty free cell, then an empty pile. A run of several cards never goes home: it tries the
first pile it builds on, then (where the rules allow it) an empty pile. Every candidate is
checked by the engine, so a click never makes a move a drag could not.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from solitaire.engine.errors import IllegalMoveError
from solitaire.engine.moves import check, is_legal, legal_moves
from solitaire.engine.rules import Rules
from solitaire.engine.state import (
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

    It is worked out from the legal moves (``legal``, when already listed), which are every
    move the engine's check accepts: of the legal moves that lift a card or run, the click
    takes the first in :func:`click_move`'s order, so no move is checked again. The game
    object carries this map after every move, so it must cost little.

    >>> from solitaire import Game
    >>> game = Game.deal("stronghold", 1)
    >>> click_map(game.rules, game.state)["t1"]
    {'5': 't1>t4:2', '6': 't1>t6'}
    """
    moves = list(legal_moves(rules, state) if legal is None else legal)
    best: dict[tuple[Pile, int], tuple[tuple[int, int], Move]] = {}
    found: ClickMap = {}
    for move in moves:
        if move.is_deal:
            found[STOCK] = STOCK
            continue
        rank = _click_rank(rules, state, move)
        if rank is None:
            continue
        lift = (move.src, move.count)
        if lift not in best or rank < best[lift][0]:
            best[lift] = (rank, move)
    for (src, count), (_rank, move) in best.items():
        size = len(state.pile(src))
        found.setdefault(str(src), {})[str(size - count)] = str(move)
    return found


def _click_rank(rules: Rules, state: State, move: Move) -> tuple[int, int] | None:
    """Where legal ``move`` stands in :func:`_candidates`' order for a click that lifts its
    cards (lower first), or None when such a click never makes it."""
    src, dst, count = move.src, move.dst, move.count
    if count > 1 and src.kind != TABLEAU:
        return None
    if dst.kind == FOUNDATION:
        return None if count > 1 or src.kind == FOUNDATION else (0, dst.index)
    if dst.kind == CELL:
        return (2, dst.index) if count == 1 and src.kind in (TABLEAU, WASTE) else None
    if state.tableau[dst.index]:
        return (1, dst.index)
    lone = src.kind == TABLEAU and len(state.tableau[src.index]) == count
    if lone or src.kind == FOUNDATION or (count > 1 and not rules.run_clicks_to_empty):
        return None
    return (3, dst.index)
