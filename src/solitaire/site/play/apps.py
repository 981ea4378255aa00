"""The play app."""

from django.apps import AppConfig


class PlayConfig(AppConfig):
    """Games, the JSON API and the card table page."""

    name = "solitaire.site.play"
    label = "play"
    verbose_name = "Games"

    def ready(self) -> None:
        """Connect the log-in signal that hands a guest's games to the account."""
        from solitaire.site import checks  # noqa: F401
        from solitaire.site.play import handover  # noqa: F401
