"""``solitaire serve``: migrate the database as needed, collect the static files, then serve
the site.

On Linux and other Unix systems the site runs as ``workers`` web processes under gunicorn
(each with a few threads, so a player waiting on a hint holds a thread, not a core).
Elsewhere it runs as one Waitress process. Each web process prunes old guest data on a
schedule (:mod:`solitaire.site.play.pruning`).
"""

from __future__ import annotations

import os
from typing import Any

THREADS = 16
"""Threads per web process: a hint waits up to 2.5 s on its job in one, so there are
plenty; the interpreter lock lets only one of them work at a time anyway."""


def setup() -> None:
    """Create the data folder and its secret key if need be, then load the site's settings
    and apps (once)."""
    from solitaire.site.env import data_dir, prepare

    prepare(data_dir())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "solitaire.site.settings")
    import django

    django.setup()


def migrate(verbosity: int = 1) -> None:
    """Create the database, or bring it up to date; does nothing when it already is."""
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def collect_static(verbosity: int = 0) -> None:
    """Copy the static files into ``STATIC_ROOT`` under hashed names, with gzip copies
    (``solitaire.site.storage``); files already there and unchanged are kept."""
    from django.core.management import call_command

    call_command("collectstatic", interactive=False, verbosity=verbosity)


def check_games() -> None:
    """``solitaire checkgames``: Django's ``checkgames`` command on the site's database."""
    setup()
    from django.core.management import call_command

    call_command("checkgames")


def warm() -> None:
    """Load, once and before the web processes fork, what the first game of each kind would
    otherwise load inside a request: its proved list, its published survey and the solver's
    tables for it. Read inside a request, they hold the interpreter lock for up to a tenth of
    a second each, while every other request of that web process waits."""
    from solitaire.deals.winnable import proved_numbers
    from solitaire.site.play.records import dealt
    from solitaire.site.rules.survey import verdict
    from solitaire.site.served import served_games

    for game in served_games():
        proved_numbers(game)
        verdict(game, 1)
        dealt(game, 1)


def _worker_exit(server: Any, worker: Any) -> None:
    """gunicorn's hook in a web process that is ending: stop its background work first."""
    from solitaire.site.play.background import shutdown

    shutdown()


def serve(
    host: str = "127.0.0.1", port: int = 8000, workers: int = 1, threads: int = THREADS
) -> None:
    """Migrate and collect the static files, then serve on ``host:port`` with ``workers``
    processes until interrupted."""
    # The web processes share the cores with the solver workers each of them starts.
    os.environ["SOLITAIRE_WEB_WORKERS"] = str(workers)
    setup()
    from django.conf import settings
    from django.db import connections

    from solitaire.site.play.pruning import start_schedule

    migrate(verbosity=0)
    collect_static()
    warm()
    connections.close_all()  # nothing open may cross into the forked web processes
    where = f"[{host}]" if ":" in host else host
    print(
        f"Solitaire is serving http://{where}:{port}/ with {workers} web process(es) "
        f"(data in {settings.DATA_DIR})",
        flush=True,
    )
    try:
        from gunicorn.app.base import BaseApplication
    except ImportError:  # no gunicorn on this system (Windows): one process
        from waitress import serve as waitress_serve

        from solitaire.site.play.background import shutdown
        from solitaire.site.wsgi import application

        start_schedule()
        try:
            waitress_serve(application, host=host, port=port, threads=threads, ident="solitaire")
        finally:
            shutdown()
        return

    class Site(BaseApplication):  # type: ignore[misc]
        """gunicorn, configured here rather than from a file or its command line."""

        def load_config(self) -> None:
            options: dict[str, Any] = {
                "bind": f"{where}:{port}",
                "workers": workers,
                "worker_class": "gthread",
                "threads": threads,
                "accesslog": None,
                "errorlog": "-",
                "loglevel": "warning",
                "keepalive": 5,
                # Each web process listens on its own socket and the kernel spreads new
                # connections across them: with one shared socket, one process can end up
                # holding most kept-alive connections while the other idles.
                "reuse_port": True,
                "graceful_timeout": 10,
                "timeout": 60,
                "worker_exit": _worker_exit,
            }
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            """The site, in each web process once forked, with its pruning schedule."""
            from solitaire.site.wsgi import application

            start_schedule()
            return application

    Site().run()
