"""The API under ``/api/`` and the table pages."""

from django.urls import path, register_converter

from solitaire.site.accounts import api as accounts_api
from solitaire.site.play import api, daily_views, question_views, views


class GameId:
    """A game id: digits that fit the database's 64-bit key, so a huge one is a 404."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        """The id as an int."""
        return int(value)

    def to_url(self, value: int) -> str:
        """The id as URL text."""
        return str(value)


register_converter(GameId, "game_id")

api_patterns = [
    path("games", api.create, name="api-games"),
    path("games/<game_id:pk>", api.detail, name="api-game"),
    path("games/<game_id:pk>/moves", api.move, name="api-move"),
    path("games/<game_id:pk>/click", api.click, name="api-click"),
    path("games/<game_id:pk>/undo", api.undo, name="api-undo"),
    path("games/<game_id:pk>/finish", api.finish, name="api-finish"),
    path("games/<game_id:pk>/redo", api.redo, name="api-redo"),
    path("games/<game_id:pk>/restart", api.restart, name="api-restart"),
    path("games/<game_id:pk>/hint", api.hint, name="api-hint"),
    path("games/<game_id:pk>/review", api.review, name="api-review"),
    path("games/<game_id:pk>/share", api.share, name="api-share"),
    path("daily/<slug:game>", daily_views.board, name="api-daily"),
    path("verdicts", question_views.ask, name="api-verdicts"),
    path("verdicts/<game_id:pk>", question_views.answer, name="api-verdict"),
    path("settings", accounts_api.settings_view, name="api-settings"),
]

page_patterns = [
    path("", views.home, name="home"),
    path("favourite/<slug:game>/", views.favourite, name="favourite"),
    path("play/<slug:game>/", views.table, name="table"),
    path("daily/<slug:game>/", daily_views.page, name="daily"),
    path("games/<game_id:pk>/review", views.review, name="review"),
]
