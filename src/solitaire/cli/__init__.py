"""The ``solitaire`` command line: one group, its commands in the modules beside this one."""

from __future__ import annotations

import click

from solitaire.cli import deals, lists, site, solving


@click.group()
def main() -> None:
    """Play, study and solve patience games."""


for command in (
    deals.games,
    deals.deal,
    deals.daily,
    solving.solve,
    solving.survey,
    lists.winnable,
    lists.makewinnable,
    site.serve,
    site.checkgames,
):
    main.add_command(command)
