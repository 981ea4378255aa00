"""``pruneguests``: delete guest data past its age (:mod:`solitaire.site.play.pruning`).

``solitaire serve`` runs the same every ``SOLITAIRE_PRUNE_MINUTES``; this command is for a
timer of your own (cron, a systemd timer) or a prune by hand.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from solitaire.site.play.pruning import prune


class Command(BaseCommand):
    """Guest games live only as long as the guest's session can reach them."""

    help = (
        "Delete guest games never played for a day or untouched for SOLITAIRE_GUEST_DAYS, "
        "expired sessions, and guest sessions left with no game."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        """``--days`` and ``--unplayed-hours`` override the settings."""
        parser.add_argument("--days", type=float, default=None)
        parser.add_argument("--unplayed-hours", type=float, default=None)

    def handle(self, *args: Any, **options: Any) -> None:
        """Delete, then say how many went."""
        self.stdout.write(str(prune(options["days"], options["unplayed_hours"])))
