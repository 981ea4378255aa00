"""``/stats/`` and ``GET /api/stats``: the player's statistics."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone

from solitaire.site import charts
from solitaire.site.jsonapi import endpoint
from solitaire.site.play.owner import owned_games
from solitaire.site.stats.summary import player_stats, recent_games, weekly


def page(request: HttpRequest) -> HttpResponse:
    """The statistics page, for a player or for a guest's session, with its charts."""
    games = owned_games(request)
    week = weekly(games, timezone.now().date())
    per_week = charts.bars(
        "Games and wins per week",
        week["labels"],
        {"played": week["played"], "won": week["won"]},
        thin=True,
    )
    rates = charts.lines(
        "Win rate per game, over every game ended so far", week["labels"], week["rates"]
    )
    context = {
        "stats": player_stats(games),
        "per_week": per_week,
        "rates": rates,
        "week": week,
        "recent": recent_games(games),
    }
    return render(request, "stats/stats.html", context)


@endpoint("GET")
def api(request: HttpRequest) -> HttpResponse:
    """The same figures as JSON."""
    return JsonResponse(player_stats(owned_games(request)).to_dict())
