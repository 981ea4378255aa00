"""The home page and the card table page."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from urllib.parse import urlencode

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.urls import reverse
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from solitaire.advice.review import positions
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.errors import SolitaireError
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.tablefacts import table_facts
from solitaire.site.accounts import prefs
from solitaire.site.jsonapi import Refused
from solitaire.site.play import choose, deal_choice, records
from solitaire.site.play.models import Game, Result
from solitaire.site.play.owner import owned_game, owned_games
from solitaire.site.play.reviewing import reviewable
from solitaire.site.served import is_served, served_games


def home(request: HttpRequest) -> HttpResponse:
    """The games the site offers, grouped by family, each with its figures and its ways to
    start; ``?q=`` keeps the games that match (the page's script filters as one types)."""
    query = request.GET.get("q", "")[:100]
    context = {
        "groups": choose.groups(prefs.load(request)["favourites"], query),
        "query": query,
        "count": len(served_games()),
    }
    return render(request, "play/home.html", context)


@require_POST
def favourite(request: HttpRequest, game: str) -> HttpResponse:
    """Star or unstar ``game`` for the player (the account's settings, or the guest's
    session), then go back to the home page where the form was."""
    if not is_served(game):
        raise Http404("no such game")
    prefs.toggle_favourite(request, game)
    return redirect(f"{reverse('home')}#game-{game}")


def _table(request: HttpRequest, game: str) -> str:
    return reverse("table", args=[game])


BAD_DEAL = f"Deal numbers are whole numbers from 1 to {MAX_DEAL:,}."
"""What a table link with a deal number that is not one says."""


def deal_number(text: str) -> int | None:
    """The deal number written in ``text`` (plain ASCII digits, 1 to MAX_DEAL), else None."""
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > len(str(MAX_DEAL)):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_DEAL else None


BAD_DATE = "A Daily deal is named by its date, written YYYY-MM-DD."
"""What a Daily link with a date that is not one says."""


def _day(text: str) -> datetime.date | None:
    """The date written YYYY-MM-DD in ``text``, else None."""
    text = text.strip()
    if len(text) != 10 or not text.isascii():
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _bad_link(
    request: HttpRequest, game: str, message: str, asked: str = "", status: int = 400
) -> HttpResponse:
    """The page for a table link that asks for something that cannot be dealt."""
    context = {
        "game": get_rules(game),
        "message": message,
        "asked": asked[:40],
        "max_deal": MAX_DEAL,
    }
    return render(request, "play/bad_link.html", context, status=status)


def _sentence(text: str) -> str:
    """An error message of the engine or the API as a sentence for a page."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _latest(request: HttpRequest, game: str) -> Game | None:
    """The player's most recent game of ``game`` that is not a Daily game."""
    return (
        owned_games(request)
        .filter(game=game, daily__isnull=True)
        .exclude(result=Result.ABANDONED)
        .order_by("-created", "-pk")
        .first()
    )


def share_query(record: Game) -> str:
    """The query of the link that deals ``record``'s deal for anyone who opens it."""
    if record.daily is not None:
        return "?" + urlencode({"daily": 1, "date": record.daily.isoformat()})
    if record.practice_of is not None:
        return "?" + urlencode({"daily": 1, "date": record.practice_of.isoformat()})
    return f"?deal={record.deal}"


def _daily(request: HttpRequest, game: str) -> Game | HttpResponse:
    """``?daily=1&date=YYYY-MM-DD``: a past day's Daily deal as a practice game (the latest
    one resumed), or today's Daily game (a guest is sent to log in)."""
    query, day = request.GET, deal_choice.today()
    if query.get("date"):
        asked = _day(query["date"])
        if asked is None:
            return _bad_link(request, game, BAD_DATE, query["date"])
        if asked > day:
            return _bad_link(request, game, f"The Daily deal of {asked} is not out yet.")
        day = asked
    latest = _latest(request, game)
    if day < deal_choice.today() and latest is not None and latest.practice_of == day:
        return latest
    if day == deal_choice.today() and not request.user.is_authenticated:
        here = f"{_table(request, game)}?daily=1"
        return redirect(f"{settings.LOGIN_URL}?{urlencode({'next': here})}")
    try:
        return deal_choice.new_game(request, game, daily=True, on=day)[0]
    except (Refused, SolitaireError) as problem:
        return _bad_link(request, game, _sentence(str(problem)), status=404)


def _by_id(request: HttpRequest, game: str) -> Game | HttpResponse:
    """``?id=ID``: one of the player's own games of GAME."""
    text = request.GET["id"]
    found = None
    if text.isdigit() and len(text) <= 18:
        found = owned_games(request).filter(pk=int(text), game=game).first()
    if found is None:
        raise Http404("no such game")
    return found


BAD_WINNABLE = "A winnable deal is asked for with winnable=1."
"""What a table link whose ``winnable`` is not 1 says."""

ONE_ASK = "A table link asks for one thing: a deal number, a winnable deal, a Daily deal or a game."
"""What a table link that asks for two of them (``?deal=5&winnable=1``) says."""


def _winnable(request: HttpRequest, game: str) -> Game | HttpResponse:
    """``?winnable=1``: a proved deal, then a redirect to its shareable ``?deal=N``."""
    if request.GET["winnable"].strip() != "1":
        return _bad_link(request, game, BAD_WINNABLE, request.GET["winnable"])
    try:
        record, _ = deal_choice.new_game(request, game, winnable=True)
    except (Refused, SolitaireError) as problem:
        return _bad_link(request, game, _sentence(str(problem)), status=404)
    return redirect(f"{_table(request, game)}{share_query(record)}")


def _by_number(request: HttpRequest, game: str) -> Game | HttpResponse:
    """``?deal=N``: the player's latest game of GAME when it is deal N, else N dealt fresh."""
    deal = deal_number(request.GET["deal"])
    if deal is None:
        return _bad_link(request, game, BAD_DEAL, request.GET["deal"])
    latest = _latest(request, game)
    if latest is not None and latest.deal == deal and latest.practice_of is None:
        return latest
    return deal_choice.new_game(request, game, deal=deal)[0]


def _resume(request: HttpRequest, game: str) -> Game | HttpResponse:
    """No query: the player's unfinished game of GAME, or a new deal (a proved one when the
    player's Winnable setting is on)."""
    unfinished = (
        owned_games(request)
        .filter(game=game, result__in=[Result.PLAYING, Result.STUCK], daily__isnull=True)
        .order_by("-created", "-pk")
        .first()
    )
    winnable = bool(prefs.load(request)["winnable"])
    return unfinished or deal_choice.new_game(request, game, winnable=winnable)[0]


Opener = Callable[[HttpRequest, str], "Game | HttpResponse"]

OPENERS: tuple[tuple[str, Opener], ...] = (
    ("daily", _daily),
    ("id", _by_id),
    ("winnable", _winnable),
    ("deal", _by_number),
)
"""The table link's queries, in the order they are heeded: the first one given opens the game."""


def _opener(request: HttpRequest) -> Opener:
    query = request.GET
    asked = [
        (key, opener)
        for key, opener in OPENERS
        if query.get(key) or (key == "deal" and key in query)
    ]
    if len(asked) > 1:
        return _two_asks
    return asked[0][1] if asked else _resume


def _two_asks(request: HttpRequest, game: str) -> HttpResponse:
    """A link that asks for two ways to open a game at once: which one it meant is unknown."""
    given = "&".join(f"{key}={request.GET[key]}" for key, _ in OPENERS if key in request.GET)
    return _bad_link(request, game, ONE_ASK, given)


def how_to_play(game: str) -> str | None:
    """The template of ``game``'s short rules, shown on the table and the rules page."""
    name = f"rules/how/{game}.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return None
    return name


@ensure_csrf_cookie
def table(request: HttpRequest, game: str) -> HttpResponse:
    """``/play/GAME/``: the card table.

    The links a player can share stay in the address bar:

    - ``?deal=N`` resumes the player's latest game of GAME when it is deal N and not
      abandoned (a reload, a second tab), and otherwise deals N fresh for whoever opens it;
    - ``?daily=1&date=YYYY-MM-DD`` does the same with a past day's Daily deal (a practice
      game); today's date, or no date, opens today's Daily game (a guest is sent to log in).

    ``?winnable=1`` deals a proved deal and redirects to its ``?deal=N``; ``?id=ID`` opens
    one of the player's own games. A deal number or date that is not one, a ``winnable``
    other than 1, or a link asking for two of these gets a page saying what is allowed
    (400). With no query, the player's unfinished game of GAME resumes, or a new deal starts
    (:data:`OPENERS`).
    """
    if not is_served(game):
        raise Http404("no such game")
    record = _opener(request)(request, game)
    if isinstance(record, HttpResponse):
        return record
    context = {
        "game": get_rules(game),
        "record": record,
        "share_query": share_query(record),
        "game_data": records.describe(record),
        "settings_data": prefs.load(request),
        "max_deal": MAX_DEAL,
        "how_to_play": how_to_play(game),
    }
    return render(request, "play/table.html", context)


def review(request: HttpRequest, pk: int) -> HttpResponse:
    """``/games/ID/review``: step through a finished game with the solver's verdicts, for its
    owner, or for anyone when the owner shares it."""
    record = owned_game(request, pk)
    owner = record is not None
    record = record or Game.objects.filter(pk=pk, shared=True).first()
    if record is None:
        raise Http404("no such game to review")
    if not reviewable(record):
        # Only the owner gets here: a game is shared from its review, once it has ended.
        context = {"game": get_rules(record.game), "record": record}
        return render(request, "play/review_later.html", context)
    start = Layout.dealt(record.game, record.deal)
    context = {
        "game": get_rules(record.game),
        "record": record,
        "owner": owner,
        "positions": [
            Layout(record.game, record.deal, state).to_dict()
            for state in positions(start, record.moves)
        ],
        "facts": table_facts(record.game),
    }
    return render(request, "play/review.html", context)
