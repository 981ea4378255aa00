"""What the site already knows of a deal as it is dealt, before a move is made.

Three sources, each a proof: the game's shipped proved deals (and the kinds of game dealt
from them), the published survey rows (:func:`solitaire.site.rules.survey.verdict`) and the
answers of players' questions (:class:`~solitaire.site.play.models.DealVerdict`). The table
says so as the deal appears: "proved winnable", or that the deal cannot be won.
"""

from __future__ import annotations

from solitaire.deals.winnable import proved_numbers
from solitaire.site.play.models import DealVerdict, Game, Kind
from solitaire.site.rules.survey import verdict as survey_verdict
from solitaire.solver.verdict import Verdict

PROVED_KINDS = (Kind.WINNABLE, Kind.DAILY, Kind.PRACTICE)
"""Deals of these kinds come from the proved lists (the Daily deal is one of them)."""

PROVED = (str(Verdict.WON), str(Verdict.LOST))


def listed(record: Game) -> bool:
    """Whether the game's deal is one of the proved lists' (or was dealt from them)."""
    return record.kind in PROVED_KINDS or record.deal in proved_numbers(record.game)


def cheaply(record: Game) -> dict[str, str] | None:
    """What the lists and the survey say of the deal: ``{"result", "how"}`` or None. Costs
    no query: it answers on every move."""
    if listed(record):
        return {"result": str(Verdict.WON), "how": "list"}
    surveyed = survey_verdict(record.game, record.deal)
    return {"result": surveyed, "how": "survey"} if surveyed else None


def deal_verdict(record: Game) -> dict[str, str] | None:
    """Everything known of the deal: the lists, the survey, then players' questions."""
    known = cheaply(record)
    if known:
        return known
    asked = (
        DealVerdict.objects.filter(game=record.game, deal=record.deal, result__in=PROVED)
        .values_list("result", flat=True)
        .first()
    )
    return {"result": asked, "how": "question"} if asked else None
