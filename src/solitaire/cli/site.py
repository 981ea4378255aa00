"""The commands of the web site: serve it, and check the games it keeps."""

from __future__ import annotations

import os

import click

from solitaire.solver.workers import cores

SHARED_CACHE = "REDIS_URL"
"""The variable that gives the web processes one cache (docs/serving.md)."""


def default_workers() -> int:
    """One web process per core where the processes share a cache (``REDIS_URL``), else
    one: without it each process keeps Hint's answers in its own memory, and a later read of
    an answer (``GET /api/games/ID/hint``) may reach another process, which has none."""
    return cores() if _shared_cache() else 1


def _shared_cache() -> bool:
    return bool(os.environ.get(SHARED_CACHE, "").strip())


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=default_workers,
    show_default="one per core with REDIS_URL, else 1",
    help="Web processes.",
)
def serve(host: str, port: int, workers: int) -> None:
    """Serve the web site, creating and migrating its database as needed."""
    if workers > 1 and not _shared_cache():
        click.echo(
            f"warning: {workers} web processes without {SHARED_CACHE}: each keeps its own"
            " cache, so a hint answered in one may not be found by another, and every limit"
            " counts per process (docs/serving.md)",
            err=True,
        )
    from solitaire.site.server import serve as serve_site

    serve_site(host=host, port=port, workers=workers)


@click.command()
def checkgames() -> None:
    """Replay every stored game from its deal and check its kept position and status."""
    from solitaire.site.server import check_games

    check_games()
