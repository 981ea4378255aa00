"""The solver's tables: everything its hot path reads that depends on the rules alone.

A position inside the solver is a plain tuple ``(tableau, foundations, cells, stock, waste,
left)``:

- ``tableau``: one ``bytes`` per pile, card codes bottom to top;
- ``foundations``: each foundation's top card code, or -1 while it is empty;
- ``cells``: ``bytes`` with one byte per free cell, :data:`EMPTY` where it is free;
- ``stock``: how many cards the stock still holds (its order never changes, so the first
  ``stock`` cards of the starting stock are what is left);
- ``waste``: ``bytes``, bottom to top;
- ``left``: how many cards are not yet home (0 is the win).

A raw move is ``(src, dst, count)``: piles are numbered from 0, free cells from
:data:`CELL0`, foundations from :data:`FOUND0`, the waste is :data:`WASTE_SRC`, and
:data:`DEAL` works the stock. Nothing here asks which game it is: every table comes from
the rules, once per game (:func:`tables`), and is shared by every kernel of the game.
"""

from __future__ import annotations

from typing import Final

from solitaire.engine.cards import code_of, rank_of, suit_of
from solitaire.engine.rules import Rules, RunRule, StockTarget

EMPTY: Final = 255
"""The byte of a free cell."""

WASTE_SRC: Final = 48
CELL0: Final = 32
FOUND0: Final = 64
DEAL: Final = (-1, -1, 0)

Position = tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, bytes, int]
RawMove = tuple[int, int, int]
Child = tuple[int, bytes, Position, tuple[RawMove, ...]]
"""A successor: its score, its canonical key, the position and the moves that reach it."""


class Tables:
    """What a kernel reads that depends on the rules alone: worked out once per game and
    shared by every kernel of it (a solve's searches, and every stuck check)."""

    def __init__(self, rules: Rules) -> None:
        found = rules.foundations
        self.piles = rules.tableau.piles
        self.foundations = found.count
        self.ncells = rules.cells
        self.decks = rules.decks
        self.cards = rules.cards
        self.fits: tuple[frozenset[int], ...] = rules.fits
        self.fits_on = _fits_on(rules)
        self.homepos: tuple[int, ...] = rules.home_position
        self.one_card = rules.runs is RunRule.ONE_CARD
        self.limited = rules.runs is RunRule.LIMITED_RUN
        self.refills = rules.refills
        # Pile order matters while the stock deals onto piles by index or refills them.
        self.ordered_while_stock = rules.stock is not None and (
            rules.stock.to is StockTarget.EVERY_PILE or rules.stock.refill
        )
        self.deal_to_piles = rules.stock is not None and rules.stock.to is StockTarget.EVERY_PILE
        # with no stock, waste or free cells the piles alone make the key
        self.bare_key = rules.stock is None and not rules.cells
        self.stock_marks = tuple(bytes((254, left)) for left in range(rules.cards + 1))
        self.returns = found.returns
        self.suited = found.suits is not None
        self.base_cards = tuple(code_of(found.base, suit) for suit in range(4))
        self.next_home, self.below = _next_and_below(rules)
        self.card_bytes = tuple(bytes((card,)) for card in range(52))
        self.rank = tuple(rank_of(code) for code in range(52))
        self.need_suits, self.need_pos = _needs(rules)
        # fitters that are dealt bases never leave: they count as home for good
        self.fitters_fixed = tuple(
            all(found.dealt.count(x) == rules.decks for x in rules.fits[card]) for card in range(52)
        )
        self.stopper = tuple(card in rules.stoppers for card in range(52))
        self.takes_nothing = tuple(not rules.fits[card] for card in range(52))
        self.runs_only = _runs_only(rules)
        self.immovable_test = _immovable_test(rules)
        # the cards each card builds on
        self.onto = tuple(
            tuple(top for top in range(52) if card in rules.fits[top]) for card in range(52)
        )
        # each suit's cards in the order its foundations take them
        self.sequence = tuple(
            bytes(code_of(rank, suit) for rank in found.sequence) for suit in range(4)
        )


def _fits_on(rules: Rules) -> bytes:
    """``fits_on[top * 52 + card]`` is 1 when ``card`` builds on ``top``; row 52 (no top) is 0."""
    fits_on = bytearray(53 * 52)
    for top, cards in enumerate(rules.fits):
        for card in cards:
            fits_on[top * 52 + card] = 1
    return bytes(fits_on)


def _next_and_below(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The next card a foundation takes, by its top card code + 1 (so that -1, empty, works;
    -1: complete); and the card under each card on its foundation (-1: none)."""
    found = rules.foundations
    nxt = [-1] * 53
    below = [-1] * 52
    for top in range(52):
        pos = found.position[rank_of(top)]
        if pos < 12:
            nxt[top + 1] = code_of(found.sequence[pos + 1], suit_of(top))
        if pos > 0:
            below[top] = code_of(found.sequence[pos - 1], suit_of(top))
    return tuple(nxt), tuple(below)


def _needs(rules: Rules) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For each card, the suits of the cards that build on it, and the home position of the
    first of those (-1: none)."""
    need_suits: list[tuple[int, ...]] = []
    need_pos: list[int] = []
    for card in range(52):
        fitters = sorted(rules.fits[card])
        need_suits.append(tuple(sorted({suit_of(x) for x in fitters})))
        need_pos.append(rules.home_position[fitters[0]] if fitters else -1)
    return tuple(need_suits), tuple(need_pos)


def _runs_only(rules: Rules) -> bool:
    """Whether the dead-position test (dead.py) holds: every pile is a built run of
    consecutive ranks, and the waste, filled by the stock alone, empties only onto foundations
    and piles."""
    return (
        rules.has_waste
        and not rules.cells
        and not rules.refills
        and not (rules.stock is not None and rules.stock.to is StockTarget.EVERY_PILE)
        and rules.foundations.suits is not None
        and max(rules.tableau.deal) <= 1
        and all(rank_of(x) == rank_of(c) - 1 for c in range(52) for x in rules.fits[c])
    )


def _immovable_test(rules: Rules) -> bool:
    """Whether the test of cards that can never move (immovable.py) holds: no stock and no
    waste, no free cell, one deck, no card taken back off a foundation, and runs that move
    one card at a time or as far as empty piles allow (then a run's move is a string of
    one-card moves through the empty piles)."""
    return (
        rules.stock is None
        and not rules.has_waste
        and not rules.cells
        and rules.runs is not RunRule.ANY_RUN
        and rules.decks == 1
        and not rules.foundations.returns
    )


_TABLES: dict[Rules, Tables] = {}


def tables(rules: Rules) -> Tables:
    """The tables of ``rules``, made the first time a game's kernel asks."""
    found = _TABLES.get(rules)
    if found is None:
        found = _TABLES[rules] = Tables(rules)
    return found
