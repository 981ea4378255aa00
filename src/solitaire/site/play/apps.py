"""The play app."""

from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Games, the JSON API and the card table page."""

    name = "solitaire.site.play"
    label = "play"
    verbose_name = "Games"
