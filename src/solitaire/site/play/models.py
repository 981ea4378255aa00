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
    PRACTICE = "practice"
    """A past Daily deal, played for practice: never on the leaderboard."""


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
    moves_made = models.PositiveIntegerField(
        default=0, help_text="Every move played, those taken back and Auto complete's included."
    )
    first_move = models.DateTimeField(
        null=True, blank=True, help_text="The server's time of the first move."
    )
    practice_of = models.DateField(
        null=True, blank=True, help_text="The date of the Daily deal a practice game replays."
    )
    shared = models.BooleanField(
        default=False, help_text="Anyone with the address may see the game's review."
    )
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
    def started(self) -> bool:
        """Whether the player has made a move (one taken back or restarted away counts)."""
        return bool(self.first_move or self.moves_made or self.moves)

    @property
    def seconds(self) -> int:
        """Seconds from the first move to the end of the game, or to now while it goes on;
        0 before the first move. A game kept before first moves were timed counts from its
        deal."""
        if not self.started:
            return 0
        begin = self.first_move or self.created
        end = self.finished or timezone.now()
        return max(0, int((end - begin).total_seconds()))

    @property
    def playing_seconds(self) -> float | None:
        """Seconds from the first move to the winning move, by the server's clock; None
        until the game is won."""
        if self.result != Result.WON or self.first_move is None or self.finished is None:
            return None
        return max(0.0, (self.finished - self.first_move).total_seconds())


class Review(models.Model):
    """What the solver found about every position of a finished game (solitaire.advice.review)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="review")
    version = models.PositiveIntegerField(help_text="The version of the game reviewed.")
    done = models.BooleanField(default=False)
    verdicts = models.JSONField(default=list, help_text="won, lost, unknown or null per position.")
    probed = models.JSONField(default=list, help_text="The positions the solver was asked about.")
    lines = models.JSONField(default=dict, help_text="Winning lines by position, as found.")
    heartbeat = models.DateTimeField(
        default=timezone.now, help_text="When the review last moved on."
    )
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"review of {self.game}"


class DealVerdict(models.Model):
    """What the solver says of a deal as dealt, asked by a player: shared by everyone."""

    game = models.CharField(max_length=40)
    deal = models.IntegerField()
    result = models.CharField(max_length=10)
    positions = models.PositiveIntegerField(default=0)
    budget = models.PositiveIntegerField()
    solution = models.JSONField(default=list, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "deal"], name="one_verdict_per_deal")
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.deal}: {self.result}"


class VerdictRequest(models.Model):
    """A player's "is this deal winnable?", answered by a solver job."""

    class Status(models.TextChoices):
        """Where the question stands."""

        RUNNING = "running"
        DONE = "done"
        CANCELLED = "cancelled"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    guest = models.CharField(max_length=64, blank=True, db_index=True)
    game = models.CharField(max_length=40)
    deal = models.IntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RUNNING)
    heartbeat = models.DateTimeField(default=timezone.now)
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.game} #{self.deal}? ({self.status})"
