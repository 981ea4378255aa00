"""Solitaire: patience games declared as data, with an engine, a solver and a web site.

>>> from solitaire import Game
>>> game = Game.deal("streets", 17)
>>> str(game.push("s"))
's'
"""

from solitaire.engine import (
    FEATURED,
    GAMES,
    Card,
    DealNumberError,
    Game,
    IllegalMoveError,
    Layout,
    LayoutError,
    Move,
    NotationError,
    Pile,
    Rules,
    SolitaireError,
    State,
    UnknownGameError,
    get_rules,
)

__all__ = [
    "FEATURED",
    "GAMES",
    "Card",
    "DealNumberError",
    "Game",
    "IllegalMoveError",
    "Layout",
    "LayoutError",
    "Move",
    "NotationError",
    "Pile",
    "Rules",
    "SolitaireError",
    "State",
    "UnknownGameError",
    "get_rules",
]
