"""Which games the site deals and explains: the featured ones, plus any a test adds.

:data:`solitaire.engine.games.FEATURED` is what the site offers. ``settings.EXTRA_GAMES``
(``SOLITAIRE_EXTRA_GAMES``, empty unless a test sets it) adds games that are declared in
:mod:`solitaire.engine.games` but not featured, so that a test can prove such a game goes on the
table with no change to the site's code or JavaScript. Each needs a rules page template,
``rules/<id>.html``.
"""

from __future__ import annotations

from django.conf import settings

from solitaire.engine.games import FEATURED, GAMES


def served_games() -> tuple[str, ...]:
    """The ids of the games the site deals, the featured ones first, in the site's order."""
    extra = getattr(settings, "EXTRA_GAMES", ())
    return FEATURED + tuple(game for game in extra if game in GAMES and game not in FEATURED)


def is_served(game: str) -> bool:
    """Whether the site deals ``game``."""
    return game in served_games()
