"""The rules app."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    """A rules page per game; it has no tables."""

    name = "solitaire.site.rules"
    label = "rules"
    verbose_name = "Rules"
