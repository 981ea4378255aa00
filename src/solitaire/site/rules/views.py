"""``/rules/GAME/``: the rules of one game."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from solitaire.engine.games import get_rules
from solitaire.site import charts
from solitaire.site.play.questions import won_by_players
from solitaire.site.rules.survey import survey
from solitaire.site.served import is_served


def page(request: HttpRequest, game: str) -> HttpResponse:
    """The rules page: setup, rules, how to win, tips, questions, and the solver's figures."""
    if not is_served(game):
        raise Http404("no such game")
    rules = get_rules(game)
    found = survey(game)
    context: dict[str, object] = {
        "game": rules,
        "survey": found,
        "unseen": survey(game, unseen=True),
        "proved_by_players": won_by_players(game).count(),
    }
    if found:
        context["verdict_chart"] = charts.bars(
            f"What the solver proved of {rules.name} deals {found['deals']}",
            ["proved won", "proved lost", "undecided"],
            {"deals": [found["won"], found["lost"], found["unknown"]]},
        )
        times = found["times"]
        context["time_chart"] = charts.bars(
            "Time per deal", list(times), {"deals": list(times.values())}
        )
    return render(request, f"rules/{game}.html", context)
