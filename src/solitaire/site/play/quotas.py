"""Quotas on solver work: a few solves at once for each player or guest, and a bounded number
on the whole site; past either, :class:`~solitaire.site.jsonapi.TooMany` (429 with
``Retry-After``), never a new thread or a growing queue.

A running solve holds a :class:`Lease`: one of its owner's slots for that kind of work
(``settings.VERDICTS_PER_OWNER``, ``REVIEWS_PER_OWNER``, ``HINTS_PER_OWNER``) and, for work
in the background, one of the site's ``settings.SOLVER_QUEUE`` slots. A slot is a key in
Django's cache (Redis when ``REDIS_URL`` is set: every web process sees the same slots),
taken with ``cache.add``, which only one taker can win, and kept with an expiry, so that a
slot whose process died frees itself. The slot holds when its work should end, which is
what ``Retry-After`` says to a client who finds every slot taken.
"""

from __future__ import annotations

import math
import secrets
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.core.cache import cache

from solitaire.site.jsonapi import TooMany

MARGIN_SECONDS = 30.0
"""How much longer than its work is expected to take a slot is kept, for a late finish."""

PER_OWNER = {
    "verdict": "VERDICTS_PER_OWNER",
    "review": "REVIEWS_PER_OWNER",
    "hint": "HINTS_PER_OWNER",
}
"""The setting that says how many solves of each kind one owner may run at once."""

MESSAGES = {
    "verdict": "you have {n} questions waiting for the solver already",
    "review": "a review of yours is still running",
    "hint": "Hint is still thinking about {n} of your positions",
}


@dataclass
class Lease:
    """The slots one solve holds; give them back with :meth:`release`."""

    token: str
    keys: list[str] = field(default_factory=list)

    def extend(self, seconds: float) -> None:
        """Keep the slots for ``seconds`` more (a long review that is still moving on)."""
        ends = time.time() + seconds
        for key in self.keys:
            if _holder(key) == self.token:
                cache.set(key, (self.token, ends), _expiry(seconds))

    def release(self) -> None:
        """Give every slot back (a slot that expired and was taken by another stays theirs)."""
        for key in self.keys:
            if _holder(key) == self.token:
                cache.delete(key)
        self.keys = []


def _holder(key: str) -> str | None:
    value = cache.get(key)
    return None if value is None else str(value[0])


def _expiry(seconds: float) -> int:
    return math.ceil(seconds + MARGIN_SECONDS)


def _take(keys: list[str], lease: Lease, seconds: float) -> float | None:
    """Take the first free slot of ``keys`` for ``lease``; None when one was taken, else the
    seconds until the soonest of them is expected to free."""
    held = cache.get_many(keys)
    ends = time.time() + seconds
    for key in keys:
        if key not in held and cache.add(key, (lease.token, ends), _expiry(seconds)):
            lease.keys.append(key)
            return None
    held = cache.get_many(keys)  # those that were free a moment ago were just taken
    soonest = min((float(value[1]) for value in held.values()), default=time.time() + 1)
    return max(1.0, soonest - time.time())


def admit(kind: str, owner: str, seconds: float, background: bool = True) -> Lease:
    """A lease for one solve of ``kind`` by ``owner`` (``user:ID``, ``guest:TOKEN``) expected
    to take ``seconds``: one of the owner's slots and, when ``background``, one of the site's.
    Raise :class:`TooMany` when either is full."""
    limit = int(getattr(settings, PER_OWNER[kind]))
    lease = Lease(secrets.token_hex(8))
    wait = _take([f"quota:{kind}:{owner}:{n}" for n in range(limit)], lease, seconds)
    if wait is not None:
        raise TooMany(MESSAGES[kind].format(n=limit), wait)
    if background:
        join_queue(lease, seconds)
    return lease


def site_lease(seconds: float) -> Lease:
    """A lease of one of the site's slots alone, for a solve whose owners are counted
    elsewhere (questions are counted by their rows); :class:`TooMany` when all are taken."""
    lease = Lease(secrets.token_hex(8))
    join_queue(lease, seconds)
    return lease


def owner_of(user_id: int | None, guest: str) -> str:
    """The owner's name in the quotas: ``user:ID`` or ``guest:TOKEN``."""
    return f"user:{user_id}" if user_id is not None else f"guest:{guest}"


def join_queue(lease: Lease, seconds: float) -> None:
    """Add one of the site's slots to ``lease``; raise :class:`TooMany` (releasing the whole
    lease) when every one is taken."""
    wait = _take([f"quota:site:{n}" for n in range(settings.SOLVER_QUEUE)], lease, seconds)
    if wait is not None:
        lease.release()
        raise TooMany("the solver is busy with other players' work", wait)
