"""The commands about the lists of proved deals: show one, build or extend one."""

from __future__ import annotations

import json
from pathlib import Path

import click

from solitaire.cli import params
from solitaire.engine.errors import SolitaireError
from solitaire.solver.workers import cores


@click.command()
@click.argument("game", callback=params.game)
@click.option("--json", "as_json", is_flag=True, help="Print the list as one JSON array.")
def winnable(game: str, as_json: bool) -> None:
    """List the proved deals of GAME, each with the line that wins it."""
    from solitaire.deals.winnable import proved_deals

    deals = proved_deals(game)
    if as_json:
        click.echo(json.dumps([proved.to_dict() for proved in deals]))
        return
    for proved in deals:
        click.echo(f"{proved.deal}: {' '.join(proved.solution)}")


@click.command("makewinnable")
@click.argument("game", callback=params.game)
@click.option("--count", default=500, show_default=True, help="Stop when the list has this many.")
@click.option("--budget", default=50_000, show_default=True, help="Positions per deal.")
@click.option("--jobs", default=cores(), show_default="every core", help="Processes.")
@click.option(
    "--screen",
    type=click.IntRange(min=1),
    default=None,
    help="Solve only the deals whose burial is below this (see solitaire.deals.screen).",
)
@click.option(
    "--dir",
    "directory",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the lists live (default: the package's data).",
)
@params.SCHEDULER
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

    from solitaire.deals.makewinnable import extend, import_survey
    from solitaire.deals.winnable import load
    from solitaire.solver.survey import load as load_survey

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
