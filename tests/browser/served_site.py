"""A second copy of the site for tests that need a configuration of their own: served by
``solitaire serve`` in a subprocess, on a free loopback port, with its own data folder and
extra environment variables (``SOLITAIRE_EXTRA_GAMES``, say).
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

from tablepage import LAPTOP


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served_site(data: Path, extra_env: dict[str, str]) -> Iterator[str]:
    """Serve the site with ``extra_env`` set; yield its base URL, stop it afterwards."""
    port = _free_port()
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(data), **extra_env}
    env.pop("DATABASE_URL", None)
    log_path = data / "serve.log"
    with log_path.open("w") as log:
        server = subprocess.Popen(
            [str(Path(sys.executable).with_name("solitaire")), "serve", "--port", str(port)],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        try:
            while True:
                try:
                    with urllib.request.urlopen(f"{url}/", timeout=2):
                        break
                except OSError:
                    if server.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError(
                            "the site did not start:\n" + log_path.read_text()
                        ) from None
                    time.sleep(0.2)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()


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
