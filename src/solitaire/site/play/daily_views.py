"""The Daily leaderboard: ``GET /api/daily/GAME`` and the page ``/daily/GAME/``."""

from __future__ import annotations

import datetime

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from solitaire.engine.errors import SolitaireError
from solitaire.engine.games import get_rules
from solitaire.site.jsonapi import Refused, date, endpoint
from solitaire.site.play import deal_choice, leaderboard


def _day(request: HttpRequest) -> datetime.date:
    asked = request.GET.get("date")
    day = deal_choice.today() if asked is None else date({"date": asked}, "date")
    if day > deal_choice.today():
        raise Refused(400, "that Daily deal is not out yet")
    return day


@endpoint("GET")
def board(request: HttpRequest, game: str) -> HttpResponse:
    """``GET /api/daily/GAME?date=YYYY-MM-DD``: the day's players, wins and leaders, and the
    asking player's own rank; readable by guests too."""
    deal_choice.offered(game)
    try:
        return JsonResponse(leaderboard.board(game, _day(request), request.user))
    except SolitaireError as problem:
        raise Refused(404, str(problem)) from None


def page(request: HttpRequest, game: str) -> HttpResponse:
    """``/daily/GAME/``: the leaderboard of a day, the player's streak and the calendar."""
    try:
        deal_choice.offered(game)
        day = _day(request)
        standing = leaderboard.board(game, day, request.user)
    except (Refused, SolitaireError) as problem:
        raise Http404(str(problem)) from None
    today = deal_choice.today()
    context = {
        "game": get_rules(game),
        "board": standing,
        "day": day,
        "today": today,
        "calendar": leaderboard.calendar(request.user, game, today),
        "streak": leaderboard.streak(request.user, game, today)
        if request.user.is_authenticated
        else None,
    }
    return render(request, "play/daily.html", context)
