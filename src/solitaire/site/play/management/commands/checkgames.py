"""``checkgames``: replay every stored game and check it against what the site keeps."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from solitaire.engine.errors import SolitaireError
from solitaire.site.play.models import Game
from solitaire.site.play.records import replay


class Command(BaseCommand):
    """The request path trusts the kept position; this is where that trust is checked."""

    help = "Replay every game from its deal, checking each move, its position and its status."

    def handle(self, *args: Any, **options: Any) -> None:
        """Check each game; list the ones that disagree and fail if there are any."""
        checked = 0
        faults: list[str] = []
        for record in Game.objects.order_by("pk").iterator():
            checked += 1
            try:
                engine = replay(record)
            except SolitaireError as error:
                faults.append(f"game {record.pk} ({record}): its moves do not replay: {error}")
                continue
            if record.layout != engine.layout.to_dict():
                faults.append(
                    f"game {record.pk} ({record}): the kept position is not the replayed one"
                )
            if record.status != engine.status:
                faults.append(
                    f"game {record.pk} ({record}): kept status {record.status}, "
                    f"replayed {engine.status}"
                )
        for fault in faults:
            self.stderr.write(fault)
        if faults:
            raise CommandError(f"{len(faults)} problem(s) in {checked} games")
        self.stdout.write(f"{checked} games replayed: every position and status as kept")
