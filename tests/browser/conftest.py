"""Browser tests: the site served by ``solitaire serve`` in a subprocess, driven in Debian's
Chromium through Playwright.

Chromium that cannot start skips these tests on a developer's machine, with the reason,
and fails them in CI (``CI=true``), where a skipped browser suite would hide a broken table.

Pages ask for reduced motion (``prefers-reduced-motion: reduce``), which the table honours by
moving cards without gliding them: the tests check where cards land, and need not wait for
them to fly there (a new deal's cards fly for most of a second, Auto complete's for up to
four). Tests about the motion itself, or about what a player does while cards fly, are marked
``motion`` and get the normal, animated table.

Each test gets pages of new guests, but not new browser contexts: a worker keeps its pages
open from test to test and makes each one a new guest's between tests (``PagePool``), since
opening a context and its table costs the machine more than anything most tests do.
"""

from __future__ import annotations

import json
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


FAILED = pytest.StashKey[bool]()
"""Set on a test whose call failed."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note a failed test (:data:`FAILED`), so that its pages are not used again."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report


class Errors(list[str]):
    """Script errors the page reported."""


def motion(request: pytest.FixtureRequest) -> str:
    """The ``reduced_motion`` a test's pages ask for: none for a test marked ``motion``."""
    return "no-preference" if request.node.get_closest_marker("motion") else "reduce"


LASTING = frozenset(
    {
        "on", "once", "route", "route_from_har", "add_init_script", "expose_function",
        "expose_binding", "add_locator_handler", "set_viewport_size", "emulate_media",
        "set_default_timeout", "set_default_navigation_timeout", "set_extra_http_headers",
        "context", "clock", "close",
    }
)  # fmt: skip
"""What a test can change on a page, or reach through it, that would outlive the test."""


class PooledPage:
    """A page of the pool as a test sees it: the page itself, except that a test that touches
    anything of :data:`LASTING` (a listener, a route, an init script, another viewport, the
    context) marks the page as ``changed``, and the pool then closes it instead of reusing it.
    ``site`` is the served site's address (``tablepage.open_position`` talks to it).
    """

    def __init__(self, page: Any, site: str) -> None:
        object.__setattr__(self, "page", page)
        object.__setattr__(self, "site", site)
        object.__setattr__(self, "changed", False)

    def __getattr__(self, name: str) -> Any:
        if name in LASTING:
            object.__setattr__(self, "changed", True)
        return getattr(self.page, name)


class PagePool:
    """A test worker's open pages, kept from test to test by the options they were opened
    with (viewport, touch, motion, colour scheme...).

    A new browser context showing a table cost about 0.9 CPU-s of the machine, and the same
    page going to another deal 0.25 (measured in Chromium with ``/proc/stat``, ten loads of
    each); the pool took the browser tests from 398 CPU-s to 344. A page given back is made a
    new guest's: the site's storage is cleared, the page leaves for ``about:blank`` (so that
    nothing of its document runs on) and its cookies (the session) go. A page that cannot be
    reset so, that its test changed (:class:`PooledPage`) or whose test failed (a button may
    still be down) is closed instead.
    """

    def __init__(self, browser: Any, site: str) -> None:
        self.browser = browser
        self.site = site
        self.idle: dict[str, list[Any]] = {}
        self.keys: dict[Any, str] = {}
        self.errors: list[str] = []

    def take(self, options: dict[str, Any]) -> Any:
        """An idle page opened with ``options``, or a new one."""
        key = json.dumps(options, sort_keys=True)
        if self.idle.get(key):
            return self.idle[key].pop()
        context = self.browser.new_context(base_url=self.site, **options)
        context.set_default_timeout(10_000)
        page = context.new_page()
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        # Anything the site's Content-Security-Policy refused fails the test, like an error.
        page.on("console", lambda message: self._refused(message.text))
        self.keys[page] = key
        return page

    def _refused(self, text: str) -> None:
        if "Content Security Policy" in text:
            self.errors.append(text)

    def give_back(self, page: Any, changed: bool) -> None:
        """Keep ``page`` for another test as a new guest, or close it."""
        if changed or not self._reset(page):
            del self.keys[page]
            page.context.close()
            return
        self.idle.setdefault(self.keys[page], []).append(page)

    def _reset(self, page: Any) -> bool:
        if page.is_closed() or not page.url.startswith(self.site):
            return False
        try:
            # The page itself goes to about:blank, which keeps the site's origin and so its
            # renderer process: a ``goto`` from outside gave the blank page a process of its
            # own and the next test's page another, about 0.25 CPU-s of the machine a test.
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            page.evaluate("() => { location.replace('about:blank'); }")
            page.wait_for_url("about:blank")
            page.context.clear_cookies()
        except Exception:
            return False
        return True

    def close(self) -> None:
        """Close every idle page's context."""
        for pages in self.idle.values():
            for page in pages:
                page.context.close()


@pytest.fixture(scope="session")
def page_pool(browser: Any, site: str) -> Iterator[PagePool]:
    """The worker's pool of open pages."""
    pool = PagePool(browser, site)
    yield pool
    pool.close()


@pytest.fixture
def make_page(page_pool: PagePool, request: pytest.FixtureRequest) -> Iterator[Any]:
    """Open pages of new guests (from the pool: see :class:`PagePool`); script errors fail the
    test."""
    taken: list[PooledPage] = []
    errors = page_pool.errors = Errors()

    def make(viewport: dict[str, int] = LAPTOP, **options: Any) -> Any:
        options.setdefault("reduced_motion", motion(request))
        page = PooledPage(page_pool.take({"viewport": viewport, **options}), page_pool.site)
        taken.append(page)
        return page

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    yield make
    page_pool.errors = []
    failed = request.node.stash.get(FAILED, False)
    for page in taken:
        page_pool.give_back(page.page, page.changed or failed)
    assert not errors, f"the page raised: {errors}"


@pytest.fixture
def page(make_page: Any) -> Any:
    """A laptop-sized page of a new guest."""
    return make_page()
