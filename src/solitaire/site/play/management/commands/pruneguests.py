"""``pruneguests``: delete guests' games that nobody has touched for a long time."""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from solitaire.site.play.models import Game


class Command(BaseCommand):
    """Guest games live only as long as the guest's session can reach them."""

    help = "Delete guest games untouched for longer than a guest session lasts, and old sessions."

    def add_arguments(self, parser: CommandParser) -> None:
        """``--days``: how old a guest game must be (default: the session lifetime)."""
        default = max(1, settings.SESSION_COOKIE_AGE // 86400)
        parser.add_argument("--days", type=int, default=default)

    def handle(self, *args: Any, **options: Any) -> None:
        """Delete, then say how many went."""
        cutoff = timezone.now() - datetime.timedelta(days=options["days"])
        deleted, _ = Game.objects.filter(user__isnull=True, updated__lt=cutoff).delete()
        call_command("clearsessions")
        self.stdout.write(f"deleted {deleted} guest games untouched since {cutoff:%Y-%m-%d}")
