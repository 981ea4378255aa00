"""Reading and writing a player's settings, wherever they are kept.

A player's settings live in their :class:`Preferences` row; a guest's in the session under
``settings``. Both look the same from outside: a dict with every key of :data:`DEFAULTS`.
The look (:data:`LOOK`: theme, felt, card backs, left-handed) is among them: every page
paints a logged-in player's look from the account (:func:`look`), so it follows them to
another browser; a guest's browser keeps its own, and the session's copy goes to the
account they sign up for or log in to.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from solitaire.engine.games import GAMES
from solitaire.site.accounts.models import ANIMATION_SPEEDS, BACKS, FELTS, THEMES, Preferences

DEFAULTS: dict[str, Any] = {
    "autoplay": True,
    "autocomplete": True,
    "animation": "normal",
    "four_colour": False,
    "hide_timer": False,
    "winnable": False,
    "theme": "system",
    "felt": "green",
    "back": "blue",
    "left": False,
    "favourites": [],
}
SESSION_KEY = "settings"

CHOICES: dict[str, tuple[str, ...]] = {
    "animation": ANIMATION_SPEEDS,
    "theme": THEMES,
    "felt": FELTS,
    "back": BACKS,
}
"""The settings that take one of a few words; every other one is true or false."""

LOOK = ("theme", "felt", "back", "left")
"""The settings every page is painted with."""


def _fresh(default: Any) -> Any:
    """A default that a caller may change without changing :data:`DEFAULTS`."""
    return list(default) if isinstance(default, list) else default


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
        if key == "favourites":
            value = _favourites(value)
        elif key in CHOICES:
            if value not in CHOICES[key]:
                raise SettingsError(f"{key} is one of {', '.join(CHOICES[key])}")
        elif not isinstance(value, bool):
            raise SettingsError(f"{key} is true or false")
        cleaned[key] = value
    return cleaned


def _favourites(value: object) -> list[str]:
    """A checked list of favourite game ids, each once, in the order given."""
    if not isinstance(value, list) or not all(isinstance(game, str) for game in value):
        raise SettingsError("favourites is a list of game ids")
    unknown = [game for game in value if game not in GAMES]
    if unknown:
        raise SettingsError(f"there is no game {unknown[0]!r}; the games are {', '.join(GAMES)}")
    return list(dict.fromkeys(value))


def toggle_favourite(request: HttpRequest, game: str) -> list[str]:
    """Add ``game`` to the player's favourites, or take it out when it is there; answer
    the favourites as they now stand."""
    current = [g for g in load(request)["favourites"] if g != game]
    if len(current) == len(load(request)["favourites"]):
        current.append(game)
    return list(save(request, clean({"favourites": current}))["favourites"])


def load(request: HttpRequest) -> dict[str, Any]:
    """The settings of whoever sent ``request``."""
    if request.user.is_authenticated:
        prefs = Preferences.objects.filter(user=request.user).first()
        if prefs is None:
            return {key: _fresh(default) for key, default in DEFAULTS.items()}
        return {key: getattr(prefs, key) for key in DEFAULTS}
    stored = request.session.get(SESSION_KEY, {})
    return {key: stored.get(key, _fresh(default)) for key, default in DEFAULTS.items()}


def save(request: HttpRequest, changes: dict[str, Any]) -> dict[str, Any]:
    """Apply checked ``changes`` and return the settings as they now stand."""
    current = load(request)
    current.update(changes)
    if request.user.is_authenticated:
        # Only the keys changed: two saves at once (a table setting, the look) each keep theirs.
        _, created = Preferences.objects.get_or_create(user=request.user, defaults=current)
        if not created and changes:
            Preferences.objects.filter(user=request.user).update(**changes)
    else:
        request.session[SESSION_KEY] = current
    return current


def look(request: HttpRequest) -> dict[str, Any] | None:
    """The look a logged-in player's pages are painted with (None for a guest, whose browser
    keeps their look)."""
    if not request.user.is_authenticated:
        return None
    settings = load(request)
    return {key: settings[key] for key in LOOK}
