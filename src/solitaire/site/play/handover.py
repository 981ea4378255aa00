"""When a guest logs in or signs up, the games they played as a guest become the account's."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver

from solitaire.site.play.owner import GUEST_KEY, adopt_guest_games


@receiver(user_logged_in, dispatch_uid="solitaire-guest-games")
def hand_over_games(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    """Give the account the games the session played as a guest.

    Django keeps the session's data across a log-in (it only changes the key), so the
    guest token is still there to find the games by.
    """
    if request is None:
        return
    token = request.session.pop(GUEST_KEY, None)
    if token:
        adopt_guest_games(token, user)
