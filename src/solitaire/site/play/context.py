"""Template context shared by every page: the games the site offers."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from solitaire.games import FEATURED, get_rules


def games(request: HttpRequest) -> dict[str, Any]:
    """``site_games``: id, name and summary of each featured game, in the site's order."""
    return {
        "site_games": [
            {"id": game, "name": get_rules(game).name, "summary": get_rules(game).summary}
            for game in FEATURED
        ]
    }
