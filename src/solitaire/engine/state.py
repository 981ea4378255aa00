"""Positions and moves: the engine's immutable values and their text forms."""

from __future__ import annotations

import re
from dataclasses import dataclass

from solitaire.engine.errors import NotationError

TABLEAU, FOUNDATION, CELL, STOCK, WASTE = "t", "f", "c", "s", "w"

_PILE = re.compile(r"^(?:([tfc])(0|[1-9][0-9]?)|([sw]))$")
_MOVE = re.compile(r"^\s*([a-z0-9]+)\s*>\s*([a-z0-9]+)\s*(?::\s*([0-9]+))?\s*$")


@dataclass(frozen=True, slots=True)
class Pile:
    """A pile's name: ``kind`` is one of t, f, c, s, w; ``index`` counts from 0 (0 for s and w).

    >>> Pile.from_str("t11")
    Pile(kind='t', index=11)
    >>> str(Pile("w", 0))
    'w'
    """

    kind: str
    index: int = 0

    @classmethod
    def from_str(cls, text: str) -> Pile:
        """Read a pile name such as ``t3``, ``f0``, ``c0``, ``s`` or ``w``."""
        match = _PILE.match(text) if isinstance(text, str) else None
        if not match:
            raise NotationError(f"{text!r} is not a pile: write t0..t11, f0..f7, c0, s or w")
        if match[3]:
            return cls(match[3], 0)
        return cls(match[1], int(match[2]))

    def __str__(self) -> str:
        return self.kind if self.kind in (STOCK, WASTE) else f"{self.kind}{self.index}"


ANY_FOUNDATION = Pile(FOUNDATION, -1)
"""The destination ``f`` of an input move: whichever foundation takes the card."""
STOCK_PILE = Pile(STOCK)


@dataclass(frozen=True, slots=True)
class Move:
    """Move the top ``count`` cards of ``src`` onto ``dst``; ``Move.deal()`` works the stock.

    >>> str(Move.from_str("t3>t5:2"))
    't3>t5:2'
    >>> Move.from_str("s") == Move.deal()
    True
    """

    src: Pile
    dst: Pile
    count: int = 1

    @classmethod
    def deal(cls) -> Move:
        """The move that turns the stock (a waste game) or deals from it (Blockade)."""
        return cls(STOCK_PILE, STOCK_PILE, 0)

    @property
    def is_deal(self) -> bool:
        """Whether this move works the stock."""
        return self.src.kind == STOCK

    @classmethod
    def from_str(cls, text: str) -> Move:
        """Read ``SRC>DST``, ``SRC>DST:K`` or ``s``; ``f`` as DST means any foundation."""
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a move: write it like 't3>t5', 't3>t5:2' or 's'")
        if text.strip() == STOCK:
            return cls.deal()
        match = _MOVE.match(text)
        if not match:
            raise NotationError(f"{text!r} is not a move: write it like 't3>t5', 't3>t5:2' or 's'")
        src = Pile.from_str(match[1])
        dst = ANY_FOUNDATION if match[2] == FOUNDATION else Pile.from_str(match[2])
        if match[3] and len(match[3]) > 3:
            raise NotationError(f"{text[:40]!r}...: no move takes that many cards")
        count = int(match[3]) if match[3] else 1
        if src.kind == STOCK or dst.kind == STOCK:
            raise NotationError(f"{text!r}: the stock only deals; write 's'")
        if count < 1:
            raise NotationError(f"{text!r}: a move takes at least one card")
        return cls(src, dst, count)

    def __str__(self) -> str:
        if self.is_deal:
            return STOCK
        dst = FOUNDATION if self.dst == ANY_FOUNDATION else str(self.dst)
        suffix = f":{self.count}" if self.count != 1 else ""
        return f"{self.src}>{dst}{suffix}"


@dataclass(frozen=True, slots=True)
class State:
    """A position: every pile's card codes, bottom to top (the last is the top card).

    ``cells`` holds a code or None for each free cell. ``stock[-1]`` is the next card the
    stock gives. States are immutable, so a move makes a new one that shares every pile it
    did not touch.
    """

    tableau: tuple[tuple[int, ...], ...]
    foundations: tuple[tuple[int, ...], ...]
    cells: tuple[int | None, ...] = ()
    stock: tuple[int, ...] = ()
    waste: tuple[int, ...] = ()

    def pile(self, pile: Pile) -> tuple[int, ...]:
        """The cards of a named pile, bottom to top (a cell is a pile of zero or one card)."""
        try:
            if pile.kind == TABLEAU:
                return self.tableau[pile.index]
            if pile.kind == FOUNDATION:
                return self.foundations[pile.index]
            if pile.kind == CELL:
                card = self.cells[pile.index]
                return () if card is None else (card,)
        except IndexError:
            raise NotationError(f"this game has no pile {pile}") from None
        if pile.kind == STOCK:
            return self.stock
        return self.waste

    def home_count(self) -> int:
        """How many cards are on the foundations."""
        return sum(len(pile) for pile in self.foundations)

    def card_count(self) -> int:
        """How many cards the position holds in all."""
        return (
            sum(len(pile) for pile in self.tableau)
            + self.home_count()
            + sum(card is not None for card in self.cells)
            + len(self.stock)
            + len(self.waste)
        )
