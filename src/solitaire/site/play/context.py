"""Template context shared by every page: the games the site offers, and the look of a
logged-in player's pages."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from solitaire.engine.games import FAMILIES, get_rules
from solitaire.site.accounts import prefs
from solitaire.site.served import served_games


def games(request: HttpRequest) -> dict[str, Any]:
    """``site_games``: id, name and summary of each game the site serves, in its order; and
    ``site_families``: the same games by family (name and games), as the games menu of every
    page, the table's included, lists them."""
    served = served_games()
    site_games = [
        {"id": game, "name": get_rules(game).name, "summary": get_rules(game).summary}
        for game in served
    ]
    by_id = {game["id"]: game for game in site_games}
    families = [
        {"name": family.name, "games": [by_id[game] for game in family.games if game in by_id]}
        for family in FAMILIES
    ]
    return {"site_games": site_games, "site_families": [f for f in families if f["games"]]}


def look(request: HttpRequest) -> dict[str, Any]:
    """``account_look``: the look kept on a logged-in player's account (theme, felt, card
    backs, left-handed), which theme.js paints the page with; None for a guest."""
    return {"account_look": prefs.look(request)}
