""" "Is this deal winnable?": ``POST /api/verdicts``, ``GET`` and ``DELETE /api/verdicts/ID``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse

from solitaire.engine.deal import MAX_DEAL
from solitaire.site.jsonapi import Refused, body, endpoint, integer, text
from solitaire.site.play import deal_choice, questions
from solitaire.site.play.models import VerdictRequest
from solitaire.site.play.owner import guest_token, owner_fields


def _mine(request: HttpRequest, pk: int) -> VerdictRequest:
    asked = VerdictRequest.objects.filter(pk=pk)
    if request.user.is_authenticated:
        found = asked.filter(user=request.user).first()
    else:
        token = guest_token(request)
        found = asked.filter(user__isnull=True, guest=token).first() if token else None
    if found is None:
        raise Refused(404, "there is no such question")
    return found


@endpoint("POST")
def ask(request: HttpRequest) -> HttpResponse:
    """``POST /api/verdicts`` ``{"game", "deal"}``: 202 with the question's ``id``."""
    data = body(request)
    game, deal = deal_choice.offered(text(data, "game")), integer(data, "deal")
    if not 1 <= deal <= MAX_DEAL:
        raise Refused(400, f"deal numbers run from 1 to {MAX_DEAL}")
    question = questions.ask(owner_fields(request), game, deal)
    return JsonResponse({"id": question.pk}, status=202)


@endpoint("GET", "DELETE")
def answer(request: HttpRequest, pk: int) -> HttpResponse:
    """``GET /api/verdicts/ID``: running, done or cancelled, with the result and positions
    searched; ``DELETE`` cancels the question."""
    question = _mine(request, pk)
    if request.method == "DELETE":
        questions.cancel(question)
    return JsonResponse(questions.describe(question))
