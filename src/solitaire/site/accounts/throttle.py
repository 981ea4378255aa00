"""Login throttling: a guesser is refused before any password is hashed.

Two keys, chosen so that a guesser cannot lock an owner out:

- **one account from one address** (django-axes, ``AXES_LOCKOUT_PARAMETERS``): after
  ``SOLITAIRE_LOGIN_FAILURES`` (5) failed logins, that account is refused from that address
  for ``SOLITAIRE_LOGIN_COOLOFF`` seconds (300). Tries during the wait are not counted, so
  they do not make it longer, and the owner logging in from any other address is never
  refused. A lock on the account alone would let anyone lock any player out at will.
- **one address, over every account** (``RATES["login-failures"]``, django-ratelimit's
  counter): ``SOLITAIRE_LOGIN_FAILURES_PER_ADDRESS`` failures (30 in 15 minutes), then every
  login from that address waits for the window to end: one guesser cannot try a few
  passwords on each of many accounts.

Both refusals are the login page again, 429, with a ``Retry-After`` header and a message
that says how long to wait. A successful login clears the account's count.
"""

from __future__ import annotations

import math
from typing import Any

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from solitaire.site import limits
from solitaire.site.jsonapi import TooMany

ADDRESS_GROUP = "login-failures"


def _refused(request: HttpRequest, message: str, seconds: float) -> HttpResponse:
    """The login page again, with the refusal on it: 429 and Retry-After."""
    wait = max(1, math.ceil(seconds))
    form = AuthenticationForm(request)
    form.errors["__all__"] = form.error_class([f"{message} Try again in {_duration(wait)}."])
    context = {"form": form, "next": request.POST.get("next", "")}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def _duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if minutes and not rest:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    return f"{seconds} second{'s' if seconds != 1 else ''}"


def locked_out(request: HttpRequest, response: Any = None, credentials: Any = None) -> HttpResponse:
    """django-axes' answer once an account is locked from this address."""
    seconds = settings.AXES_COOLOFF_TIME.total_seconds()
    return _refused(request, "Too many failed logins for this account from here.", seconds)


class LoginView(auth_views.LoginView):
    """Django's login view, refusing an address past its failed logins before it hashes."""

    redirect_authenticated_user = True

    def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        """Check the address's count of failures, then log in as Django does."""
        try:
            limits.check(request, ADDRESS_GROUP, "Too many failed logins from this address.")
        except TooMany as limit:
            return _refused(request, limit.message, limit.retry_after)
        return super().post(request, *args, **kwargs)


@receiver(user_login_failed, dispatch_uid="solitaire-login-failures-by-address")
def count_failure(sender: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """Count a failed login against its address."""
    if request is not None and not getattr(request, "axes_locked_out", False):
        limits.note(request, ADDRESS_GROUP)
