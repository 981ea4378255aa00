"""The Daily leaderboard with winners on it passes axe-core at both sizes.

The accessibility tests look at the board of a day nobody has won yet; its table of winners,
which scrolls sideways on a phone, shows only once someone has. Here a new player wins
today's Stronghold deal through the API first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from tablepage import api, play_moves, sign_up
from test_accessibility import RUN, SIZES
from test_accessibility import axe_path as axe_script
from winning_lines import proved_line

GAME = "stronghold"


@pytest.fixture(scope="module")
def axe() -> Path:
    """axe-core's script, as the accessibility tests find it (or skip, or fail in CI)."""
    found: Path = axe_script.__wrapped__()  # type: ignore[attr-defined]
    return found


@pytest.mark.parametrize("size", SIZES)
def test_the_daily_leaderboard_with_a_winner_has_no_accessibility_violation(
    make_page: Any, axe: Path, size: str
) -> None:
    phone = size == "phone"
    page = make_page(SIZES[size], has_touch=phone, is_mobile=phone, bypass_csp=True)
    sign_up(page)
    answer = api(page, "POST", "/api/games", {"game": GAME, "daily": True})
    assert answer["status"] in (200, 201), answer
    game = answer["body"]
    line = proved_line(GAME, game["deal"])
    won = play_moves(page, game, line.moves, until_won=True)
    assert won["status"] == "won", won["status"]
    page.goto(f"/daily/{GAME}/")
    page.wait_for_selector("table.leaderboard tr.you")
    page.add_script_tag(path=str(axe))
    violations = page.evaluate(RUN)
    assert violations == [], f"the Daily leaderboard at {size}: {violations}"
