"""The API under ``/api/`` and the table pages."""

from django.urls import path

from solitaire.site.accounts import api as accounts_api
from solitaire.site.play import api, views

api_patterns = [
    path("games", api.create, name="api-games"),
    path("games/<int:pk>", api.detail, name="api-game"),
    path("games/<int:pk>/moves", api.move, name="api-move"),
    path("games/<int:pk>/click", api.click, name="api-click"),
    path("games/<int:pk>/undo", api.undo, name="api-undo"),
    path("games/<int:pk>/redo", api.redo, name="api-redo"),
    path("games/<int:pk>/restart", api.restart, name="api-restart"),
    path("games/<int:pk>/hint", api.hint, name="api-hint"),
    path("settings", accounts_api.settings_view, name="api-settings"),
]

page_patterns = [
    path("", views.home, name="home"),
    path("play/<slug:game>/", views.table, name="table"),
]
