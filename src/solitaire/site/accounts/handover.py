"""When a guest logs in or signs up, their guest games and settings become the account's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from solitaire.site.accounts.models import Preferences
from solitaire.site.accounts.prefs import DEFAULTS, SESSION_KEY
from solitaire.site.play.owner import GUEST_KEY, adopt_guest_games


@receiver(user_logged_in, dispatch_uid="solitaire-guest-handover")
def hand_over(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Give the account the games the session played as a guest.

    Django keeps the session's data across a log-in (it only changes the key), so the
    guest token is still there to find the games by. Guest settings go to a new account;
    an account that already has settings keeps its own.
    """
    if request is None:
        return
    token = request.session.pop(GUEST_KEY, None)
    if token:
        adopt_guest_games(token, user)
    stored = request.session.pop(SESSION_KEY, None)
    if isinstance(stored, dict):
        values = {key: stored[key] for key in DEFAULTS if key in stored}
        Preferences.objects.get_or_create(user=user, defaults=values)
