"""Filters that print statistics the way a player reads them."""

from __future__ import annotations

from django import template

register = template.Library()

NONE = "\u2013"
"""What a figure that does not exist yet shows: an en dash."""


@register.filter
def duration(seconds: int | None) -> str:
    """``754`` → ``12:34``; an hour or more → ``1:02:03``; None → an en dash."""
    if seconds is None:
        return NONE
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@register.filter
def percent(rate: float | None) -> str:
    """``0.4166`` → ``42%``; None → an en dash."""
    return NONE if rate is None else f"{round(rate * 100)}%"


@register.filter
def dash(value: object) -> object:
    """None → an en dash; anything else as it is."""
    return NONE if value is None else value
