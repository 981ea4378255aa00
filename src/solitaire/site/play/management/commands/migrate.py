"""Django's ``migrate``, with the data folder made ready first.

The system checks run before a migration, and Django runs them in no fixed order: the model
checks may open the SQLite file before the ``site.E001`` check has created its folder. So the
folder is prepared here, before anything else runs.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.commands import migrate

from solitaire.site.env import prepare


class Command(migrate.Command):
    """``migrate`` on a fresh clone: the data folder and its secret key first."""

    def execute(self, *args: Any, **options: Any) -> str | None:
        """Prepare the data folder, then migrate as Django does."""
        prepare(settings.DATA_DIR)
        return super().execute(*args, **options)
