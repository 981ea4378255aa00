"""The solver's commands: solve one deal or layout, and survey a range of deals."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import click

from solitaire.cli import params
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.errors import SolitaireError
from solitaire.engine.layout import Layout
from solitaire.solver.report import solve_layout, text
from solitaire.solver.search import DEFAULT_BUDGET
from solitaire.solver.survey import Summary, load
from solitaire.solver.survey import survey as run_survey


@click.command()
@click.argument("game", callback=params.game)
@click.argument("number", required=False, type=click.IntRange(1, MAX_DEAL))
@click.option("--layout", "layout_file", type=click.File("r"), help="Layout JSON; - reads stdin.")
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=DEFAULT_BUDGET,
    show_default=True,
    help="Positions to expand before answering unknown.",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve(
    game: str, number: int | None, layout_file: TextIO | None, budget: int, as_json: bool
) -> None:
    """Search deal N of GAME, or a layout, for a win or a proof that there is none."""
    if (number is None) == (layout_file is None):
        raise click.UsageError("give either a deal number N or --layout FILE")
    if layout_file is not None:
        try:
            layout = Layout.from_json(layout_file.read())
        except SolitaireError as error:
            raise click.BadParameter(str(error), param_hint="--layout") from None
        if layout.game != game:
            raise click.BadParameter(
                f"the layout is a game of {layout.game}, not {game}", param_hint="--layout"
            )
    else:
        assert number is not None
        layout = Layout.dealt(game, number)
    report = solve_layout(layout, budget)
    click.echo(json.dumps(report) if as_json else text(report))


@click.command()
@click.argument("game", callback=params.game)
@click.option("--deals", required=True, callback=params.deals, help="The deals, A-B.")
@click.option(
    "--budget",
    type=click.IntRange(min=1),
    default=DEFAULT_BUDGET,
    show_default=True,
    help="Positions per deal.",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=os.cpu_count() or 1,
    show_default="every core",
    help="Processes.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="CSV or JSON file (by extension), one row per deal; rows it holds are reused.",
)
@click.option(
    "--hard",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Positions of the hard-wins phase, run on a deal only when the search answers unknown.",
)
@click.option(
    "--stranded",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    help="Rule 10 in the depth-first searches of games without a waste, within this many "
    "states of its relaxed game a child (0: off; 5000 is the value measured).",
)
@params.SCHEDULER
def survey(
    game: str,
    deals: range,
    budget: int,
    jobs: int,
    out: Path | None,
    hard: int,
    stranded: int,
    scheduler: str | None,
) -> None:
    """Solve deals A-B of GAME on every core (or a Dask cluster) and sum up the results."""
    if out is not None:
        if out.suffix.lower() not in (".csv", ".json"):
            raise click.BadParameter("the file must end in .csv or .json", param_hint="--out")
        if not out.parent.is_dir():
            raise click.BadParameter(f"there is no folder {out.parent}", param_hint="--out")
        try:
            load(out)
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise click.BadParameter(f"cannot read {out}: {error}", param_hint="--out") from None
    try:
        rows = run_survey(
            game,
            deals,
            budget,
            jobs,
            out,
            progress=_bar,
            scheduler=scheduler,
            hard=hard,
            stranded=stranded,
        )
    except SolitaireError as error:
        raise click.ClickException(str(error)) from None
    hard_text = f", hard-wins phase {hard:,}" if hard else ""
    hard_text += f", rule 10 in the depth-first search {stranded:,}" if stranded else ""
    click.echo(f"{game}, deals {deals[0]}-{deals[-1]}, budget {budget:,} positions{hard_text}")
    click.echo(Summary.of(rows).text())


def _bar(rows: Iterator[dict[str, Any]], total: int) -> Iterator[dict[str, Any]]:
    from tqdm import tqdm

    return iter(tqdm(rows, total=total, unit="deal", file=sys.stderr))
