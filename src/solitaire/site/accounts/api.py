"""``GET``/``POST /api/settings``: the player's table settings."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse

from solitaire.site.accounts import prefs
from solitaire.site.play.api import body, endpoint
from solitaire.site.play.games import Refused


@endpoint("GET", "POST")
def settings_view(request: HttpRequest) -> HttpResponse:
    """GET answers the settings; POST changes the keys it sends and answers them all."""
    if request.method == "GET":
        return JsonResponse(prefs.load(request))
    try:
        changes = prefs.clean(body(request))
    except prefs.SettingsError as problem:
        raise Refused(400, str(problem)) from None
    return JsonResponse(prefs.save(request, changes))
