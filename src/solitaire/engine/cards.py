"""Cards and their two-character names.

Inside the engine a card is a small integer, its *code*: ``(rank - 1) * 4 + suit``,
with ranks 1 (Ace) to 13 (King) and suits 0 to 3 for clubs, diamonds, hearts and spades.
Twin cards of a two-deck game share a code. :class:`Card` is the readable value type
that the notation and the public API use.

>>> Card.from_str("TH")
Card(rank=10, suit=2)
>>> str(Card(12, 3))
'QS'
>>> card_name(Card.from_str("AC").code)
'AC'
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.engine.errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "CDHS"

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
ACE = 1
KING = 13


def code_of(rank: int, suit: int) -> int:
    """Return the integer code of the card with this rank (1-13) and suit (0-3)."""
    return (rank - 1) * 4 + suit


def rank_of(code: int) -> int:
    """Return the rank, 1 (Ace) to 13 (King), of a card code."""
    return (code >> 2) + 1


def suit_of(code: int) -> int:
    """Return the suit, 0 to 3 (clubs, diamonds, hearts, spades), of a card code."""
    return code & 3


def is_red(code: int) -> bool:
    """Tell whether a card code is a diamond or a heart."""
    return (code & 3) in (DIAMONDS, HEARTS)


def card_name(code: int) -> str:
    """Return the two-character name of a card code, such as ``"TH"``."""
    return RANKS[code >> 2] + SUITS[code & 3]


_CODES = {rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
"""Every card name in capitals, with its code: the common case of :func:`parse_card`."""


def parse_card(text: str) -> int:
    """Read a two-character card name and return its code.

    >>> card_name(parse_card("KS"))
    'KS'
    """
    code = _CODES.get(text) if isinstance(text, str) else None
    if code is not None:
        return code
    if not isinstance(text, str) or len(text) != 2:
        raise NotationError(f"{text!r} is not a card: write rank then suit, such as 'TH' or 'AC'")
    rank = RANKS.find(text[0].upper())
    suit = SUITS.find(text[1].upper())
    if rank < 0 or suit < 0:
        raise NotationError(
            f"{text!r} is not a card: ranks are {' '.join(RANKS)} and suits are {' '.join(SUITS)}"
        )
    return rank * 4 + suit


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card: ``rank`` 1 (Ace) to 13 (King), ``suit`` 0 to 3 (C, D, H, S)."""

    rank: int
    suit: int

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13 and 0 <= self.suit <= 3):
            raise NotationError(f"no card has rank {self.rank} and suit {self.suit}")

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Read a card from its two-character name."""
        return cls.from_code(parse_card(text))

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Make a card from its integer code."""
        return cls(rank_of(code), suit_of(code))

    @property
    def code(self) -> int:
        """The integer code the engine uses for this card."""
        return code_of(self.rank, self.suit)

    @property
    def red(self) -> bool:
        """Whether the card is a diamond or a heart."""
        return self.suit in (DIAMONDS, HEARTS)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + SUITS[self.suit]


def full_deck(decks: int) -> list[int]:
    """Return the codes of ``decks`` new decks, each in the order AC..KC, AD..KD, AH..KH, AS..KS."""
    return [code_of(rank, suit) for _ in range(decks) for suit in range(4) for rank in range(1, 14)]
