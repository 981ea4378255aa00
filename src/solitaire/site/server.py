"""``solitaire serve``: migrate the database as needed, then serve the site with Waitress."""

from __future__ import annotations

import os


def setup() -> None:
    """Load the site's settings and apps (once)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "solitaire.site.settings")
    import django

    django.setup()


def migrate(verbosity: int = 1) -> None:
    """Create the database, or bring it up to date; does nothing when it already is."""
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def serve(host: str = "127.0.0.1", port: int = 8000, threads: int = 8) -> None:
    """Migrate, then serve on ``host:port`` until interrupted."""
    setup()
    from django.conf import settings

    migrate(verbosity=0)
    from waitress import serve as waitress_serve

    from solitaire.site.wsgi import application

    where = f"[{host}]" if ":" in host else host
    print(f"Solitaire is serving http://{where}:{port}/ (data in {settings.DATA_DIR})", flush=True)
    waitress_serve(application, host=host, port=port, threads=threads, ident="solitaire")
