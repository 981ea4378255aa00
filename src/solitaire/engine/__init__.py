"""The engine: the exact rules of every game, declared as data, and nothing above them.

Cards and their names (:mod:`~solitaire.engine.cards`), positions and moves
(:mod:`~solitaire.engine.state`), the rules as values (:mod:`~solitaire.engine.rules`) and
the games declared with them (:mod:`~solitaire.engine.games`), deals by number
(:mod:`~solitaire.engine.deal`), the legal moves and what a move does
(:mod:`~solitaire.engine.moves`), layouts (:mod:`~solitaire.engine.layout`), clicks
(:mod:`~solitaire.engine.clicks`), the end of a game (:mod:`~solitaire.engine.status`) and
the game in play (:mod:`~solitaire.engine.game`). It imports nothing of the solver, the
deal lists, the advice or the site, which all stand on it.

>>> from solitaire.engine import Game
>>> Game.deal("stronghold", 1).status
'playing'
"""

from solitaire.engine.cards import Card
from solitaire.engine.errors import (
    DealNumberError,
    IllegalMoveError,
    LayoutError,
    NotationError,
    SolitaireError,
    UnknownGameError,
)
from solitaire.engine.game import Game
from solitaire.engine.games import FEATURED, GAMES, get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import apply, is_legal, legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, Pile, State

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
    "apply",
    "get_rules",
    "is_legal",
    "legal_moves",
    "play",
]
