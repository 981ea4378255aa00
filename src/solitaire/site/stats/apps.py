"""The stats app."""

from django.apps import AppConfig


class StatsConfig(AppConfig):
    """Results per player and game; it has no tables of its own."""

    name = "solitaire.site.stats"
    label = "stats"
    verbose_name = "Statistics"
