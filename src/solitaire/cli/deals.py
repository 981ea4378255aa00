"""The commands about deals: the games, a deal's table, and the Daily deal."""

from __future__ import annotations

import datetime

import click

from solitaire.cli import params
from solitaire.cli.picture import picture
from solitaire.engine.errors import SolitaireError
from solitaire.engine.games import FEATURED
from solitaire.engine.layout import Layout


@click.command()
def games() -> None:
    """List the game ids, one a line."""
    for game in FEATURED:
        click.echo(game)


@click.command()
@click.argument("game", callback=params.game)
@click.argument("deals", callback=params.deals)
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


@click.command()
@click.argument("game", callback=params.game)
@click.option("--date", "day", default=None, metavar="YYYY-MM-DD", help="Default: today (UTC).")
def daily(game: str, day: str | None) -> None:
    """Print the deal number of GAME's Daily deal."""
    from solitaire.deals.daily import daily_deal

    try:
        when = datetime.date.fromisoformat(day) if day else None
    except ValueError:
        raise click.BadParameter(f"{day!r} is not a date YYYY-MM-DD", param_hint="--date") from None
    try:
        click.echo(daily_deal(game, when))
    except SolitaireError as error:
        raise click.ClickException(str(error)) from None
