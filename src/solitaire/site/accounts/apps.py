"""The accounts app."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Connects the log-in signals: a guest's settings go to the account, and failed logins
    are counted by address (``throttle``)."""

    name = "solitaire.site.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        """Connect the signal handlers."""
        from solitaire.site.accounts import handover, throttle  # noqa: F401
