"""``/rules/GAME/``: the rules of one game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from solitaire.games import FEATURED, get_rules
from solitaire.site.rules.survey import survey


def page(request: HttpRequest, game: str) -> HttpResponse:
    """The rules page: setup, rules, how to win, tips, questions, and the solver's figures."""
    if game not in FEATURED:
        raise Http404("no such game")
    rules = get_rules(game)
    context = {"game": rules, "survey": survey(game)}
    return render(request, f"rules/{game}.html", context)
