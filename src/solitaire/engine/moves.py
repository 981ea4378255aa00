"""The generic engine: which moves are legal in a position, and what a move does.

Every function takes the game's :class:`~solitaire.engine.rules.Rules` and an immutable
:class:`~solitaire.engine.state.State`; none of them asks which game it is playing.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from solitaire.engine.cards import card_name, code_of, rank_of
from solitaire.engine.errors import IllegalMoveError
from solitaire.engine.rules import Rules, RunRule, StockTarget
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

_T = tuple(Pile(TABLEAU, i) for i in range(16))
_F = tuple(Pile(FOUNDATION, i) for i in range(16))
_C = tuple(Pile(CELL, i) for i in range(8))
_W = Pile(WASTE)


def home_wants(rules: Rules, state: State) -> dict[int, list[int]]:
    """Map each card code that some foundation takes now to those foundations' indices."""
    found = rules.foundations
    wants: dict[int, list[int]] = {}
    for index, pile in enumerate(state.foundations):
        if not pile and found.suits is None:
            for suit in range(4):
                wants.setdefault(code_of(found.base, suit), []).append(index)
        else:
            card = found.next_card(pile, index)
            if card is not None:
                wants.setdefault(card, []).append(index)
    return wants


def run_length(rules: Rules, pile: tuple[int, ...]) -> int:
    """How many cards on top of ``pile`` form a built run (0 for an empty pile)."""
    if not pile:
        return 0
    fits = rules.fits
    length = 1
    for below in range(len(pile) - 2, -1, -1):
        if pile[below + 1] not in fits[pile[below]]:
            break
        length += 1
    return length


def run_limit(rules: Rules, state: State, to_empty: bool) -> int:
    """The longest run one move may carry, onto an empty pile or onto a card."""
    if rules.runs is RunRule.ONE_CARD:
        return 1
    if rules.runs is RunRule.ANY_RUN:
        return 52 * rules.decks
    free_cells = sum(card is None for card in state.cells)
    empty_piles = sum(not pile for pile in state.tableau) - (1 if to_empty else 0)
    return (1 + free_cells) << max(empty_piles, 0)


def can_leave_foundation(rules: Rules, state: State, pile: tuple[int, ...]) -> bool:
    """Whether the top card of a foundation holding ``pile`` may come back into play: only
    where the rules let cards come back, never a dealt base card, and never once the game
    is won.
    """
    fixed = 1 if rules.foundations.suits is not None else 0
    return rules.foundations.returns and len(pile) > fixed and state.home_count() < rules.cards


@cache
def _depths(rules: Rules) -> tuple[int, ...]:
    """For each rank (index 1-13), how far down the build order it stands."""
    return (0, *(rules.build.depth(rank) for rank in range(1, 14)))


def legal_moves(rules: Rules, state: State) -> Iterator[Move]:
    """Yield every legal move, in a fixed order: sources from t0 on, then cells, waste,
    foundations and the stock; for each source, foundations first, then piles from t0.
    """
    tableau = state.tableau
    fits = rules.fits
    wants = home_wants(rules, state)
    empty = [i for i, pile in enumerate(tableau) if not pile]
    free = [i for i, card in enumerate(state.cells) if card is None]
    onto_card = run_limit(rules, state, to_empty=False)
    onto_empty = run_limit(rules, state, to_empty=True)
    depth = _depths(rules)

    def single(src: Pile, card: int, to_cells: bool) -> Iterator[Move]:
        for index, pile in enumerate(tableau):
            if pile and card in fits[pile[-1]]:
                yield Move(src, _T[index])
        for index in empty:
            yield Move(src, _T[index])
        if to_cells:
            for index in free:
                yield Move(src, _C[index])

    for i, pile in enumerate(tableau):
        if not pile:
            continue
        src = _T[i]
        top = pile[-1]
        for f in wants.get(top, ()):
            yield Move(src, _F[f])
        run = run_length(rules, pile) if onto_card > 1 or onto_empty > 1 else 1
        for j, dst in enumerate(tableau):
            if j == i:
                continue
            if dst:
                count = depth[rank_of(top)] - depth[rank_of(dst[-1])]
                if 1 <= count <= min(run, onto_card) and pile[-count] in fits[dst[-1]]:
                    yield Move(src, _T[j], count)
            else:
                for count in range(1, min(run, onto_empty) + 1):
                    yield Move(src, _T[j], count)
        for c in free:
            yield Move(src, _C[c])
    for c, card in enumerate(state.cells):
        if card is not None:
            src = _C[c]
            for f in wants.get(card, ()):
                yield Move(src, _F[f])
            yield from single(src, card, to_cells=False)
    if state.waste:
        top = state.waste[-1]
        for f in wants.get(top, ()):
            yield Move(_W, _F[f])
        yield from single(_W, top, to_cells=True)
    for f, pile in enumerate(state.foundations):
        if pile and can_leave_foundation(rules, state, pile):
            yield from single(_F[f], pile[-1], to_cells=False)
    if state.stock:
        yield Move.deal()


def check(rules: Rules, state: State, move: Move) -> Move:
    """Return ``move`` with any ``f`` destination resolved, or raise :class:`IllegalMoveError`
    saying why the move is not allowed here.
    """
    if move.is_deal:
        if move != Move.deal():
            raise IllegalMoveError("the stock only deals: write 's'")
        if rules.stock is None:
            raise IllegalMoveError(f"{rules.name} has no stock")
        if not state.stock:
            raise IllegalMoveError("the stock is empty, and it is never dealt again")
        return move
    if move.count < 1:
        raise IllegalMoveError("a move takes at least one card")
    _check_pile_exists(rules, move.src)
    if move.dst != ANY_FOUNDATION:
        _check_pile_exists(rules, move.dst)
    src_cards = state.pile(move.src)
    if not src_cards:
        raise IllegalMoveError(f"{move.src} is empty")
    if move.count > len(src_cards):
        raise IllegalMoveError(f"{move.src} has only {len(src_cards)} card(s)")
    if move.count > 1 and move.src.kind != TABLEAU:
        raise IllegalMoveError("only tableau piles give more than one card at a time")
    if move.src == move.dst:
        raise IllegalMoveError("a card cannot move onto its own pile")
    card = src_cards[-move.count]
    if move.src.kind == FOUNDATION and not can_leave_foundation(rules, state, src_cards):
        if not rules.foundations.returns:
            raise IllegalMoveError("a card on a foundation never comes back into play")
        if state.home_count() == rules.cards:
            raise IllegalMoveError("the game is won: every card stays home")
        raise IllegalMoveError(f"the base {card_name(card)} never leaves its foundation")
    if move.dst.kind == FOUNDATION:
        return _check_home(rules, state, move, card)
    if move.dst.kind == CELL:
        if move.count != 1:
            raise IllegalMoveError("a free cell holds one card")
        if move.src.kind in (CELL, FOUNDATION):
            raise IllegalMoveError(f"a card from {move.src} cannot go into a free cell")
        if state.cells[move.dst.index] is not None:
            raise IllegalMoveError(f"the free cell {move.dst} is full")
        return move
    if move.dst.kind != TABLEAU:
        raise IllegalMoveError(f"no card can be put on {move.dst}")
    _check_run(rules, state, move, src_cards)
    dst_cards = state.tableau[move.dst.index]
    if dst_cards and card not in rules.fits[dst_cards[-1]]:
        raise IllegalMoveError(
            f"{card_name(card)} does not build on {card_name(dst_cards[-1])}: "
            f"{rules.name} builds down by {rules.build.suit.value}"
        )
    return move


def _check_pile_exists(rules: Rules, pile: Pile) -> None:
    kind = pile.kind
    if kind == TABLEAU:
        size = rules.tableau.piles
    elif kind == FOUNDATION:
        size = rules.foundations.count
    elif kind == CELL:
        size = rules.cells
    elif kind == WASTE:
        size = 1 if rules.has_waste else 0
    else:
        size = 1 if kind == STOCK and rules.stock else 0
    if not 0 <= pile.index < size:
        raise IllegalMoveError(f"{rules.name} has no pile {pile}")


def _check_home(rules: Rules, state: State, move: Move, card: int) -> Move:
    if move.count != 1:
        raise IllegalMoveError("cards go to a foundation one at a time")
    if move.src.kind == FOUNDATION:
        raise IllegalMoveError("a card cannot move from one foundation to another")
    found = rules.foundations
    if move.dst == ANY_FOUNDATION:
        for index, pile in enumerate(state.foundations):
            if found.takes(pile, index, card):
                return Move(move.src, _F[index], 1)
        raise IllegalMoveError(f"no foundation takes {card_name(card)}")
    if not found.takes(state.foundations[move.dst.index], move.dst.index, card):
        raise IllegalMoveError(f"{move.dst} does not take {card_name(card)}")
    return move


def _check_run(rules: Rules, state: State, move: Move, src_cards: tuple[int, ...]) -> None:
    if move.count == 1:
        return
    if rules.runs is RunRule.ONE_CARD:
        raise IllegalMoveError(f"{rules.name} moves one card at a time")
    if run_length(rules, src_cards) < move.count:
        raise IllegalMoveError(
            f"the top {move.count} cards of {move.src} are not a run built down by "
            f"{rules.build.suit.value}"
        )
    limit = run_limit(rules, state, to_empty=not state.tableau[move.dst.index])
    if move.count > limit:
        raise IllegalMoveError(
            f"only {limit} card(s) can move as one now: the limit is "
            "(1 + empty free cells) x 2 for each empty pile other than the destination"
        )


def is_legal(rules: Rules, state: State, move: Move) -> bool:
    """Tell whether ``move`` may be played in ``state``."""
    try:
        check(rules, state, move)
    except IllegalMoveError:
        return False
    return True


def apply(rules: Rules, state: State, move: Move) -> tuple[Move, State]:
    """Check ``move`` and play it: return the move as recorded and the new state.

    The state passed in is never changed; an illegal move raises :class:`IllegalMoveError`.
    """
    move = check(rules, state, move)
    return move, play(rules, state, move)


def play(rules: Rules, state: State, move: Move) -> State:
    """Play a move known to be legal (no checks: the solver's fast path)."""
    tableau = list(state.tableau)
    foundations = state.foundations
    cells = state.cells
    stock = state.stock
    waste = state.waste
    if move.is_deal:
        assert rules.stock is not None
        if rules.stock.to is StockTarget.WASTE:
            waste = (*waste, stock[-1])
            stock = stock[:-1]
        else:
            dealt = min(len(stock), len(tableau))
            for i in range(dealt):
                tableau[i] = (*tableau[i], stock[-1 - i])
            stock = stock[:-dealt]
        return State(tuple(tableau), foundations, cells, stock, waste)
    src, dst, count = move.src, move.dst, move.count
    kind = src.kind
    if kind == TABLEAU:
        pile = tableau[src.index]
        moving = pile[-count:]
        tableau[src.index] = pile[:-count]
    elif kind == WASTE:
        moving = waste[-1:]
        waste = waste[:-1]
    elif kind == CELL:
        moving = (cells[src.index],)  # type: ignore[assignment]
        cells = (*cells[: src.index], None, *cells[src.index + 1 :])
    else:
        pile = foundations[src.index]
        moving = pile[-1:]
        foundations = (*foundations[: src.index], pile[:-1], *foundations[src.index + 1 :])
    kind = dst.kind
    if kind == TABLEAU:
        tableau[dst.index] = tableau[dst.index] + moving
    elif kind == FOUNDATION:
        pile = foundations[dst.index] + moving
        foundations = (*foundations[: dst.index], pile, *foundations[dst.index + 1 :])
    else:
        cells = (*cells[: dst.index], moving[0], *cells[dst.index + 1 :])
    if stock and rules.refills:
        for i, pile in enumerate(tableau):
            if not pile and stock:
                tableau[i] = stock[-1:]
                stock = stock[:-1]
    return State(tuple(tableau), foundations, cells, stock, waste)
