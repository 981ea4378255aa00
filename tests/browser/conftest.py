"""Browser tests: the site served by ``solitaire serve`` in a subprocess, driven in Debian's
Chromium through Playwright.

Chromium that cannot start skips these tests on a developer's machine, with the reason,
and fails them in CI (``CI=true``), where a skipped browser suite would hide a broken table.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tablepage import LAPTOP

CHROMIUM = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"the browser tests cannot run in CI: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed: pip install -e '.[dev]'")
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as playwright:
        try:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        except Exception as error:
            _unavailable(f"Chromium did not start: {error}")
        yield chromium
        chromium.close()


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
    env = {"SOLITAIRE_HINT_SECONDS": "30", **env, "SOLITAIRE_DATA_DIR": str(data)}
    env.pop("DATABASE_URL", None)
    log = (data / "serve.log").open("w")
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("solitaire")), "serve", "--port", str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{url}/", timeout=2):
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


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, served on a free loopback port with its own data folder."""
    yield from serve(tmp_path_factory.mktemp("site-data"), dict(os.environ))


class Errors(list[str]):
    """Script errors the page reported."""


@pytest.fixture
def make_page(browser: Any, site: str) -> Iterator[Any]:
    """Open pages in fresh browser contexts (each one a new guest); script errors fail the test."""
    contexts: list[Any] = []
    errors = Errors()

    def make(viewport: dict[str, int] = LAPTOP, **options: Any) -> Any:
        context = browser.new_context(viewport=viewport, base_url=site, **options)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    yield make
    for context in contexts:
        context.close()
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def page(make_page: Any) -> Any:
    """A laptop-sized page of a new guest."""
    return make_page()
