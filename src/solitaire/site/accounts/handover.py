"""When a guest logs in or signs up, their guest settings become the account's.

Their games change hands too, in the play app (:mod:`solitaire.site.play.handover`).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from solitaire.site.accounts.models import Preferences
from solitaire.site.accounts.prefs import DEFAULTS, SESSION_KEY


@receiver(user_logged_in, dispatch_uid="solitaire-guest-settings")
def hand_over_settings(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Give a new account the settings the session kept as a guest.

    Django keeps the session's data across a log-in (it only changes the key). An account
    that already has settings keeps its own, but gains the guest's favourite games.
    """
    if request is None:
        return
    stored = request.session.pop(SESSION_KEY, None)
    if isinstance(stored, dict):
        values = {key: stored[key] for key in DEFAULTS if key in stored}
        prefs, created = Preferences.objects.get_or_create(user=user, defaults=values)
        guest = stored.get("favourites") or []
        if not created and guest:  # favourites chosen as a guest join the account's own
            prefs.favourites = list(dict.fromkeys([*prefs.favourites, *guest]))
            prefs.save(update_fields=["favourites"])
