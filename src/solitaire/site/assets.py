"""The site's installable side: the web app manifest and ``/favicon.ico``.

Pages link the SVG favicon and the manifest from ``base.html``; the manifest names the icons
by their hashed static URLs, so it is a view rather than a static file.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME = "#0f5132"
"""The felt green of the header, for the browser's own bars."""


@require_safe
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> HttpResponse:
    """``/manifest.webmanifest``: what a phone needs to install the site as an app."""
    icon = "solitaire/icons/"
    data = {
        "name": "Solitaire",
        "short_name": "Solitaire",
        "description": "Five patience games: Streets, Stronghold, Streets and Alleys, "
        "Blockade and Fours Up.",
        "id": "/",
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {"src": static(f"{icon}favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static(f"{icon}icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static(f"{icon}icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static(f"{icon}icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(data, json_dumps_params={"indent": 2})
    response["Content-Type"] = "application/manifest+json"
    return response


@require_safe
def favicon(request: HttpRequest) -> HttpResponse:
    """``/favicon.ico``, asked for by browsers that did not read the page: the SVG icon."""
    return HttpResponseRedirect(static("solitaire/icons/favicon.svg"))
