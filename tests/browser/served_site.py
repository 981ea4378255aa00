"""How the browser tests serve the site: ``serve`` starts ``solitaire serve`` in a subprocess
on a free loopback port with its own data folder and settings (the session's site, and a copy
with a configuration of its own for tests that need one, ``SOLITAIRE_EXTRA_GAMES`` say).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from tablepage import LAPTOP


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def serve(data: Path, env: dict[str, str]) -> Iterator[str]:
    """Serve the site with ``solitaire serve`` on a free loopback port, its data in ``data``
    and its settings from ``env``; yield its address, and stop it after."""
    port = _free_port()
    # The hint tests check what the solver proves, not how fast: on a busy machine, or
    # when a hint is the first of a fresh server (its solver processes still starting, as
    # happens when the tests run in two workers), the site's 2 s would give "Not proved".
    # Its solver workers run at the site's own niceness (10 under ``nice -n 10``), not 10
    # below it: at 19, in a scheduling group of their own at 19 too, they starved on a
    # machine busy with other work, and Hint's way back (half a second of a core) took more
    # than 90 s. How the site lowers its workers is checked in the site's own tests.
    env = {
        "SOLITAIRE_HINT_SECONDS": "30",
        "SOLITAIRE_SOLVER_NICE": "0",
        **env,
        "SOLITAIRE_DATA_DIR": str(data),
    }
    env.pop("DATABASE_URL", None)
    log = (data / "serve.log").open("w")
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("solitaire")), "serve", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    # A new data folder is migrated first, and the first page is the slowest: beside other
    # work on two cores, a server that said it was serving did not answer "/" within 2 s on
    # any try for a minute. A server that exits is reported at once all the same.
    deadline = time.monotonic() + 180
    while True:
        try:
            with urllib.request.urlopen(f"{url}/", timeout=15):
                break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail("the site did not start:\n" + (data / "serve.log").read_text())
            time.sleep(0.2)
    yield url
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
    log.close()


@contextmanager
def served_site(data: Path, extra_env: dict[str, str]) -> Iterator[str]:
    """Serve the site with ``extra_env`` set; yield its base URL, stop it afterwards."""
    yield from serve(data, {**os.environ, **extra_env})


@contextmanager
def guest_page(browser: Any, url: str, reduced_motion: str = "reduce") -> Iterator[Any]:
    """A laptop-sized page of a new guest on the site at ``url``, asking for reduced motion
    unless told otherwise (as the ``make_page`` fixture's pages do); script errors fail it."""
    context = browser.new_context(viewport=LAPTOP, base_url=url, reduced_motion=reduced_motion)
    context.set_default_timeout(10_000)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"the page raised: {errors}"
