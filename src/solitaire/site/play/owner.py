"""Whose game is it: the logged-in account, or the guest token kept in the session."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.http import HttpRequest

from solitaire.site.play.models import Game

GUEST_KEY = "guest"


def guest_token(request: HttpRequest, create: bool = False) -> str:
    """The session's guest token; with ``create``, make one when there is none yet."""
    token = request.session.get(GUEST_KEY, "")
    if not token and create:
        token = secrets.token_urlsafe(24)
        request.session[GUEST_KEY] = token
    return str(token)


def owner_fields(request: HttpRequest) -> dict[str, Any]:
    """The fields that make a new game belong to whoever sent ``request``."""
    if request.user.is_authenticated:
        return {"user": request.user, "guest": ""}
    return {"user": None, "guest": guest_token(request, create=True)}


def owned_games(request: HttpRequest) -> QuerySet[Game]:
    """The games of whoever sent ``request``; nobody else's, ever."""
    if request.user.is_authenticated:
        return Game.objects.filter(user=request.user)
    token = guest_token(request)
    if not token:
        return Game.objects.none()
    return Game.objects.filter(user__isnull=True, guest=token)


def owned_game(request: HttpRequest, pk: int) -> Game | None:
    """Game ``pk`` if it belongs to whoever sent ``request``, else None.

    The same rule as :func:`owned_games`, read with one plain SELECT: every move, undo and
    hint reads its game this way, and Django's query compiler costs more than the query.
    """
    quote = connection.ops.quote_name
    params: list[object]
    if request.user.is_authenticated:
        where, params = f"{quote('user_id')} = %s", [request.user.pk]
    else:
        token = guest_token(request)
        if not token:
            return None
        where, params = f"{quote('user_id')} IS NULL AND {quote('guest')} = %s", [token]
    table = quote(Game._meta.db_table)
    sql = f"SELECT * FROM {table} WHERE {quote('id')} = %s AND {where}"
    found = list(Game.objects.raw(sql, [pk, *params]))
    return found[0] if found else None


def adopt_guest_games(token: str, user: Any) -> int:
    """Give every game of guest ``token`` to ``user``; return how many moved."""
    return Game.objects.filter(user__isnull=True, guest=token).update(user=user, guest="")
