"""The engine's errors. Each is a ``ValueError`` with a message a person can act on."""


class SolitaireError(ValueError):
    """Base of every error the engine raises for bad input."""


class NotationError(SolitaireError):
    """A card, pile or move could not be read."""


class UnknownGameError(SolitaireError):
    """No game has the id that was asked for."""


class LayoutError(SolitaireError):
    """A layout does not describe a table of its game."""


class IllegalMoveError(SolitaireError):
    """A move breaks the rules in the position it was tried in."""


class DealNumberError(SolitaireError):
    """A deal number is out of range."""
