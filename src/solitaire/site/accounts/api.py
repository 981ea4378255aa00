"""``GET``/``POST /api/settings``: the player's table settings."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import ensure_csrf_cookie

from solitaire.site.accounts import prefs
from solitaire.site.jsonapi import Refused, body, endpoint, reads


@ensure_csrf_cookie
@endpoint("GET", "POST")
def settings_view(request: HttpRequest) -> HttpResponse:
    """GET answers the settings; POST changes the keys it sends and answers them all.

    GET also sets the CSRF cookie, so a client other than the table page can start here.
    """
    if reads(request):
        return JsonResponse(prefs.load(request))
    try:
        changes = prefs.clean(body(request))
    except prefs.SettingsError as problem:
        raise Refused(400, str(problem)) from None
    return JsonResponse(prefs.save(request, changes))
