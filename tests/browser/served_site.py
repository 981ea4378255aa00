"""A second copy of the site for tests that need a configuration of their own: served by
``solitaire serve`` in a subprocess, on a free loopback port, with its own data folder and
extra environment variables (``SOLITAIRE_EXTRA_GAMES``, say).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from conftest import serve
from tablepage import LAPTOP


@contextmanager
def served_site(data: Path, extra_env: dict[str, str]) -> Iterator[str]:
    """Serve the site with ``extra_env`` set; yield its base URL, stop it afterwards."""
    yield from serve(data, {**os.environ, **extra_env})


@contextmanager
def guest_page(browser: Any, url: str) -> Iterator[Any]:
    """A laptop-sized page of a new guest on the site at ``url``; script errors fail it."""
    context = browser.new_context(viewport=LAPTOP, base_url=url)
    context.set_default_timeout(10_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"
