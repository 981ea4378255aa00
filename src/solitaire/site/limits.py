"""Rate limits: how fast one client, and one address, may deal games and make accounts.

The counting is django-ratelimit's (fixed windows, one counter a key and window) in Django's
cache: Redis when ``REDIS_URL`` is set, so that every web process and machine counts the
same; without it each web process counts for itself (local memory). Each limit is a rate
``N/Ms`` (N in M seconds; ``m``, ``h`` and ``d`` work too) read from the environment
(``settings.RATES``). Past one, the request is refused with :class:`~solitaire.site.jsonapi.
TooMany` (429 and ``Retry-After``: the seconds left in the window) before it does any work.

A *client* is a logged-in account or a guest's session; an *address* is the client's IP
address (an IPv6 address counts by its /64), read through :func:`client_address`. Moves are
never limited: they cost about a millisecond, and bots play through the API.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from solitaire.site.jsonapi import TooMany

Key = Callable[[str, HttpRequest], str]


def client_address(request: HttpRequest) -> str:
    """The address the request came from: ``REMOTE_ADDR``, or behind
    ``settings.TRUSTED_PROXIES`` proxies (``SOLITAIRE_TRUSTED_PROXIES``) the address the
    outermost of them saw, read from the right of ``X-Forwarded-For``."""
    proxies = int(getattr(settings, "TRUSTED_PROXIES", 0))
    remote = str(request.META.get("REMOTE_ADDR") or "0.0.0.0")
    if proxies <= 0:
        return remote
    forwarded = [
        part.strip()
        for part in str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",")
        if part.strip()
    ]
    return forwarded[-proxies] if len(forwarded) >= proxies else remote


def client_key(request: HttpRequest) -> str:
    """Who is asking: ``user:ID`` for an account, ``guest:TOKEN`` for a guest with a game,
    ``session:KEY`` for a session without one, else ``address:IP``."""
    if request.user.is_authenticated:
        return f"user:{request.user.pk}"
    token = request.session.get("guest", "") if hasattr(request, "session") else ""
    if token:
        return f"guest:{token}"
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        return f"session:{session.session_key}"
    return f"address:{client_address(request)}"


def _by_client(group: str, request: HttpRequest) -> str:
    return client_key(request)


KEYS: dict[str, Key | str] = {"client": _by_client, "address": "ip"}
"""How each kind of limit names who it counts ("ip" is the library's own key, which reads
:func:`client_address` through ``RATELIMIT_IP_META_KEY`` and masks IPv6 to its /64)."""


def _usages(request: HttpRequest, group: str, increment: bool) -> Iterator[dict[str, Any]]:
    for kind, rate in settings.RATES.get(group, {}).items():
        if rate:
            usage = get_usage(
                request, group=f"{group}:{kind}", key=KEYS[kind], rate=rate, increment=increment
            )
            if usage is not None:
                yield usage


def _wait(usage: dict[str, Any]) -> int:
    """Seconds until a new window starts: the window's last second is still its own."""
    return int(usage["time_left"]) + 1


def count(request: HttpRequest, group: str, message: str) -> None:
    """Count one request of ``group`` (``games``, ``signups``) against each of its rates in
    ``settings.RATES``; raise :class:`TooMany` past any of them."""
    for usage in _usages(request, group, increment=True):
        if usage["should_limit"]:
            raise TooMany(message, _wait(usage))


def check(request: HttpRequest, group: str, message: str) -> None:
    """Raise :class:`TooMany` if ``group``'s counters (of failures, counted by :func:`note`)
    have reached any of their limits; count nothing."""
    for usage in _usages(request, group, increment=False):
        if usage["count"] >= usage["limit"]:
            raise TooMany(message, _wait(usage))


def note(request: HttpRequest, group: str) -> None:
    """Count one event of ``group`` (a failed login) without refusing anything."""
    for _usage in _usages(request, group, increment=True):
        pass
