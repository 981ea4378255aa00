"""The games, each declared as data. ``GAMES`` maps a game id to its :class:`Rules`."""

from __future__ import annotations

from solitaire.engine.cards import CLUBS, DIAMONDS, HEARTS, SPADES
from solitaire.engine.errors import UnknownGameError
from solitaire.engine.rules import (
    Build,
    Foundations,
    Rules,
    RunRule,
    Stock,
    StockTarget,
    SuitRule,
    Tableau,
)

EIGHT_BY_SEVEN_AND_SIX = Tableau((7, 7, 7, 7, 6, 6, 6, 6))
TWO_DECK_FOUNDATIONS = Foundations(count=8)
ONE_DECK_FOUNDATIONS = Foundations(count=4)
WASTE = Stock(to=StockTarget.WASTE)

STREETS = Rules(
    id="streets",
    name="Streets",
    decks=2,
    tableau=Tableau.even(10, 4),
    build=Build(SuitRule.ALTERNATE_COLOUR),
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="Forty Thieves built down in alternating colours.",
)

FORTY_THIEVES = Rules(
    id="forty-thieves",
    name="Forty Thieves",
    decks=2,
    tableau=Tableau.even(10, 4),
    build=Build(SuitRule.SAME_SUIT),
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="Ten piles of four built down in suit, one card at a time.",
)

STREETS_AND_ALLEYS = Rules(
    id="streets-and-alleys",
    name="Streets and Alleys",
    decks=1,
    tableau=EIGHT_BY_SEVEN_AND_SIX,
    build=Build(SuitRule.ANY),
    runs=RunRule.LIMITED_RUN,
    foundations=ONE_DECK_FOUNDATIONS,
    run_clicks_to_empty=False,
    summary="The whole deck in eight rows, built down regardless of suit.",
)

STRONGHOLD = Rules(
    id="stronghold",
    name="Stronghold",
    decks=1,
    tableau=EIGHT_BY_SEVEN_AND_SIX,
    build=Build(SuitRule.ANY),
    runs=RunRule.LIMITED_RUN,
    foundations=ONE_DECK_FOUNDATIONS,
    cells=1,
    run_clicks_to_empty=False,
    summary="Streets and Alleys with one free cell.",
)

BLOCKADE = Rules(
    id="blockade",
    name="Blockade",
    decks=2,
    tableau=Tableau.even(12, 1),
    build=Build(SuitRule.SAME_SUIT),
    runs=RunRule.ANY_RUN,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=Stock(to=StockTarget.EVERY_PILE, refill=True),
    summary="Twelve single cards built down in suit; the stock deals onto every pile.",
)

FOURS_UP = Rules(
    id="fours-up",
    name="Fours Up",
    decks=2,
    tableau=Tableau.even(6, 1),
    build=Build(SuitRule.ANY, lowest=4),
    runs=RunRule.ANY_RUN,
    foundations=Foundations(
        count=8,
        base=4,
        suits=(CLUBS, DIAMONDS, HEARTS, SPADES) * 2,
        returns=True,
    ),
    stock=WASTE,
    summary="Foundations start at the Fours; six piles built down from King to Four.",
)

GAMES: dict[str, Rules] = {
    rules.id: rules
    for rules in (STREETS, STRONGHOLD, STREETS_AND_ALLEYS, BLOCKADE, FOURS_UP, FORTY_THIEVES)
}
"""Every game the engine knows, by id."""

FEATURED = ("streets", "stronghold", "streets-and-alleys", "blockade", "fours-up")
"""The games the site offers, in the order it lists them."""


def get_rules(game: str) -> Rules:
    """Return the rules of the game with this id, or raise :class:`UnknownGameError`."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"there is no game {game!r}; the games are {known}") from None
