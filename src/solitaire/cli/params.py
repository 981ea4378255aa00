"""What the commands share: reading a game id and a deal number or range."""

from __future__ import annotations

import re

import click

from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.errors import SolitaireError
from solitaire.engine.games import get_rules

_RANGE = re.compile(r"^\s*([0-9]{1,10})\s*(?:-\s*([0-9]{1,10}))?\s*$")


def parse_deals(text: str) -> range:
    """Read a deal number ``N`` or a range ``A-B`` (both ends included)."""
    match = _RANGE.match(text)
    if not match:
        raise click.BadParameter(f"{text[:40]!r} is not a deal number N or a range A-B")
    first = int(match[1])
    last = int(match[2]) if match[2] else first
    if not 1 <= first <= last <= MAX_DEAL:
        raise click.BadParameter(f"deals run from 1 to {MAX_DEAL}, with A <= B in a range A-B")
    return range(first, last + 1)


def game_argument(value: str) -> str:
    """Check a game id, turning an unknown one into a usage error."""
    try:
        return get_rules(value).id
    except SolitaireError as error:
        raise click.BadParameter(str(error)) from None


def game(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """The ``GAME`` argument's callback."""
    return game_argument(value)


def deals(_ctx: click.Context, _param: click.Parameter, value: str) -> range:
    """The callback of an ``N`` or ``A-B`` argument or option."""
    return parse_deals(value)


SCHEDULER = click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    default=None,
    help="Solve on this Dask cluster instead of local processes (--jobs is then unused).",
)
"""The ``--scheduler`` option of the commands that solve many deals."""
