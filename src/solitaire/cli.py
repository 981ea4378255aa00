"""The ``solitaire`` command line."""

from __future__ import annotations

import datetime
import json
import os
import re
from pathlib import Path

import click

from solitaire.deal import MAX_DEAL
from solitaire.errors import SolitaireError
from solitaire.games import FEATURED, get_rules
from solitaire.layout import Layout
from solitaire.render import picture
from solitaire.workers import cores

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
@click.argument("game", callback=lambda _ctx, _param, value: game_argument(value))
@click.option("--json", "as_json", is_flag=True, help="Print the list as one JSON array.")
def winnable(game: str, as_json: bool) -> None:
    """List the proved deals of GAME, each with the line that wins it."""
    from solitaire.winnable import proved_deals

    deals = proved_deals(game)
    if as_json:
        click.echo(json.dumps([proved.to_dict() for proved in deals]))
        return
    for proved in deals:
        click.echo(f"{proved.deal}: {' '.join(proved.solution)}")


@main.command()
@click.argument("game", callback=lambda _ctx, _param, value: game_argument(value))
@click.option("--date", "day", default=None, metavar="YYYY-MM-DD", help="Default: today (UTC).")
def daily(game: str, day: str | None) -> None:
    """Print the deal number of GAME's Daily deal."""
    from solitaire.daily import daily_deal

    try:
        when = datetime.date.fromisoformat(day) if day else None
    except ValueError:
        raise click.BadParameter(f"{day!r} is not a date YYYY-MM-DD", param_hint="--date") from None
    try:
        click.echo(daily_deal(game, when))
    except SolitaireError as error:
        raise click.ClickException(str(error)) from None


@main.command("makewinnable")
@click.argument("game", callback=lambda _ctx, _param, value: game_argument(value))
@click.option("--count", default=500, show_default=True, help="Stop when the list has this many.")
@click.option("--budget", default=50_000, show_default=True, help="Positions per deal.")
@click.option("--jobs", default=os.cpu_count() or 1, show_default=True, help="Processes.")
@click.option(
    "--screen",
    type=click.IntRange(min=1),
    default=None,
    help="Solve only the deals whose burial is below this (see solitaire.screen).",
)
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the lists live (default: the package's data).",
)
@click.option(
    "--scheduler",
    metavar="tcp://HOST:PORT",
    default=None,
    help="Solve on this Dask cluster instead of local processes (--jobs is then unused).",
)
@click.option(
    "--from-survey",
    "survey",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=None,
    help="Import a survey file's verdicts (CSV or JSON) instead of solving.",
)
def makewinnable(
    game: str,
    count: int,
    budget: int,
    jobs: int,
    screen: int | None,
    directory: Path | None,
    scheduler: str | None,
    survey: Path | None,
) -> None:
    """Build or extend GAME's list of proved deals; an interrupted run keeps what it found.

    With --from-survey, take the verdicts of a `solitaire survey` file instead of solving.
    """
    from tqdm import tqdm

    from solitaire.solver.survey import load as load_survey
    from solitaire.winnable import extend, import_survey, load

    if survey is not None:
        try:
            result = import_survey(game, load_survey(survey), directory)
        except (SolitaireError, KeyError, ValueError) as error:
            raise click.ClickException(f"{survey}: {error}") from None
        click.echo(f"{game}: {len(result.deals)} proved deals of {result.searched} searched")
        return

    have = len(load(game, directory).deals)
    with tqdm(total=count, initial=min(have, count), unit="deal", desc=game) as bar:

        def progress(tried: int, proved: int) -> None:
            bar.n = min(proved, count)
            bar.set_postfix(searched=tried)

        try:
            result = extend(game, count, budget, jobs, directory, progress, screen, scheduler)
        except SolitaireError as error:
            raise click.ClickException(str(error)) from None
    click.echo(f"{game}: {len(result.deals)} proved deals of {result.searched} searched")


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=cores(),
    show_default="every core",
    help="Web processes.",
)
def serve(host: str, port: int, workers: int) -> None:
    """Serve the web site, creating and migrating its database as needed."""
    from solitaire.site.server import serve as serve_site

    serve_site(host=host, port=port, workers=workers)


@main.command()
def checkgames() -> None:
    """Replay every stored game from its deal and check its kept position and status."""
    from solitaire.site.server import check_games

    check_games()


def _add_solver_commands() -> None:
    from solitaire.solver.commands import solve, survey

    main.add_command(solve)
    main.add_command(survey)


_add_solver_commands()
