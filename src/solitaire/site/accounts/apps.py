"""The accounts app."""

from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Connects the log-in signal that hands a guest's settings to the account."""

    name = "solitaire.site.accounts"
    label = "accounts"
    verbose_name = "Accounts"

    def ready(self) -> None:
        """Connect the signal handlers."""
        from solitaire.site.accounts import handover  # noqa: F401
