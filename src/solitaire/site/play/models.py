"""A game as the site keeps it: which deal, the moves played since, the position they led
to, the engine's status there, and a version.

Every position kept came from the engine, one checked move at a time, so a move costs the
same at move 300 as at move 3. Replaying the moves from the deal must reach the kept position:
``solitaire checkgames`` checks that for every game.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone


class Result(models.TextChoices):
    """How a game stands: playing until it is won, stuck, or replaced by a new deal."""

    PLAYING = "playing"
    WON = "won"
    STUCK = "stuck"
    ABANDONED = "abandoned"


class Kind(models.TextChoices):
    """How the deal was chosen."""

    RANDOM = "random"
    NUMBER = "number"
    WINNABLE = "winnable"
    DAILY = "daily"


class Game(models.Model):
    """One game of one player: a player's account, or a guest's session token."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="games",
    )
    guest = models.CharField(max_length=64, blank=True, db_index=True)
    game = models.CharField(max_length=40)
    deal = models.IntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.NUMBER)
    daily = models.DateField(null=True, blank=True, help_text="The UTC date of a Daily deal.")
    moves = models.JSONField(default=list, blank=True)
    undone = models.JSONField(
        default=list, blank=True, help_text="Moves taken back; the last is the next redo."
    )
    layout = models.JSONField(
        null=True, blank=True, help_text="The position now, as SPEC's layout JSON."
    )
    status = models.CharField(
        max_length=10,
        default="playing",
        help_text="The engine's status at the position now: playing, won or stuck.",
    )
    version = models.PositiveIntegerField(default=0)
    result = models.CharField(
        max_length=10, choices=Result.choices, default=Result.PLAYING, db_index=True
    )
    created = models.DateTimeField(default=timezone.now)
    updated = models.DateTimeField(auto_now=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "game", "daily"],
                condition=models.Q(daily__isnull=False),
                name="one_daily_game_per_player_per_day",
            )
        ]
        indexes = [models.Index(fields=["user", "game", "result"])]

    def __str__(self) -> str:
        return f"{self.game} #{self.deal} ({self.result})"

    @property
    def seconds(self) -> int:
        """Seconds from the deal to the end of the game, or to now while it goes on."""
        end = self.finished or timezone.now()
        return max(0, int((end - self.created).total_seconds()))
