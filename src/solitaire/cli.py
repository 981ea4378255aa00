"""The ``solitaire`` command line."""

from __future__ import annotations

import re

import click

from solitaire.deal import MAX_DEAL
from solitaire.errors import SolitaireError
from solitaire.games import FEATURED, get_rules
from solitaire.layout import Layout
from solitaire.render import picture

_RANGE = re.compile(r"^\s*([0-9]+)\s*(?:-\s*([0-9]+))?\s*$")


def parse_deals(text: str) -> range:
    """Read a deal number ``N`` or a range ``A-B`` (both ends included)."""
    match = _RANGE.match(text)
    if not match:
        raise click.BadParameter(f"{text!r} is not a deal number N or a range A-B")
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


@click.group()
def main() -> None:
    """Play, study and solve patience games."""


@main.command()
def games() -> None:
    """List the game ids, one a line."""
    for game in FEATURED:
        click.echo(game)


@main.command()
@click.argument("game", callback=lambda _ctx, _param, value: game_argument(value))
@click.argument("deals", callback=lambda _ctx, _param, value: parse_deals(value))
@click.option("--json", "as_json", is_flag=True, help="Print layout JSON, one object a line.")
def deal(game: str, deals: range, as_json: bool) -> None:
    """Show deal N of GAME (or every deal of a range A-B)."""
    for number in deals:
        layout = Layout.dealt(game, number)
        if as_json:
            click.echo(layout.to_json())
        else:
            click.echo(picture(layout))
            if number != deals[-1]:
                click.echo()


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
def serve(host: str, port: int) -> None:
    """Serve the web site, creating and migrating its database as needed."""
    from solitaire.site.server import serve as serve_site

    serve_site(host=host, port=port)


def _add_solver_commands() -> None:
    from solitaire.solver.commands import solve, survey

    main.add_command(solve)
    main.add_command(survey)


_add_solver_commands()
