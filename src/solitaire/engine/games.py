"""The games, each declared as data. ``GAMES`` maps a game id to its :class:`Rules`."""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.engine.cards import ACE, CLUBS, DIAMONDS, HEARTS, SPADES
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
FOUR_SUITS = (CLUBS, DIAMONDS, HEARTS, SPADES)
ACES_OUT = Foundations(count=4, suits=FOUR_SUITS)
IN_SUIT = Build(SuitRule.SAME_SUIT)

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

FORTY_THIEVES = Rules(
    id="forty-thieves",
    name="Forty Thieves",
    decks=2,
    tableau=Tableau.even(10, 4),
    build=IN_SUIT,
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="The classic: ten piles of four built down in suit, one card at a time.",
)

LUCAS = Rules(
    id="lucas",
    name="Lucas",
    decks=2,
    tableau=Tableau.even(13, 3),
    build=IN_SUIT,
    runs=RunRule.ONE_CARD,
    foundations=Foundations(count=8, suits=FOUR_SUITS * 2),
    stock=WASTE,
    summary="Forty Thieves with the Aces out and thirteen piles of three.",
)

MARIA = Rules(
    id="maria",
    name="Maria",
    decks=2,
    tableau=Tableau.even(9, 4),
    build=Build(SuitRule.ALTERNATE_COLOUR),
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="Nine piles of four built down in alternating colours.",
)

LIMITED = Rules(
    id="limited",
    name="Limited",
    decks=2,
    tableau=Tableau.even(12, 3),
    build=IN_SUIT,
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="Twelve piles of three built down in suit: more room, fewer cards out.",
)

BUSY_ACES = Rules(
    id="busy-aces",
    name="Busy Aces",
    decks=2,
    tableau=Tableau.even(12, 1),
    build=IN_SUIT,
    runs=RunRule.ONE_CARD,
    foundations=TWO_DECK_FOUNDATIONS,
    stock=WASTE,
    summary="Twelve single cards built down in suit, fed from a long stock.",
)

DEUCES = Rules(
    id="deuces",
    name="Deuces",
    decks=2,
    tableau=Tableau.even(10, 1),
    build=Build(SuitRule.SAME_SUIT, high=ACE),
    runs=RunRule.ONE_CARD,
    foundations=Foundations(count=8, base=2, suits=FOUR_SUITS * 2),
    stock=WASTE,
    summary="The Twos start the foundations; the Ace ranks above the King.",
)

BELEAGUERED_CASTLE = Rules(
    id="beleaguered-castle",
    name="Beleaguered Castle",
    decks=1,
    tableau=Tableau.even(8, 6),
    build=Build(SuitRule.ANY),
    runs=RunRule.LIMITED_RUN,
    foundations=ACES_OUT,
    run_clicks_to_empty=False,
    summary="Streets and Alleys with the Aces already home.",
)

SIEGECRAFT = Rules(
    id="siegecraft",
    name="Siegecraft",
    decks=1,
    tableau=Tableau.even(8, 6),
    build=Build(SuitRule.ANY),
    runs=RunRule.LIMITED_RUN,
    foundations=ACES_OUT,
    cells=1,
    run_clicks_to_empty=False,
    summary="Beleaguered Castle with one free cell.",
)


@dataclass(frozen=True)
class Family:
    """Games that share their shape, as the site groups them: a name, a line that says
    what they have in common, and the ids of its games, the best known first."""

    name: str
    summary: str
    games: tuple[str, ...]


FAMILIES: tuple[Family, ...] = (
    Family(
        "Forty Thieves",
        "Two decks, piles dealt face up, one pass through the stock, one card moved at a time.",
        ("streets", "forty-thieves", "lucas", "maria", "limited"),
    ),
    Family(
        "Busy Aces and Fours Up",
        "Two decks, a few single cards on the table and a long stock to feed them.",
        ("busy-aces", "deuces", "fours-up"),
    ),
    Family(
        "Beleaguered Castle",
        "One deck dealt whole and face up: no stock, no luck after the deal.",
        ("streets-and-alleys", "stronghold", "beleaguered-castle", "siegecraft"),
    ),
    Family(
        "Blockade",
        "Two decks; the stock deals a card onto every pile.",
        ("blockade",),
    ),
)
"""The games the site offers, grouped by family, in the order it shows them."""

GAMES: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        STREETS,
        STRONGHOLD,
        STREETS_AND_ALLEYS,
        BLOCKADE,
        FOURS_UP,
        FORTY_THIEVES,
        LUCAS,
        MARIA,
        LIMITED,
        BUSY_ACES,
        DEUCES,
        BELEAGUERED_CASTLE,
        SIEGECRAFT,
    )
}
"""Every game the engine knows, by id."""

FEATURED = tuple(game for family in FAMILIES for game in family.games)
"""The games the site offers, in the order it lists them (family by family)."""


def family_of(game: str) -> Family:
    """The family the site puts ``game`` in; raises :class:`UnknownGameError` for a game
    no family holds."""
    for family in FAMILIES:
        if game in family.games:
            return family
    raise UnknownGameError(f"no family holds the game {game!r}")


def get_rules(game: str) -> Rules:
    """Return the rules of the game with this id, or raise :class:`UnknownGameError`."""
    try:
        return GAMES[game]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"there is no game {game!r}; the games are {known}") from None
