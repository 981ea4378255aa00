"""Solitaire: patience games declared as data, with an engine, a solver and a web site.

>>> from solitaire import Game
>>> game = Game.deal("streets", 17)
>>> str(game.push("s"))
's'
"""

from solitaire.cards import Card
from solitaire.errors import (
    DealNumberError,
    IllegalMoveError,
    LayoutError,
    NotationError,
    SolitaireError,
    UnknownGameError,
)
from solitaire.game import Game
from solitaire.games import FEATURED, GAMES, get_rules
from solitaire.layout import Layout
from solitaire.rules import Rules
from solitaire.state import Move, Pile, State

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
