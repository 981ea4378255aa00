"""Reading and writing a player's settings, wherever they are kept.

A player's settings live in their :class:`Preferences` row; a guest's in the session under
``settings``. Both look the same from outside: a dict with every key of :data:`DEFAULTS`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from solitaire.site.accounts.models import ANIMATION_SPEEDS, Preferences

DEFAULTS: dict[str, Any] = {
    "autoplay": True,
    "autocomplete": True,
    "animation": "normal",
    "four_colour": False,
    "hide_timer": False,
    "winnable": False,
}
SESSION_KEY = "settings"


class SettingsError(ValueError):
    """A settings update that names an unknown key or gives a value of the wrong kind."""


def clean(changes: object) -> dict[str, Any]:
    """Check an update from a client: known keys only, each with a value of its kind."""
    if not isinstance(changes, dict):
        raise SettingsError("send the settings as a JSON object")
    cleaned: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in DEFAULTS:
            known = ", ".join(DEFAULTS)
            raise SettingsError(f"there is no setting {key!r}; the settings are {known}")
        if key == "animation":
            if value not in ANIMATION_SPEEDS:
                raise SettingsError(f"animation is one of {', '.join(ANIMATION_SPEEDS)}")
        elif not isinstance(value, bool):
            raise SettingsError(f"{key} is true or false")
        cleaned[key] = value
    return cleaned


def load(request: HttpRequest) -> dict[str, Any]:
    """The settings of whoever sent ``request``."""
    if request.user.is_authenticated:
        prefs = Preferences.objects.filter(user=request.user).first()
        if prefs is None:
            return dict(DEFAULTS)
        return {key: getattr(prefs, key) for key in DEFAULTS}
    stored = request.session.get(SESSION_KEY, {})
    return {key: stored.get(key, default) for key, default in DEFAULTS.items()}


def save(request: HttpRequest, changes: dict[str, Any]) -> dict[str, Any]:
    """Apply checked ``changes`` and return the settings as they now stand."""
    current = load(request)
    current.update(changes)
    if request.user.is_authenticated:
        Preferences.objects.update_or_create(user=request.user, defaults=current)
    else:
        request.session[SESSION_KEY] = current
    return current
