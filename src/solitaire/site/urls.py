"""The site's URLs: pages, accounts, the JSON API and the admin."""

from django.contrib import admin
from django.urls import include, path

from solitaire.site import assets
from solitaire.site.play.urls import api_patterns, page_patterns
from solitaire.site.rules import views as rules
from solitaire.site.stats import views as stats

urlpatterns = [
    *page_patterns,
    path("rules/<slug:game>/", rules.page, name="rules"),
    path("stats/", stats.page, name="stats"),
    path("api/stats", stats.api, name="api-stats"),
    path("api/", include(api_patterns)),
    path("accounts/", include("solitaire.site.accounts.urls")),
    path("admin/", admin.site.urls),
    path("manifest.webmanifest", assets.manifest, name="manifest"),
    path("favicon.ico", assets.favicon, name="favicon"),
]

handler400 = "solitaire.site.jsonapi.bad_request"
handler404 = "solitaire.site.jsonapi.not_found"
handler500 = "solitaire.site.jsonapi.server_error"
