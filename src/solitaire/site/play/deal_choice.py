"""Dealing a game for whoever asks: deal number N, a proved deal, the Daily deal, or a random one.

The API and the table page both deal through :func:`new_game`; neither knows the rules of it.
"""

from __future__ import annotations

import datetime
import random

from django.http import HttpRequest
from django.utils import timezone

from solitaire.engine.deal import MAX_DEAL
from solitaire.site import limits
from solitaire.site.jsonapi import Refused
from solitaire.site.play import questions, records
from solitaire.site.play.models import Game, Kind
from solitaire.site.play.owner import owned_games, owner_fields
from solitaire.site.served import is_served, served_games


def offered(game: str) -> str:
    """``game`` if the site offers it; otherwise a 400 naming the games it does offer."""
    if not is_served(game):
        offer = ", ".join(served_games())
        raise Refused(400, f"there is no game {game[:40]!r} here; the games are {offer}")
    return game


def today() -> datetime.date:
    """Today in UTC, the day of the Daily deal."""
    return timezone.now().astimezone(datetime.UTC).date()


def new_game(
    request: HttpRequest,
    game: str,
    deal: int | None = None,
    winnable: bool = False,
    daily: bool = False,
    on: datetime.date | None = None,
) -> tuple[Game, bool]:
    """Deal ``game`` for the player of ``request``: number ``deal``, a proved deal (from the
    shipped lists and the deals players' questions proved), today's Daily deal (players
    only), the Daily deal of a past day ``on`` (practice, for anyone) or, with none of them,
    a random deal. Return the game and True when it was dealt, False when a Daily game
    already dealt today was resumed. Counted against the rate limits of new games
    (``RATES["games"]``, :mod:`solitaire.site.limits`): past one, TooMany (429).
    """
    offered(game)
    if sum((deal is not None, winnable, daily)) > 1:
        raise Refused(400, "ask for one of deal, winnable or daily")
    owner = owner_fields(request)
    limits.count(request, "games", "too many new games from here")
    if daily:
        from solitaire.deals.daily import daily_deal

        day = on or today()
        if day > today():
            raise Refused(400, "that Daily deal is not out yet")
        if day < today():  # a past Daily deal: practice, never on the leaderboard
            deal_of_day = daily_deal(game, day)
            record = records.start(owned_games(request), owner, game, deal_of_day, Kind.PRACTICE)
            Game.objects.filter(pk=record.pk).update(practice_of=day)
            record.practice_of = day
            return record, True
        if not request.user.is_authenticated:
            raise Refused(401, "log in to play the Daily deal")
        return records.daily(owner, game, day, daily_deal(game, day))
    if winnable:
        last = owned_games(request).filter(game=game).order_by("-created", "-pk").first()
        choices = [n for n in questions.pool(game) if last is None or n != last.deal]
        if not choices:
            raise Refused(400, f"no proved deals are stored for {game}")
        number = random.choice(choices)
        return records.start(owned_games(request), owner, game, number, Kind.WINNABLE), True
    if deal is not None:
        if not 1 <= deal <= MAX_DEAL:
            raise Refused(400, f"deal numbers run from 1 to {MAX_DEAL}")
        return records.start(owned_games(request), owner, game, deal, Kind.NUMBER), True
    number = records.random_deal()
    return records.start(owned_games(request), owner, game, number, Kind.RANDOM), True
