"""The home page and the card table page."""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie

from solitaire.errors import SolitaireError
from solitaire.games import get_rules
from solitaire.layout import Layout
from solitaire.review import positions
from solitaire.site.accounts import prefs
from solitaire.site.jsonapi import Refused
from solitaire.site.play import dealing, games
from solitaire.site.play.models import Game, Result
from solitaire.site.play.owner import owned_game, owned_games
from solitaire.site.play.review import reviewable
from solitaire.site.served import is_served


def home(request: HttpRequest) -> HttpResponse:
    """The games the site offers, each with its ways to start."""
    return render(request, "play/home.html")


def _table(request: HttpRequest, game: str) -> str:
    return reverse("table", args=[game])


@ensure_csrf_cookie
def table(request: HttpRequest, game: str) -> HttpResponse:
    """``/play/GAME/``: the card table.

    ``?id=ID`` opens one of the player's games; ``?deal=N`` and ``?winnable=1`` deal and then
    redirect to ``?id=``, so that a reload restores the game instead of dealing again;
    ``?daily=1`` opens today's Daily game (a guest is sent to log in first). With no query,
    the player's unfinished game of GAME resumes, or a new deal starts: a proved one when the
    player's Winnable setting is on, a random one otherwise.
    """
    if not is_served(game):
        raise Http404("no such game")
    query = request.GET
    if query.get("daily"):
        if not request.user.is_authenticated:
            here = f"{_table(request, game)}?daily=1"
            return redirect(f"{settings.LOGIN_URL}?{urlencode({'next': here})}")
        try:
            record, _ = dealing.new_game(request, game, daily=True)
        except (Refused, SolitaireError) as problem:
            raise Http404(str(problem)) from None
    elif query.get("id"):
        if not query["id"].isdigit() or len(query["id"]) > 18:
            raise Http404("no such game")
        pk = int(query["id"])
        found = owned_games(request).filter(pk=pk, game=game).first()
        if found is None:
            raise Http404("no such game")
        record = found
    elif query.get("deal") or query.get("winnable"):
        try:
            deal = None if query.get("winnable") else int(query["deal"])
        except ValueError:
            raise Http404("deal numbers are whole numbers") from None
        try:
            record, _ = dealing.new_game(request, game, deal=deal, winnable=deal is None)
        except (Refused, SolitaireError) as problem:
            raise Http404(str(problem)) from None
        return redirect(f"{_table(request, game)}?id={record.pk}")
    else:
        unfinished = (
            owned_games(request)
            .filter(game=game, result__in=[Result.PLAYING, Result.STUCK], daily__isnull=True)
            .order_by("-created", "-pk")
            .first()
        )
        winnable = bool(prefs.load(request)["winnable"])
        record = unfinished or dealing.new_game(request, game, winnable=winnable)[0]
    context = {
        "game": get_rules(game),
        "record": record,
        "game_data": games.describe(record),
        "settings_data": prefs.load(request),
    }
    return render(request, "play/table.html", context)


def review(request: HttpRequest, pk: int) -> HttpResponse:
    """``/games/ID/review``: step through a finished game with the solver's verdicts, for its
    owner, or for anyone when the owner shares it."""
    record = owned_game(request, pk)
    owner = record is not None
    record = record or Game.objects.filter(pk=pk, shared=True).first()
    if record is None or not reviewable(record):
        raise Http404("no such game to review")
    start = Layout.dealt(record.game, record.deal)
    context = {
        "game": get_rules(record.game),
        "record": record,
        "owner": owner,
        "positions": [
            Layout(record.game, record.deal, state).to_dict()
            for state in positions(start, record.moves)
        ],
    }
    return render(request, "play/review.html", context)
