"""The JSON API of SPEC under ``/api/``: new game, get, move, undo, redo, restart, click, hint.

Every answer is JSON. Every refusal is ``{"error": "..."}`` with a 4xx status and leaves the
game as it was.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse

from solitaire.site import limits
from solitaire.site.accounts import prefs
from solitaire.site.jsonapi import (
    Refused,
    body,
    date,
    endpoint,
    flag,
    integer,
    reads,
    text,
    texts,
)
from solitaire.site.play import deal_choice, hinting, records, reviewing
from solitaire.site.play.models import Game
from solitaire.site.play.owner import owned_game


def _owned(request: HttpRequest, pk: int) -> Game:
    """The player's game ``pk``; a game that is not theirs is a 404, the same as one that
    does not exist, for every endpoint of a game."""
    record = owned_game(request, pk)
    if record is None:
        raise Refused(404, "there is no such game")
    return record


@endpoint("POST")
def create(request: HttpRequest) -> HttpResponse:
    """``POST /api/games``: 201 with a new game, or 200 with a Daily game to resume.

    ``{"game", "deal": N}`` deals number N, ``{"game", "winnable": true}`` a proved deal,
    ``{"game", "daily": true}`` today's Daily deal (players only), ``{"game", "daily": true,
    "date": "YYYY-MM-DD"}`` a past Daily deal for practice, ``{"game"}`` a random one.
    """
    data = body(request)
    record, dealt = deal_choice.new_game(
        request,
        text(data, "game"),
        deal=None if data.get("deal") is None else integer(data, "deal"),
        winnable=flag(data, "winnable"),
        daily=flag(data, "daily"),
        on=None if data.get("date") is None else date(data, "date"),
    )
    return JsonResponse(records.describe(record), status=201 if dealt else 200)


@endpoint("GET")
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``GET /api/games/ID``: the game object."""
    return JsonResponse(records.describe(_owned(request, pk)))


def _autocomplete(request: HttpRequest) -> bool:
    return bool(prefs.load(request)["autocomplete"])


@endpoint("POST")
def move(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/moves`` ``{"move", "version"}``: play a move.

    ``{"moves": [...], "version"}`` plays up to :data:`records.MOST_MOVES` moves in order as
    one change (one new version), as if each had been sent alone: all of them, or none when
    one is illegal (400, naming it).
    """
    data = body(request)
    if "moves" in data:
        if "move" in data:
            raise Refused(400, "send move or moves, not both")
        line, version = texts(data, "moves", records.MOST_MOVES), integer(data, "version")
        action = records.play_moves(line, _autocomplete(request))
        return JsonResponse(records.change(_owned(request, pk), version, action))
    played, version = text(data, "move"), integer(data, "version")
    action = records.play_move(played, _autocomplete(request))
    return JsonResponse(records.change(_owned(request, pk), version, action))


@endpoint("POST")
def click(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/click`` ``{"pile", "index", "version"}``: what a click does.

    ``index`` counts from the bottom of the pile and may be left out for its top card.
    With Autoplay off only the stock answers a click.
    """
    data = body(request)
    pile, version = text(data, "pile"), integer(data, "version")
    index = None if data.get("index") is None else integer(data, "index")
    settings_now = prefs.load(request)
    if not settings_now["autoplay"] and pile != "s":
        raise Refused(400, "Autoplay is off: drag the card where it goes")
    action = records.play_click(pile, index, bool(settings_now["autocomplete"]))
    return JsonResponse(records.change(_owned(request, pk), version, action))


@endpoint("POST")
def finish(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/finish`` ``{"version"}``: play every card home, as Auto complete
    would, once nothing is left to decide (the game object says ``finishable``)."""
    version = integer(body(request), "version")
    return JsonResponse(records.change(_owned(request, pk), version, records.finish))


@endpoint("POST")
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/undo`` ``{"version"}``: take back the last move."""
    version = integer(body(request), "version")
    return JsonResponse(records.change(_owned(request, pk), version, records.undo))


@endpoint("POST")
def redo(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/redo`` ``{"version"}``: play again the last move taken back."""
    version = integer(body(request), "version")
    action = records.redo(_autocomplete(request))
    return JsonResponse(records.change(_owned(request, pk), version, action))


@endpoint("POST")
def restart(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/restart`` ``{"version"}``: back to the deal."""
    version = integer(body(request), "version")
    return JsonResponse(records.change(_owned(request, pk), version, records.restart))


@endpoint("GET", "POST")
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/hint``: the solver's advice, thought out by the solver workers
    within the hint's time budget, and on in the background when that was not enough
    (``thinking``; :mod:`solitaire.site.play.hinting`). ``GET`` reads the latest answer at the
    game's position without starting anything (404 when none was asked there).
    """
    record = _owned(request, pk)
    engine = records.resume(record)
    if reads(request):
        found = hinting.latest(record, engine)
        if found is None:
            raise Refused(404, "no hint was asked at this position")
        return JsonResponse({**found, "version": record.version})
    answer = hinting.advise(record, engine)
    return JsonResponse({**answer, "version": record.version})


def _visible(request: HttpRequest, pk: int) -> Game:
    """The player's own game, or a game its owner shares."""
    record = owned_game(request, pk) or Game.objects.filter(pk=pk, shared=True).first()
    if record is None:
        raise Refused(404, "there is no such game, or its owner does not share it")
    return record


@endpoint("GET")
def review(request: HttpRequest, pk: int) -> HttpResponse:
    """``GET /api/games/ID/review``: the verdict of every position and the losing move,
    worked out on the solver workers after the game ended; poll until ``status`` is done."""
    record = _visible(request, pk)
    if not reviewing.reviewable(record):
        raise Refused(409, "a game is reviewed once it has ended: won, lost, or left")
    return JsonResponse(reviewing.review_of(record, limits.client_key(request)))


@endpoint("POST")
def share(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/share`` ``{"shared": true}``: let anyone with the address see the
    game's review (false takes it back)."""
    record = _owned(request, pk)
    shared = flag(body(request), "shared")
    Game.objects.filter(pk=record.pk).update(shared=shared)
    return JsonResponse({"id": record.pk, "shared": shared})
