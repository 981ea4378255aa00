"""The site's side of a game: deal it, resume it with the engine, change it, describe it.

Views call these; none of them knows a rule. Every change is written by one statement that
checks, under the row's lock, the version the client saw, so a second tab or a double click
can never apply a move twice, and an error leaves the stored game as it was.

A change starts from the position kept with the game and plays only what is new, and the
engine's status is worked out once per change and kept: a move costs the same whatever the
length of the game. Only an undo past the moves of one request replays the game's moves.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from typing import Any

from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils import timezone

import solitaire
from solitaire.engine.clicks import click_map
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.errors import SolitaireError
from solitaire.engine.layout import Layout
from solitaire.engine.state import Move
from solitaire.engine.status import WON, Standing, autocomplete_ready, is_won
from solitaire.engine.tablefacts import table_facts
from solitaire.site.jsonapi import Refused
from solitaire.site.play import known
from solitaire.site.play.models import Game, Kind, Result
from solitaire.solver import JUDGE

RESULTS = {"won": Result.WON, "stuck": Result.STUCK, "playing": Result.PLAYING}
"""The stored result for each status the engine reports."""

MOST_MOVES = 2_000
"""The most moves one request may play (``{"moves": [...]}``): more than any game's line."""

RANDOM_DEALS = 1_000_000
"""A plain New deal draws its number from 1 to this, short enough to read out."""


def replay(record: Game) -> solitaire.Game:
    """The engine's game for a stored one, every move replayed and checked from the deal."""
    return solitaire.Game.replay(Layout.dealt(record.game, record.deal), record.moves, JUDGE)


def resume(record: Game) -> solitaire.Game:
    """The engine's game for a stored one, resumed at its kept position without a replay.

    A game kept before positions were (or made without one) is replayed once, and its
    position and status are filled in on the record (saved with its next change).
    """
    start = Layout.dealt(record.game, record.deal)
    if record.layout is None:
        engine = solitaire.Game.replay(start, record.moves, JUDGE)
        keep(record, engine)
        return engine
    now = Layout.from_dict(record.layout, check=False)  # the engine wrote it: no recount
    return solitaire.Game.resume(start, record.moves, now.state, record.undone, JUDGE)


def keep(record: Game, engine: solitaire.Game) -> Standing:
    """Copy the engine's moves, the moves it can redo, its position and its status onto the
    record; return where the position stands, worked out once (one pass of the solver's
    judge) for the status, the lost flag and the legal moves of the game object."""
    now = engine.standing()
    record.status = now.status
    record.moves = engine.notation
    record.undone = engine.undone
    record.layout = engine.layout.to_dict()
    return now


def describe(
    record: Game,
    engine: solitaire.Game | None = None,
    *,
    deal_facts: bool = True,
    **extra: Any,
) -> dict[str, Any]:
    """The game object of SPEC's API, plus a few keys the table uses: ``table`` (the facts
    the table draws the game from), ``clicks`` (what a click on each card does now, as the
    engine decides it: :func:`solitaire.engine.clicks.click_map`), ``moves_made`` (every move
    played, those taken back included: what a Daily leaderboard counts) and ``lost`` (the
    position is proved lost: :attr:`solitaire.engine.status.Standing.lost`). With
    ``deal_facts`` (a game dealt or read, not changed) also ``deal_verdict``, what is known
    of the deal as dealt (:func:`solitaire.site.play.known.deal_verdict`): a move does not
    change it."""
    engine = engine or resume(record)
    now = engine.standing()
    dealt = known.deal_verdict(record) if deal_facts else known.cheaply(record)
    data: dict[str, Any] = {
        "id": record.pk,
        "game": record.game,
        "deal": record.deal,
        "layout": record.layout,
        "moves": list(record.moves),
        "legal": [str(move) for move in now.legal],
        "status": record.status,
        "version": record.version,
        "result": record.result,
        "kind": record.kind,
        "daily": record.daily.isoformat() if record.daily else None,
        "practice_of": record.practice_of.isoformat() if record.practice_of else None,
        "can_undo": bool(record.moves),
        "can_redo": bool(record.undone),
        "moves_made": record.moves_made,
        "elapsed": record.seconds,
        "started": record.started,
        "autocompleted": [],
        "proved": bool(dealt and dealt["result"] == WON),
        "lost": now.lost,
        "finishable": autocomplete_ready(engine.rules, engine.state),
        "table": table_facts(record.game),
        "clicks": click_map(engine.rules, engine.state, now.legal),
    }
    if deal_facts:
        data["deal_verdict"] = dealt
    data.update(extra)
    return data


def random_deal() -> int:
    """A deal number for a plain New deal."""
    return random.randint(1, min(RANDOM_DEALS, MAX_DEAL))


def start(games: QuerySet[Game], owner: dict[str, Any], game: str, deal: int, kind: str) -> Game:
    """Deal a new game for ``owner``; any unfinished game of the same kind of game is abandoned.

    A Daily game is never abandoned this way: it waits for its player.
    """
    now = timezone.now()
    # Dealt before the transaction: its first write takes SQLite's one write lock, and every
    # other process's move waits for it until the commit.
    fields = dealt(game, deal)
    with transaction.atomic():
        games.filter(game=game, result=Result.PLAYING, daily__isnull=True).update(
            result=Result.ABANDONED, finished=now
        )
        return Game.objects.create(game=game, deal=deal, kind=kind, created=now, **fields, **owner)


def dealt(game: str, deal: int) -> dict[str, Any]:
    """The fields of a game just dealt: its position and the engine's status there."""
    engine = solitaire.Game.deal(game, deal, JUDGE)
    return {"layout": engine.layout.to_dict(), "status": engine.status}


def daily(owner: dict[str, Any], game: str, day: datetime.date, deal: int) -> tuple[Game, bool]:
    """The player's Daily game of ``game`` for ``day``, dealt if new; True when just dealt."""
    with transaction.atomic():
        record, created = Game.objects.get_or_create(
            user=owner["user"],
            game=game,
            daily=day,
            defaults={"deal": deal, "kind": Kind.DAILY, "guest": "", **dealt(game, deal)},
        )
    return record, created


Change = Callable[[solitaire.Game], list[Move]]
"""Changes the engine's game, returning the moves Auto complete played."""


def change(record: Game, version: int, action: Change) -> dict[str, Any]:
    """Apply ``action`` to the game if it is still at ``version``; return the new object.

    The change is worked out on the game as read, with no lock held, and then written by one
    UPDATE that names the version it started from: the database takes the row's lock for
    that statement and checks the version under it, so of two changes made from the same
    version exactly one is written and the other is refused (409). Nothing is written when
    the action raises.
    """
    if record.version != version:
        raise Refused(
            409,
            f"the game is at version {record.version}, not {version}: "
            "it changed elsewhere, so reload it",
        )
    if record.result == Result.WON:
        raise Refused(400, "this game is won: deal a new one")
    if record.result == Result.ABANDONED:
        raise Refused(409, "this game was replaced by a newer deal")
    engine = resume(record)
    before = len(record.moves)
    autocompleted = action(engine)
    keep(record, engine)
    # Moves made count every move played (a redo too), and stay counted when taken back.
    record.moves_made += max(0, len(record.moves) - before)
    if record.first_move is None and record.moves_made:
        record.first_move = timezone.now()
    record.version = version + 1
    record.result = RESULTS.get(record.status, Result.PLAYING)
    record.finished = timezone.now() if record.result != Result.PLAYING else None
    record.updated = timezone.now()
    if not write_if_unchanged(record, version):
        raise Refused(409, "the game changed while this move was worked out: reload it")
    moved = [str(move) for move in autocompleted]
    return describe(record, engine, deal_facts=False, autocompleted=moved)


OPEN = (Result.PLAYING, Result.STUCK)
"""The results of a game that still takes changes."""
CHANGED = (
    "moves",
    "layout",
    "status",
    "undone",
    "version",
    "result",
    "finished",
    "updated",
    "moves_made",
    "first_move",
)
"""The fields a change writes."""


def write_if_unchanged(record: Game, version: int) -> bool:
    """Write the changed fields of ``record`` if the stored game is still at ``version`` and
    open (neither another change nor a new deal, which abandons it, came first); True if
    written.

    One UPDATE, the database's row lock held for that statement alone. It is written as
    plain SQL, with each value prepared by its own field as the ORM would: on every move
    Django's update compiler cost more than the statement itself.
    """
    fields = [field for field in Game._meta.concrete_fields if field.name in CHANGED]
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{quote(str(field.column))} = %s" for field in fields)
    sql = (
        f"UPDATE {quote(Game._meta.db_table)} SET {assignments} "
        f"WHERE {quote('id')} = %s AND {quote('version')} = %s "
        f"AND {quote('result')} IN ({', '.join('%s' for _ in OPEN)})"
    )
    values = [
        field.get_db_prep_save(getattr(record, field.attname), connection) for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*values, record.pk, version, *OPEN])
        return bool(cursor.rowcount == 1)


def autocomplete_if(enabled: bool, engine: solitaire.Game) -> list[Move]:
    """Auto complete, when the player has it on and nothing is left to decide."""
    return engine.autocomplete() if enabled else []


def play_move(move: str, autocomplete: bool) -> Change:
    """A change that plays ``move`` (then Auto complete, if on)."""

    def action(engine: solitaire.Game) -> list[Move]:
        engine.push(move)
        return autocomplete_if(autocomplete, engine)

    return action


def play_moves(moves: list[str], autocomplete: bool) -> Change:
    """A change that plays ``moves`` in order, each followed by Auto complete if on, as
    separate requests would; a move that is illegal, or that comes after the game is won,
    refuses the whole change (400, naming the move), and nothing is written."""

    def action(engine: solitaire.Game) -> list[Move]:
        autocompleted: list[Move] = []
        for number, move in enumerate(moves, 1):
            if is_won(engine.rules, engine.state):
                raise Refused(400, f"move {number} of {len(moves)} ({move}): the game is won")
            try:
                engine.push(move)
            except SolitaireError as problem:
                raise Refused(
                    400, f"move {number} of {len(moves)} ({move}): {problem}"
                ) from None
            autocompleted = autocomplete_if(autocomplete, engine)
        return autocompleted

    return action


def play_click(pile: str, index: int | None, autocomplete: bool) -> Change:
    """A change that plays what a click on card ``index`` of ``pile`` does."""

    def action(engine: solitaire.Game) -> list[Move]:
        if engine.click(pile, index) is None:
            raise Refused(400, "that card has nowhere to go")
        return autocomplete_if(autocomplete, engine)

    return action


def finish(engine: solitaire.Game) -> list[Move]:
    """A change that plays every card home when nothing is left to decide (Auto complete,
    asked for by the player who has it off)."""
    moves = engine.autocomplete()
    if not moves:
        raise Refused(
            400, "there is something left to decide: play on until every pile is in order"
        )
    return moves


def undo(engine: solitaire.Game) -> list[Move]:
    """A change that takes back the last move."""
    engine.pop()
    return []


def redo(autocomplete: bool) -> Change:
    """A change that plays again the last move taken back."""

    def action(engine: solitaire.Game) -> list[Move]:
        if not engine.can_redo:
            raise Refused(400, "there is no move to redo")
        engine.redo()
        return autocomplete_if(autocomplete, engine)

    return action


def restart(engine: solitaire.Game) -> list[Move]:
    """A change that goes back to the deal; redo then replays the moves from the start."""
    engine.restart()
    return []
