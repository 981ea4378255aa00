"""Rules as data: one :class:`Rules` value describes a whole game.

The engine, the solver and the site read these values and never ask which game they
are playing. A new variant is a new ``Rules(...)`` in :mod:`solitaire.engine.games`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

from solitaire.engine.cards import ACE, KING, code_of, is_red, rank_of, suit_of


class SuitRule(Enum):
    """Which suit a card must have to build down on a tableau card."""

    ANY = "any suit"
    ALTERNATE_COLOUR = "alternating colour"
    SAME_SUIT = "same suit"


class RunRule(Enum):
    """How many cards may leave a tableau pile in one move."""

    ONE_CARD = "one card at a time"
    """Only the top card moves."""
    LIMITED_RUN = "runs limited by free cells and empty piles"
    """A built run moves if it is no longer than (1 + empty cells) x 2^(empty piles)."""
    ANY_RUN = "any built run"
    """Any card moves together with the built run above it."""


class StockTarget(Enum):
    """Where the stock's cards go."""

    WASTE = "waste"
    """One card at a time onto the waste; only its top card is in play."""
    EVERY_PILE = "every pile"
    """One card onto every tableau pile, the first pile first."""


@dataclass(frozen=True)
class Tableau:
    """The tableau piles: ``deal[i]`` cards are dealt face up to pile ``t{i}``."""

    deal: tuple[int, ...]

    @property
    def piles(self) -> int:
        """The number of tableau piles."""
        return len(self.deal)

    @classmethod
    def even(cls, piles: int, cards: int) -> Tableau:
        """``piles`` piles of ``cards`` cards each."""
        return cls((cards,) * piles)


@dataclass(frozen=True)
class Build:
    """How tableau piles build: down by one rank, ``suit`` deciding which suits fit.

    Ranks below ``lowest`` never continue a run, and nothing is built on them
    (Fours Up builds from King down to Four). ``high`` is the rank at the head of the
    order: the ranks run down from it, wrapping round from Ace to King (Deuces puts the
    Ace above the King, so an Ace takes a King and nothing takes a Two).
    """

    suit: SuitRule
    lowest: int = ACE
    high: int = KING

    def below(self, rank: int) -> int | None:
        """The rank that builds on ``rank``, or None at the end of the order."""
        if rank == self.high % 13 + 1:
            return None
        return (rank - 2) % 13 + 1

    def depth(self, rank: int) -> int:
        """How far down the order ``rank`` stands: 0 for ``high``, 12 for the last rank."""
        return (self.high - rank) % 13

    def fits(self, card: int, onto: int) -> bool:
        """Tell whether ``card`` may be laid on ``onto`` on the tableau."""
        if rank_of(card) < self.lowest or self.below(rank_of(onto)) != rank_of(card):
            return False
        if self.suit is SuitRule.SAME_SUIT:
            return suit_of(card) == suit_of(onto)
        if self.suit is SuitRule.ALTERNATE_COLOUR:
            return is_red(card) != is_red(onto)
        return True


@dataclass(frozen=True)
class Stock:
    """The undealt cards. They go through once: there is no redeal."""

    to: StockTarget
    refill: bool = False
    """While the stock has cards, a pile that a move empties is filled from it at once."""


@dataclass(frozen=True)
class Foundations:
    """The foundations, each built up by suit from ``base``, wrapping from King to Ace.

    With ``suits`` set, foundation ``f{i}`` belongs to suit ``suits[i]`` and its base card
    is dealt there at the start. With ``returns``, the top card of a foundation may come
    back onto a tableau pile, except a dealt base card, which never leaves.
    """

    count: int
    base: int = ACE
    suits: tuple[int, ...] | None = None
    returns: bool = False

    def __post_init__(self) -> None:
        if self.suits is not None and len(self.suits) != self.count:
            raise ValueError("foundation suits must name a suit for every foundation")

    @cached_property
    def sequence(self) -> tuple[int, ...]:
        """The thirteen ranks in the order a foundation takes them."""
        return tuple((self.base - 1 + i) % 13 + 1 for i in range(13))

    @cached_property
    def position(self) -> dict[int, int]:
        """For each rank, how many cards lie below it on a complete foundation."""
        return {rank: i for i, rank in enumerate(self.sequence)}

    @property
    def dealt(self) -> tuple[int, ...]:
        """The base cards dealt to the foundations at the start, one per foundation."""
        if self.suits is None:
            return ()
        return tuple(code_of(self.base, suit) for suit in self.suits)

    def fixed_cards(self) -> int:
        """How many cards stay on the foundations for good (the dealt bases)."""
        return len(self.dealt)

    def next_card(self, pile: tuple[int, ...], index: int) -> int | None:
        """The code of the card foundation ``index`` takes next, or None.

        None means that it is complete, or empty with no suit of its own (then any base card
        fits: see :meth:`takes`).
        """
        if not pile:
            return None if self.suits is None else code_of(self.base, self.suits[index])
        top = pile[-1]
        pos = self.position[rank_of(top)]
        if pos == 12:
            return None
        return code_of(self.sequence[pos + 1], suit_of(top))

    def takes(self, pile: tuple[int, ...], index: int, card: int) -> bool:
        """Tell whether foundation ``index``, holding ``pile``, takes ``card``."""
        if not pile and self.suits is None:
            return rank_of(card) == self.base
        return self.next_card(pile, index) == card


@dataclass(frozen=True)
class Rules:
    """Everything that makes one game different from another."""

    id: str
    name: str
    decks: int
    tableau: Tableau
    build: Build
    runs: RunRule
    foundations: Foundations
    stock: Stock | None = None
    cells: int = 0
    run_clicks_to_empty: bool = True
    """Whether a clicked run may go to an empty pile when no pile takes it."""
    summary: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        dealt = sum(self.tableau.deal) + self.foundations.fixed_cards()
        if dealt > 52 * self.decks:
            raise ValueError(f"{self.id}: the deal needs more cards than {self.decks} deck(s)")
        if self.stock is None and dealt != 52 * self.decks:
            raise ValueError(f"{self.id}: with no stock, every card must be dealt")

    @property
    def cards(self) -> int:
        """How many cards the game is played with."""
        return 52 * self.decks

    @property
    def has_waste(self) -> bool:
        """Whether the stock turns onto a waste pile."""
        return self.stock is not None and self.stock.to is StockTarget.WASTE

    @property
    def refills(self) -> bool:
        """Whether emptied piles are refilled from the stock."""
        return self.stock is not None and self.stock.refill

    @cached_property
    def fits(self) -> tuple[frozenset[int], ...]:
        """``fits[onto]`` is the set of card codes that may be laid on card ``onto``."""
        return tuple(
            frozenset(card for card in range(52) if self.build.fits(card, onto))
            for onto in range(52)
        )

    @cached_property
    def stoppers(self) -> frozenset[int]:
        """The card codes that no tableau card takes and on which nothing is laid (Fours
        Up's Aces, Twos and Threes): one leaves the waste only for a foundation or an empty
        pile, and on a pile it stops the pile until it goes home."""
        fits = self.fits
        return frozenset(
            card for card in range(52) if not fits[card] and all(card not in onto for onto in fits)
        )

    @cached_property
    def home_position(self) -> tuple[int, ...]:
        """For each card code, its place (0-12) in the order the foundations take ranks."""
        position = self.foundations.position
        return tuple(position[rank_of(code)] for code in range(52))
