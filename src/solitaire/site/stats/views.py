"""``/stats/`` and ``GET /api/stats``: the player's statistics."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from solitaire.site.jsonapi import endpoint
from solitaire.site.play.owner import owned_games
from solitaire.site.stats.summary import player_stats


def page(request: HttpRequest) -> HttpResponse:
    """The statistics page, for a player or for a guest's session."""
    return render(request, "stats/stats.html", {"stats": player_stats(owned_games(request))})


@endpoint("GET")
def api(request: HttpRequest) -> HttpResponse:
    """The same figures as JSON."""
    return JsonResponse(player_stats(owned_games(request)).to_dict())
