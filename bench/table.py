"""What a move costs the card table on a slow phone: Chromium through the DevTools protocol,
390x844 with touch, the CPU slowed 4x (``Emulation.setCPUThrottlingRate``, as Lighthouse
does), every served game, by tap and by drag.

For each tree (``--before``: another checkout, say ``git worktree add /tmp/tbl-before main``;
and this one) the site is served from that tree's code and static files, and each game's
first proved deal is played along its winning line by touch: each move by a tap on the card
a click sends there (the server's click map), or by a drag. A move's
cost is its interaction's Event Timing duration (the longest ``event`` entry of its
``interactionId``: from the finger to the frame that shows the move); an interaction
faster than Event Timing's 16 ms floor counts as 16. Then the layers at rest: the
compositor's layer count (``LayerTree.layerTreeDidChange``) once every card has landed.

Prints per tree, game and way the median and p98 in ms, and the layers at rest; with
``--before``, both trees in one run, served side by side and measured in turn, so the ratio
compares like with like.

    .venv/bin/python bench/table.py --before /tmp/tbl-before --moves 30
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED

HERE = Path(__file__).resolve().parents[1]
PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

WATCH = """() => {
  window.benchTimes = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const was = window.benchTimes.get(entry.interactionId) ?? 0;
      window.benchTimes.set(entry.interactionId, Math.max(was, entry.duration));
    }
  }).observe({type: "event", durationThreshold: 16, buffered: true});
}"""

IDLE = """() => {
  const table = document.querySelector('#table');
  return Boolean(table && table.classList.contains('ready') && !table.dataset.busy &&
    !document.querySelector('#table .card.moving'));
}"""

GAME = """async () => {
  const id = document.querySelector('#table').dataset.gameId;
  return (await fetch(`/api/games/${id}`)).json();
}"""

POINT = """([name, index]) => {
  const pile = document.querySelector(`#table [data-pile="${name}"]`);
  const cards = pile.querySelectorAll('[data-card]');
  const at = index === null ? cards.length - 1 : index;
  const card = cards[at] || pile;
  const r = card.getBoundingClientRect();
  const next = cards[at + 1]?.getBoundingClientRect();
  const across = next && next.left > r.left + 1;
  const right = across ? next.left : r.right;
  const bottom = next && !across ? next.top : r.bottom;
  return [(r.left + right) / 2, (r.top + bottom) / 2];
}"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served(tree: Path) -> Iterator[str]:
    """The site served from ``tree``'s code (its ``src`` first on the path), with a data
    folder of its own; yields its address."""
    port = _free_port()
    data = Path(tempfile.mkdtemp(prefix="bench-table-"))
    env = {**os.environ, "PYTHONPATH": str(tree / "src"), "SOLITAIRE_DATA_DIR": str(data)}
    command = [sys.executable, "-c", "from solitaire.cli import main; main()", "serve"]
    log = (data / "serve.log").open("w")
    server = subprocess.Popen([*command, "--port", str(port)], env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                with urllib.request.urlopen(f"{url}/", timeout=2):
                    break
            except OSError as error:
                if server.poll() is not None or time.monotonic() > deadline:
                    text = (data / "serve.log").read_text()
                    raise SystemExit(f"the site did not start:\n{text}") from error
                time.sleep(0.3)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def _touch(cdp: Any, kind: str, x: float | None = None, y: float | None = None) -> None:
    points = [] if x is None else [{"x": x, "y": y}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def _tap(cdp: Any, page: Any, pile: str, index: int | None) -> None:
    x, y = page.evaluate(POINT, [pile, index])
    _touch(cdp, "touchStart", x, y)
    _touch(cdp, "touchEnd")


def _drag(cdp: Any, page: Any, move: str) -> None:
    src, _, rest = move.partition(">")
    dst, _, count = rest.partition(":")
    size = int(count or 1)
    pile = page.evaluate(f"document.querySelectorAll('[data-pile=\"{src}\"] .card').length")
    x, y = page.evaluate(POINT, [src, pile - size])
    tx, ty = page.evaluate(POINT, [dst, None])
    _touch(cdp, "touchStart", x, y)
    _touch(cdp, "touchMove", (x + tx) / 2, (y + ty) / 2)
    _touch(cdp, "touchMove", tx, ty)
    _touch(cdp, "touchEnd")


def _tapped(game: dict[str, Any], move: str) -> tuple[str, int] | None:
    """The card whose tap makes ``move`` (the server's click map), if a tap makes it."""
    src = move.split(">")[0]
    for index, made in (game.get("clicks") or {}).get(src, {}).items():
        if made == move:
            return src, int(index)
    return None


def measure(url: str, browser: Any, game: str, way: str, moves: int) -> dict[str, Any]:
    """Play up to ``moves`` moves of the first proved deal of ``game``'s winning line by
    ``way``; the durations of the moves made that way, and the layers at rest after. A move
    the way cannot make (a deal from the stock by drag, a move no tap makes) is made the other
    way and left out."""
    line = proved_deals(game)[0]
    context = browser.new_context(viewport=PHONE, base_url=url, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(f"({WATCH})()")
    cdp = context.new_cdp_session(page)
    page.goto(f"/play/{game}/?deal={line.deal}")
    page.wait_for_function(IDLE, polling=20)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    made = 0
    for move in line.solution[:moves]:
        state = page.evaluate(GAME)
        if state["status"] != "playing" or move not in state["legal"]:
            break
        spot = ("s", None) if move == "s" else _tapped(state, move)
        counted = (way == "tap" and spot is not None) or (way == "drag" and move != "s")
        known = page.evaluate("[...window.benchTimes.keys()]")
        if spot is not None and (way == "tap" or move == "s"):
            _tap(cdp, page, *spot)
        else:
            _drag(cdp, page, move)
        page.wait_for_timeout(60)
        page.wait_for_function(IDLE, polling=20)
        if counted:
            made += 1
        else:
            page.evaluate(
                "(known) => { for (const key of [...window.benchTimes.keys()])"
                " if (!known.includes(key)) window.benchTimes.delete(key); }",
                known,
            )
    page.wait_for_timeout(400)
    durations = page.evaluate("[...window.benchTimes.values()]")
    layers = _layers(cdp, page)
    context.close()
    # Interactions under Event Timing's floor were not reported: they count as 16 ms.
    times = sorted([16.0] * max(0, made - len(durations)) + [float(d) for d in durations])
    return {"moves": made, "times": times, "layers": layers}


def _layers(cdp: Any, page: Any) -> int:
    """The compositor's layers now, the table at rest."""
    seen: list[int] = []
    cdp.on("LayerTree.layerTreeDidChange", lambda event: seen.append(len(event.get("layers", []))))
    cdp.send("LayerTree.enable")
    page.evaluate("document.body.style.outline = '1px solid transparent'")
    for _ in range(20):
        page.wait_for_timeout(100)
        if seen:
            break
    cdp.send("LayerTree.disable")
    return seen[-1] if seen else -1


def _p98(times: list[float]) -> float:
    return times[min(len(times) - 1, round(0.98 * (len(times) - 1)))] if times else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="another checkout to measure first")
    parser.add_argument("--moves", type=int, default=40, help="moves of the line per game and way")
    parser.add_argument("--games", nargs="*", default=list(FEATURED))
    options = parser.parse_args()
    trees = [("before", options.before)] if options.before else []
    trees.append(("after", HERE))
    print("tree    game               way   moves  median ms  p98 ms  layers at rest")
    results: dict[tuple[str, str, str], dict[str, Any]] = {}
    with ExitStack() as stack, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # Both trees served at once, measured in turn game by game: a machine that gets busier
        # or quieter meanwhile weighs on both alike.
        urls = {label: stack.enter_context(served(tree)) for label, tree in trees}
        for game in options.games:
            for way in ("tap", "drag"):
                for label, _ in trees:
                    found = measure(urls[label], browser, game, way, options.moves)
                    results[label, game, way] = found
                    times = found["times"]
                    median = statistics.median(times) if times else 0.0
                    print(
                        f"{label:7} {game:18} {way:5} {found['moves']:5}  {median:9.0f}"
                        f"  {_p98(times):6.0f}  {found['layers']:14}",
                        flush=True,
                    )
        browser.close()
    if options.before:
        print("\nafter / before, per game and way: median, p98")
        for game in options.games:
            for way in ("tap", "drag"):
                was = results["before", game, way]["times"]
                now = results["after", game, way]["times"]
                median = statistics.median(now or [0.0]) / max(1.0, statistics.median(was or [0.0]))
                p98 = _p98(now) / max(1.0, _p98(was))
                print(f"  {game:18} {way:5} {median:5.2f}  {p98:5.2f}")


if __name__ == "__main__":
    main()
