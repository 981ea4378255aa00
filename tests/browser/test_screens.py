"""Every game fits a laptop and a phone without scrolling, long piles included, and early
in a deal every covered card can be read there (``test_readable_piles.check_readable``,
which checks every game's longest piles at five sizes).

The screenshots land in ``artifacts/screenshots/`` for people to look at, and the early
ones in ``/tmp/layout-shots/`` beside the readable piles' pictures too.
"""

from __future__ import annotations

import shutil
from typing import Any

import pytest
from tablepage import LAPTOP, PHONE, SCREENSHOTS_DIR, almost_won, open_position, wait_idle
from test_readable_piles import SHOTS, check_readable
from winning_lines import NoLine, drag_line

from solitaire import Game
from solitaire.engine.games import FEATURED

FITS = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('#table [data-pile], #table [data-card]')) {
    const r = el.getBoundingClientRect();
    const inside = r.left >= board.left - 0.5 && r.right <= board.right + 0.5 &&
      r.top >= board.top - 0.5 && r.bottom <= board.bottom + 0.5;
    if (!inside || r.width < 8) out.push(el.dataset.card || el.dataset.pile);
  }
  const root = document.scrollingElement;
  return {out, scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth};
}"""

READABLE = """() => {
  // Every card of a tableau pile shows a strip at least as tall as its index needs.
  const worst = [];
  for (const pile of document.querySelectorAll('#table [data-pile^="t"]')) {
    const cards = [...pile.querySelectorAll('[data-card]')];
    for (let i = 0; i + 1 < cards.length; i++) {
      const a = cards[i].getBoundingClientRect();
      const b = cards[i + 1].getBoundingClientRect();
      worst.push((b.top - a.top) / a.height);
    }
  }
  return worst.length ? Math.min(...worst) : 1;
}"""


def opening(game: str) -> tuple[int, tuple[str, ...]]:
    """A deal and a dozen moves into it: from the stored line, or home moves and the stock."""
    try:
        line = drag_line(game)
    except NoLine:
        played = Game.deal(game, 3)
        for _ in range(12):
            legal = [str(move) for move in played.legal_moves()]
            home = [move for move in legal if ">f" in move and not move.startswith("f")]
            played.push(home[0] if home else "s")
        return 3, tuple(str(move) for move in played.moves)
    return line.deal, line.moves[: min(12, len(line.moves) // 3)]


def check_fits(page: Any) -> None:
    fits = page.evaluate(FITS)
    assert not fits["scrolls"], "the page scrolls"
    assert not fits["out"], f"outside the board: {fits['out']}"


@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("game", FEATURED)
def test_the_table_fits_the_screen(make_page: Any, game: str, size: str) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    page = make_page(viewport, device_scale_factor=2 if size == "phone" else 1)
    deal, moves = opening(game)
    open_position(page, game, deal, moves)
    check_fits(page)
    check_readable(page, f"{game} early at {size}")
    picture = SCREENSHOTS_DIR / f"{game}-{size}.png"
    page.screenshot(path=picture)
    SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(
        picture, SHOTS / f"{game}-{'1366x768' if size == 'laptop' else '390x844'}-early.png"
    )


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_long_piles_compress_and_stay_reachable(make_page: Any, size: str) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    page = make_page(viewport, device_scale_factor=2 if size == "phone" else 1)
    open_position(page, "blockade", 1, ("s",) * 8)
    check_fits(page)
    assert page.evaluate(READABLE) >= 0.12
    page.screenshot(path=SCREENSHOTS_DIR / f"blockade-dealt-out-{size}.png")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_win_dialog_fits_the_screen(make_page: Any, size: str) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    # Reduced motion: the picture shows the dialog as it stays, not half-way through its entrance.
    page = make_page(
        viewport, device_scale_factor=2 if size == "phone" else 1, reduced_motion="reduce"
    )
    almost_won(page)
    dialog = page.locator("[data-role=win]")
    dialog.wait_for()
    wait_idle(page)
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= viewport["width"]
    assert box["y"] + box["height"] <= viewport["height"]
    for button in ("close", "new"):
        assert dialog.locator(f"[data-action={button}]").is_visible()
    check_fits(page)
    page.screenshot(path=SCREENSHOTS_DIR / f"won-dialog-{size}.png")
