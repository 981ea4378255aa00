"""Build small hand-made positions from card names, for tests that pin one rule at a time.

A hand-made position need not hold the whole deck: the engine's move rules only look at the
cards that are there. Tests that need a complete table (the win, Auto complete, layouts) fill
the foundations with :func:`table`'s ``f`` argument, which names each foundation's top card.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from solitaire.engine.cards import card_name, parse_card, rank_of, suit_of
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import apply, legal_moves
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State


def cards(text: str) -> tuple[int, ...]:
    """The codes of space-separated card names, bottom to top: ``cards("KH QS")``."""
    return tuple(parse_card(name) for name in text.split())


def names(codes: Sequence[int]) -> str:
    """The space-separated names of card codes."""
    return " ".join(card_name(code) for code in codes)


def foundation(rules: Rules, index: int, top: str) -> tuple[int, ...]:
    """Foundation ``index`` built up by suit from its base to the card ``top`` ("" = as dealt)."""
    found = rules.foundations
    if not top:
        return found.dealt[index : index + 1] if found.suits is not None else ()
    card = parse_card(top)
    suit = suit_of(card)
    height = found.position[rank_of(card)] + 1
    return tuple((rank - 1) * 4 + suit for rank in found.sequence[:height])


def table(
    game: str,
    t: Sequence[str] = (),
    f: Sequence[str] = (),
    c: Sequence[str | None] = (),
    stock: str = "",
    waste: str = "",
) -> State:
    """A position of ``game``: ``t`` lists the tableau piles from ``t0`` (missing ones are
    empty), ``f`` each foundation's top card (missing ones are as dealt), ``c`` the free cells,
    ``stock`` and ``waste`` their cards bottom to top (the last is the next card / the top).
    """
    rules = get_rules(game)
    assert len(t) <= rules.tableau.piles and len(c) <= rules.cells, "too many piles"
    piles = [cards(text) for text in t]
    piles += [()] * (rules.tableau.piles - len(piles))
    tops = list(f) + [""] * (rules.foundations.count - len(f))
    cells = [None if name is None else parse_card(name) for name in c]
    cells += [None] * (rules.cells - len(cells))
    return State(
        tableau=tuple(piles),
        foundations=tuple(foundation(rules, i, top) for i, top in enumerate(tops)),
        cells=tuple(cells),
        stock=cards(stock),
        waste=cards(waste),
    )


def legal(game: str, state: State) -> list[str]:
    """The legal moves of ``state`` as text, in the engine's order."""
    return [str(move) for move in legal_moves(get_rules(game), state)]


def play(game: str, state: State, *moves: str) -> State:
    """The position after playing ``moves`` (checked) from ``state``."""
    rules = get_rules(game)
    for text in moves:
        _, state = apply(rules, state, Move.from_str(text))
    return state


@cache
def parsed(text: str) -> Move:
    """``Move.from_str(text)``, read once per text: a line of a few hundred moves uses a few
    dozen texts, and a ``Move`` is frozen, so one serves every line."""
    return Move.from_str(text)


def replay_wins(game: str, number: int, line: Sequence[str]) -> bool:
    """Whether ``line``, replayed by the engine from deal ``number`` (``Game.replay``: every
    move checked), wins; an illegal move raises."""
    played = Game.replay(Layout.dealt(game, number), [parsed(text) for text in line])
    return played.status == "won"
