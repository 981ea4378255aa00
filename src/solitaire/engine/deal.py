"""Deals by number: the same number gives the same deal everywhere, for ever.

The shuffle is ours, written out here so that it never depends on Python's ``random``:

1. Start from the game's cards in new-deck order: deck after deck, each deck clubs,
   diamonds, hearts, spades, each suit Ace to King. Cards that the game deals to its
   foundations (the Fours of Fours Up) are taken out first.
2. Seed a SplitMix64 generator with the deal number, and shuffle with Fisher-Yates from
   the last position down: position ``i`` swaps with position ``j``, drawn uniformly from
   ``0..i`` by rejecting draws at or above the largest multiple of ``i + 1`` below 2**64.
3. Deal from the end of the shuffled list, one row at a time across the tableau from ``t0``:
   a pile takes a card in each row until it has its count.
4. What is left is the stock, in order, so that its last card is the next one it gives.

The deal depends only on the number and the cards, not on the game's id: Stronghold and
Streets and Alleys deal number N lay out the same table, which makes the free cell's
worth easy to study.
"""

from __future__ import annotations

from solitaire.engine.cards import full_deck
from solitaire.engine.errors import DealNumberError
from solitaire.engine.rules import Rules
from solitaire.engine.state import State

MAX_DEAL = 2**31 - 1
_MASK = 2**64 - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64 generator: 64-bit state, 64-bit outputs."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        """Return the next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """Return an integer drawn uniformly from ``0..bound-1``."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def check_deal_number(number: int) -> int:
    """Return ``number`` if it is a deal number (1 to 2**31 - 1), else raise."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise DealNumberError(f"deal numbers run from 1 to {MAX_DEAL}, not {number!r}")
    return number


def shuffled(rules: Rules, number: int) -> list[int]:
    """The game's undealt cards, shuffled by deal ``number`` (steps 1 and 2 above)."""
    cards = full_deck(rules.decks)
    for card in rules.foundations.dealt:
        cards.remove(card)
    rng = SplitMix64(check_deal_number(number))
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def deal(rules: Rules, number: int) -> State:
    """The opening position of deal ``number`` of a game."""
    cards = shuffled(rules, number)
    counts = rules.tableau.deal
    piles: list[list[int]] = [[] for _ in counts]
    for row in range(max(counts)):
        for pile, count in zip(piles, counts, strict=True):
            if row < count:
                pile.append(cards.pop())
    dealt = rules.foundations.dealt
    foundations = tuple((card,) for card in dealt) or ((),) * rules.foundations.count
    return State(
        tableau=tuple(tuple(pile) for pile in piles),
        foundations=foundations,
        cells=(None,) * rules.cells,
        stock=tuple(cards),
        waste=(),
    )
