"""A player's settings, kept on the account (guests keep theirs in the session)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
THEMES = ("system", "light", "dark")
FELTS = ("green", "blue", "red", "grey")
BACKS = ("blue", "red", "green", "black")
"""The look's choices, as every page offers them (static/solitaire/js/theme.js)."""


class Preferences(models.Model):
    """The table's settings for one account. Defaults match a guest's."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences"
    )
    autoplay = models.BooleanField(default=True, help_text="A click sends a card where it goes.")
    autocomplete = models.BooleanField(
        default=True, help_text="Play every card home once nothing is left to decide."
    )
    animation = models.CharField(
        max_length=8, default="normal", choices=[(speed, speed) for speed in ANIMATION_SPEEDS]
    )
    four_colour = models.BooleanField(default=False)
    hide_timer = models.BooleanField(default=False)
    winnable = models.BooleanField(
        default=False, help_text="New deal deals from the game's proved deals only."
    )
    theme = models.CharField(max_length=8, default="system", choices=[(t, t) for t in THEMES])
    felt = models.CharField(max_length=8, default="green", choices=[(f, f) for f in FELTS])
    back = models.CharField(max_length=8, default="blue", choices=[(b, b) for b in BACKS])
    left = models.BooleanField(
        default=False, help_text="Left-handed: stock, waste and foundations on the other side."
    )
    favourites = models.JSONField(
        default=list, blank=True, help_text="The ids of the games the home page lists first."
    )

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"settings of {self.user}"
