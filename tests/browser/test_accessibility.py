"""axe-core (from npm, pinned in package.json; ``npm ci`` installs it) finds no violation of
any impact on any page of the site, at a laptop's size and a phone's.

Each page is loaded once per size and checked once: axe is injected from node_modules, run
on the whole document, and every violation is listed with its nodes. A missing node_modules
skips these tests on a developer's machine, and fails them in CI (``CI=true``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from tablepage import LAPTOP, PHONE, api, play_moves, wait_idle

from solitaire.engine.games import FEATURED

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# Streets and Alleys deal 15, ended after nine moves: a review to look at.
LOST_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1", "t7>t3"]

RUN = """async () => {
  const result = await axe.run(document, {
    resultTypes: ['violations'],
    rules: {'target-size': {enabled: true}},  // WCAG 2.2's 24 px targets, checked too
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ') + ': ' + n.failureSummary),
    count: v.nodes.length,
  }));
}"""

PAGES = [
    "/",
    *(f"/play/{game}/?deal=7" for game in FEATURED),
    *(f"/rules/{game}/" for game in FEATURED),
    "/stats/",
    "/daily/streets/",
    "/accounts/login/",
    "/accounts/signup/",
    "review",
]

SIZES = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def axe_path() -> Path:
    """axe-core's script, installed by ``npm ci``."""
    if not AXE.exists():
        reason = f"no axe-core at {AXE}: run npm ci"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"the accessibility tests cannot run in CI: {reason}")
        pytest.skip(reason)
    return AXE


def _review(page: Any) -> str:
    """A finished game's review page, for a new guest."""
    page.goto("/play/streets-and-alleys/?deal=15")
    wait_idle(page)
    game = api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 15})["body"]
    play_moves(page, game, LOST_AFTER)
    api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 7})
    return f"/games/{game['id']}/review"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("path", PAGES)
def test_no_page_has_an_accessibility_violation(
    make_page: Any, axe_path: Path, path: str, size: str
) -> None:
    phone = size == "phone"
    # The site's Content-Security-Policy refuses inline scripts, as axe's tag is: this
    # page alone lets it in.
    page = make_page(SIZES[size], has_touch=phone, is_mobile=phone, bypass_csp=True)
    if path == "review":
        path = _review(page)
        page.goto(path)
        page.wait_for_selector(".review-strip .mark")
    elif path == "/stats/":
        _review(page)  # a game played and ended: the tables of games show
        page.goto(path)
    else:
        page.goto(path)
        if path.startswith("/play/"):
            wait_idle(page)
    page.add_script_tag(path=str(axe_path))
    violations = page.evaluate(RUN)
    assert violations == [], f"{path} at {size}: {violations}"
