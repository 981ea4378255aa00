"""Browser tests: the site served by ``solitaire serve`` in a subprocess, driven in Debian's
Chromium through Playwright.

Chromium that cannot start skips these tests on a developer's machine, with the reason,
and fails them in CI (``CI=true``), where a skipped browser suite would hide a broken table.

Pages ask for reduced motion (``prefers-reduced-motion: reduce``), which the table honours by
moving cards without gliding them: the tests check where cards land, and need not wait for
them to fly there (a new deal's cards fly for most of a second, Auto complete's for up to
four). Tests about the motion itself, or about what a player does while cards fly, are marked
``motion`` and get the normal, animated table.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from served_site import serve
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


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, served on a free loopback port with its own data folder, one for every test
    worker. A question ("Is this deal winnable?") gets 5 seconds of the solver, not 60, so
    that the one test_question cancels does not keep a solver process from other tests'
    hints for a minute."""
    env = {**os.environ, "SOLITAIRE_VERDICT_SECONDS": "5"}
    yield from serve(tmp_path_factory.mktemp("site-data"), env)


class Errors(list[str]):
    """Script errors the page reported."""


def motion(request: pytest.FixtureRequest) -> str:
    """The ``reduced_motion`` a test's pages ask for: none for a test marked ``motion``."""
    return "no-preference" if request.node.get_closest_marker("motion") else "reduce"


@pytest.fixture
def make_page(browser: Any, site: str, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Open pages in fresh browser contexts (each one a new guest); script errors fail the test."""
    contexts: list[Any] = []
    errors = Errors()

    def make(viewport: dict[str, int] = LAPTOP, **options: Any) -> Any:
        options.setdefault("reduced_motion", motion(request))
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
