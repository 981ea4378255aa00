"""The commands of the web site: serve it, and check the games it keeps."""

from __future__ import annotations

import click

from solitaire.solver.workers import cores


@click.command()
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


@click.command()
def checkgames() -> None:
    """Replay every stored game from its deal and check its kept position and status."""
    from solitaire.site.server import check_games

    check_games()
