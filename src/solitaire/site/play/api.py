"""The JSON API of SPEC under ``/api/``: new game, get, move, undo, redo, restart, click, hint.

Every answer is JSON. Every refusal is ``{"error": "..."}`` with a 4xx status and leaves the
game as it was.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import threading
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils import timezone
from django.views.csrf import csrf_failure as django_csrf_failure

from solitaire.deal import MAX_DEAL
from solitaire.errors import SolitaireError
from solitaire.games import get_rules
from solitaire.site.accounts import prefs
from solitaire.site.play import games
from solitaire.site.play.models import Game, Kind
from solitaire.site.play.owner import owned_games, owner_fields

View = Callable[..., HttpResponse]


def error(status: int, message: str) -> JsonResponse:
    """The API's refusal: ``{"error": message}``."""
    return JsonResponse({"error": message}, status=status)


def endpoint(*methods: str) -> Callable[[View], View]:
    """Allow only ``methods`` and turn refusals and engine errors into JSON errors."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in methods:
                response = error(405, f"use {' or '.join(methods)} here")
                response["Allow"] = ", ".join(methods)
                return response
            try:
                return view(request, *args, **kwargs)
            except games.Refused as refusal:
                return error(refusal.status, refusal.message)
            except SolitaireError as problem:
                return error(400, str(problem))

        return wrapper

    return decorate


def body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object (an empty body counts as ``{}``)."""
    try:
        raw = request.body
    except RequestDataTooBig:
        raise games.Refused(400, "the request body is too large") from None
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise games.Refused(400, "the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise games.Refused(400, "send a JSON object")
    return data


def integer(data: dict[str, Any], key: str) -> int:
    """``data[key]`` as an int, refusing a missing key, a bool, a float or a string."""
    if key not in data:
        raise games.Refused(400, f"{key} is missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise games.Refused(400, f"{key} must be a whole number")
    return value


def text(data: dict[str, Any], key: str) -> str:
    """``data[key]`` as a string, refusing a missing key or another type."""
    if key not in data:
        raise games.Refused(400, f"{key} is missing")
    value = data[key]
    if not isinstance(value, str):
        raise games.Refused(400, f"{key} must be a string")
    return value


def flag(data: dict[str, Any], key: str) -> bool:
    """``data[key]`` as a bool (missing is False), refusing another type."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise games.Refused(400, f"{key} must be true or false")
    return value


def game_id(data: dict[str, Any]) -> str:
    """The game id of a request, checked against the games the site offers."""
    return get_rules(text(data, "game")).id


def _owned(request: HttpRequest, pk: int) -> Game:
    record = owned_games(request).filter(pk=pk).first()
    if record is None:
        raise games.Refused(404, "there is no such game")
    return record


def _today() -> datetime.date:
    return timezone.now().astimezone(datetime.UTC).date()


def new_game(request: HttpRequest, data: dict[str, Any]) -> tuple[Game, bool]:
    """Deal what ``data`` asks for; True when a game was dealt, False when one was resumed.

    ``{"game", "deal": N}`` deals number N, ``{"game", "winnable": true}`` a proved deal,
    ``{"game", "daily": true}`` today's Daily deal (players only), ``{"game"}`` a random one.
    """
    game = game_id(data)
    asked = [key for key in ("deal", "winnable", "daily") if data.get(key) not in (None, False)]
    if len(asked) > 1:
        raise games.Refused(400, "ask for one of deal, winnable or daily")
    if flag(data, "daily"):
        if not request.user.is_authenticated:
            raise games.Refused(401, "log in to play the Daily deal")
        from solitaire.daily import daily_deal

        day = _today()
        return games.daily(owner_fields(request), game, day, daily_deal(game, day))
    owner = owner_fields(request)
    if flag(data, "winnable"):
        from solitaire.winnable import random_winnable

        last = owned_games(request).filter(game=game).order_by("-created", "-pk").first()
        deal = random_winnable(game, avoid=last.deal if last else None)
        return games.start(owned_games(request), owner, game, deal, Kind.WINNABLE), True
    if "deal" in data and data["deal"] is not None:
        deal = integer(data, "deal")
        if not 1 <= deal <= MAX_DEAL:
            raise games.Refused(400, f"deal numbers run from 1 to {MAX_DEAL}")
        return games.start(owned_games(request), owner, game, deal, Kind.NUMBER), True
    return games.start(owned_games(request), owner, game, games.random_deal(), Kind.RANDOM), True


@endpoint("POST")
def create(request: HttpRequest) -> HttpResponse:
    """``POST /api/games``: 201 with a new game, or 200 with a Daily game to resume."""
    record, dealt = new_game(request, body(request))
    return JsonResponse(games.describe(record), status=201 if dealt else 200)


@endpoint("GET")
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    """``GET /api/games/ID``: the game object."""
    return JsonResponse(games.describe(_owned(request, pk)))


def _autocomplete(request: HttpRequest) -> bool:
    return bool(prefs.load(request)["autocomplete"])


@endpoint("POST")
def move(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/moves`` ``{"move", "version"}``: play a move."""
    data = body(request)
    played, version = text(data, "move"), integer(data, "version")
    action = games.play_move(played, _autocomplete(request))
    return JsonResponse(games.change(owned_games(request), pk, version, action))


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
        raise games.Refused(400, "Autoplay is off: drag the card where it goes")
    action = games.play_click(pile, index, bool(settings_now["autocomplete"]))
    return JsonResponse(games.change(owned_games(request), pk, version, action))


@endpoint("POST")
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/undo`` ``{"version"}``: take back the last move."""
    version = integer(body(request), "version")
    return JsonResponse(games.change(owned_games(request), pk, version, games.undo))


@endpoint("POST")
def redo(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/redo`` ``{"version"}``: play again the last move taken back."""
    version = integer(body(request), "version")
    action = games.redo(_autocomplete(request))
    return JsonResponse(games.change(owned_games(request), pk, version, action))


@endpoint("POST")
def restart(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/restart`` ``{"version"}``: back to the deal."""
    version = integer(body(request), "version")
    return JsonResponse(games.change(owned_games(request), pk, version, games.restart))


_hint_slots = threading.BoundedSemaphore(max(1, settings.HINT_CONCURRENCY))


@endpoint("POST")
def hint(request: HttpRequest, pk: int) -> HttpResponse:
    """``POST /api/games/ID/hint``: the library's hint, capped in time and positions.

    Answers are cached per game and position, so asking again costs nothing.
    """
    record = _owned(request, pk)
    engine = games.rebuild(record)
    position = hashlib.sha256(engine.layout.to_json().encode()).hexdigest()[:32]
    key = f"hint:{record.pk}:{position}"
    answer = cache.get(key)
    if answer is None:
        try:
            from solitaire.hint import hint as find_hint
        except ImportError:
            return error(503, "hints are not available on this server yet")
        if not _hint_slots.acquire(timeout=settings.HINT_SECONDS):
            return error(503, "the server is busy thinking about other hints: try again")
        try:
            found = find_hint(engine, budget=settings.HINT_BUDGET, seconds=settings.HINT_SECONDS)
        finally:
            _hint_slots.release()
        answer = found.to_dict()
        cache.set(key, answer, 24 * 3600)
    return JsonResponse({**answer, "version": record.version})


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF refusals: JSON under ``/api/``, Django's own page elsewhere."""
    if request.path.startswith("/api/"):
        return error(403, "CSRF check failed: send the csrftoken cookie back as X-CSRFToken")
    return django_csrf_failure(request, reason=reason)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404s: JSON under ``/api/``, the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return error(404, "there is nothing here")
    from django.views.defaults import page_not_found

    return page_not_found(request, exception or Exception("not found"))
