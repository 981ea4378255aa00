"""How the card table uses a screen: for each game's position early and late in a proved line,
at a laptop's size and a phone's held upright and on its side, the cards' width, the
smallest strip a covered card shows along its pile's fan, the smallest of those a legal move
takes a run from (a finger takes it there: WCAG 2.5.8 asks 24 px) and how many of those show
less than 24 px, how much of the board's
width and height the cards span, and where the board starts (the header and toolbar above
it). Each position is set up through the site's API as a guest and shown in Chromium, the
way the browser tests do (``tests/browser/tablepage.open_position``); a screenshot of each
lands in ``--shots`` (``TREE-GAME-STAGE-SIZE.png``) for people to look at.

With ``--before`` (another tree's ``src``, say ``git archive main src | tar -x -C
/tmp/layout-before`` with the compiled core copied in) both trees are served side by side and
measured in turn, and a last table gives the two side by side.

    .venv/bin/python bench/layout.py --before /tmp/layout-before
"""

from __future__ import annotations

import argparse
import os
import sys
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from solitaire import Game
from solitaire.deals.winnable import proved_deals, solution_for

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "bench"))
sys.path.insert(0, str(HERE / "tests" / "browser"))
from table import served  # noqa: E402
from tablepage import Session, _new_guest, _play, wait_idle  # noqa: E402

CHROMIUM = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]
SIZES = {
    "1366x768": {"width": 1366, "height": 768},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}
TAP_PX = 24
FIRST_GAMES = ("streets", "stronghold", "streets-and-alleys", "blockade", "fours-up")

MEASURE = """async () => {
  const id = document.querySelector('#table').dataset.gameId;
  const game = await (await fetch(`/api/games/${id}`)).json();
  // How many top cards of each pile a legal move takes: its covered ones are a finger's.
  const lifts = {};
  for (const move of game.legal) {
    const found = /^(t\\d+)>[a-z]\\d*(?::(\\d+))?$/.exec(move);
    if (found) lifts[found[1]] = Math.max(lifts[found[1]] ?? 1, Number(found[2] ?? 1));
  }
  const boardEl = document.querySelector('#board');
  const board = boardEl.getBoundingClientRect();
  let strip = Infinity;
  let liftStrip = Infinity;
  let under = 0;
  let covered = 0;
  let lifted = 0;
  const span = {left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity};
  for (const pile of document.querySelectorAll('#table [data-pile]')) {
    const across = pile.dataset.fan === 'across';
    const rects = [...pile.querySelectorAll('[data-card]')].map((el) => el.getBoundingClientRect());
    rects.push(pile.getBoundingClientRect());
    for (const r of rects) {
      if (r.width < 2) continue;
      span.left = Math.min(span.left, r.left);
      span.top = Math.min(span.top, r.top);
      span.right = Math.max(span.right, r.right);
      span.bottom = Math.max(span.bottom, Math.min(r.bottom, r.top + rects[0].height));
    }
    const name = pile.dataset.pile;
    if (name[0] !== 't') continue;
    const count = rects.length - 1;
    for (let i = 0; i + 1 < count; i++) {
      const shown = across ? rects[i + 1].left - rects[i].left : rects[i + 1].top - rects[i].top;
      covered += 1;
      strip = Math.min(strip, shown);
      if (i < count - (lifts[name] ?? 1)) continue;
      lifted += 1;
      liftStrip = Math.min(liftStrip, shown);
      if (shown < TAP - 0.5) under += 1;
    }
  }
  return {
    card: parseFloat(getComputedStyle(boardEl).getPropertyValue('--card-w')),
    strip: covered ? Math.round(strip * 10) / 10 : null, under, covered, lifted,
    lift_strip: lifted ? Math.round(liftStrip * 10) / 10 : null,
    layout: boardEl.dataset.layout,
    top: Math.round(board.top), below: Math.round(innerHeight - board.bottom),
    width_used: (span.right - span.left) / innerWidth,
  };
}""".replace("TAP", str(TAP_PX))


@dataclass(frozen=True)
class Position:
    """A game's deal with the first ``moves`` of its stored winning line played."""

    game: str
    deal: int
    moves: int
    stage: str

    def line(self) -> list[str]:
        solution = solution_for(self.game, self.deal)
        assert solution is not None, f"{self.game} deal {self.deal} is not proved"
        return list(solution[: self.moves])


def longest(game: str, deals: int = 12) -> Position:
    """Where the longest pile of ``game``'s first proved lines is longest."""
    best = (0, 0, 0)
    for proved in proved_deals(game)[:deals]:
        played = Game.deal(game, proved.deal)
        for i, move in enumerate(proved.solution):
            played.push(move)
            length = max(len(pile) for pile in played.layout.state.tableau)
            if length > best[0]:
                best = (length, proved.deal, i + 1)
    return Position(game, best[1], best[2], "longest")


def positions(games: list[str]) -> list[Position]:
    """The issue's two named late positions, then each game early and at its longest pile."""
    found = [
        Position("blockade", 134, 65, "issue"),
        Position("streets-and-alleys", 382, 106, "issue"),
    ]
    for game in games:
        late = longest(game)
        found += [Position(game, late.deal, min(6, late.moves), "early"), late]
    return found


def show(page: Any, site: str, where: Position) -> None:
    """Deal ``where`` to a new guest, play its moves through the API, and show the table."""
    page.context.clear_cookies()
    cookies, html = _new_guest(site, f"/play/{where.game}/?deal={where.deal}")
    page.context.add_cookies([{"name": k, "value": v, "url": site} for k, v in cookies.items()])
    session = Session(site, cookies)
    try:
        number = html.split('data-game-id="', 1)[1].split('"', 1)[0]
        dealt = session.call("GET", f"/api/games/{number}")
        _play(session, dealt["body"], where.line())
    finally:
        session.close()
    page.goto(f"{site}/play/{where.game}/?deal={where.deal}")
    wait_idle(page)


def _px(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="another tree to measure first")
    parser.add_argument("--games", nargs="*", default=list(FIRST_GAMES))
    parser.add_argument("--sizes", nargs="*", default=list(SIZES), choices=list(SIZES))
    parser.add_argument("--shots", type=Path, default=Path("/tmp/layout-bench"))
    options = parser.parse_args()
    trees = [("before", options.before)] if options.before else []
    trees.append(("after", HERE))
    options.shots.mkdir(parents=True, exist_ok=True)
    rows: dict[tuple[str, Position, str], dict[str, Any]] = {}
    print(
        "tree    game               deal moves stage    size      layout   card  strip  "
        "taken strip  <24/taken  top below  width used"
    )
    with ExitStack() as stack, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        urls = {label: stack.enter_context(served(tree)) for label, tree in trees}
        for where in positions(options.games):
            for size in options.sizes:
                phone = size != "1366x768"
                for label, _ in trees:
                    context = browser.new_context(
                        viewport=SIZES[size],
                        has_touch=phone,
                        is_mobile=phone,
                        reduced_motion="reduce",
                    )
                    page = context.new_page()
                    show(page, urls[label], where)
                    seen = page.evaluate(MEASURE)
                    shot = f"{label}-{where.game}-{where.deal}-{where.moves}-{size}.png"
                    page.screenshot(path=options.shots / shot)
                    context.close()
                    rows[label, where, size] = seen
                    print(
                        f"{label:7} {where.game:18} {where.deal:4} {where.moves:5} {where.stage:8} "
                        f"{size:9} {seen['layout']:8} {seen['card']:4.0f}  "
                        f"{_px(seen['strip']):>5}  "
                        f"{_px(seen['lift_strip']):>11}  {seen['under']:4}/{seen['lifted']:<5} "
                        f"{seen['top']:3} {seen['below']:5}  {seen['width_used']:9.2f}",
                        flush=True,
                    )
        browser.close()
    if options.before:
        print(
            "\nbefore -> after: card width, smallest strip, smallest strip of a card a legal "
            "move takes, those under 24 px"
        )
        for (label, where, size), now in rows.items():
            if label != "after":
                continue
            was = rows["before", where, size]
            print(
                f"  {where.game:18} {where.deal:4}@{where.moves:<4} {size:9} "
                f"card {was['card']:3.0f} -> {now['card']:3.0f}  "
                f"strip {_px(was['strip'])} -> {_px(now['strip'])}  "
                f"taken {_px(was['lift_strip'])} -> {_px(now['lift_strip'])}  "
                f"under 24: {was['under']} -> {now['under']}"
            )


if __name__ == "__main__":
    main()
