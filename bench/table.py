"""What a move costs the card table on a slow phone: Chromium through the DevTools protocol,
390x844 with touch, the CPU slowed 4x (``Emulation.setCPUThrottlingRate``, as Lighthouse
does), every served game, by tap and by drag.

For each tree (``--before``: another checkout, say ``git worktree add /tmp/tbl-before main``;
and this one) the site is served from that tree's code and static files, and each game's
moves are made by touch: a tap on a card a click sends somewhere (the server's click map),
or a drag of a legal move, chosen by a seeded random walk that prefers moves home. A move's
cost is its interaction's Event Timing duration (the longest ``event`` entry of its
``interactionId``: from the finger to the frame that shows the move); an interaction
faster than Event Timing's 16 ms floor counts as 16. Then the layers at rest: the
compositor's layer count (``LayerTree.layerTreeDidChange``) once every card has landed.

Prints per tree, game and way the median and p98 in ms, and the layers at rest; with
``--before``, both trees in one run, so the ratio compares like with like.

    .venv/bin/python bench/table.py --before /tmp/tbl-before --moves 30
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

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


def _choose(game: dict[str, Any], way: str, rng: random.Random, last: str | None) -> Any:
    """The next move: (pile, index) to tap, or a legal move to drag; None when none is left."""
    if way == "tap":
        taps = [
            (pile, int(index), move)
            for pile, targets in (game.get("clicks") or {}).items()
            if pile != "s"
            for index, move in targets.items()
            if move
        ]
        home = [t for t in taps if ">f" in t[2]]
        fresh = [t for t in taps if t[0] != last] or taps
        pick = rng.choice(home or fresh) if (home or fresh) else None
        return pick and (pick[0], pick[1])
    moves = [m for m in game["legal"] if m != "s" and not m.startswith("f")]
    home = [m for m in moves if ">f" in m]
    fresh = [m for m in moves if m.split(">")[0] != last] or moves
    return rng.choice(home or fresh) if (home or fresh) else None


def measure(url: str, browser: Any, game: str, way: str, moves: int) -> dict[str, Any]:
    """Make up to ``moves`` moves of ``game`` by ``way``; their durations and the layers."""
    context = browser.new_context(viewport=PHONE, base_url=url, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(f"({WATCH})()")
    cdp = context.new_cdp_session(page)
    page.goto(f"/play/{game}/?deal=3")
    page.wait_for_function(IDLE, polling=20)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    rng = random.Random(f"{game}-{way}")
    made = 0
    last: str | None = None
    for _ in range(moves):
        state = page.evaluate(GAME)
        if state["status"] != "playing":
            break
        pick = _choose(state, way, rng, last)
        if pick is None:
            break
        if way == "tap":
            x, y = page.evaluate(POINT, [pick[0], pick[1]])
            _touch(cdp, "touchStart", x, y)
            _touch(cdp, "touchEnd")
            last = pick[0]
        else:
            src, _, rest = pick.partition(">")
            dst, _, count = rest.partition(":")
            size = int(count or 1)
            pile = page.evaluate(f"document.querySelectorAll('[data-pile=\"{src}\"] .card').length")
            x, y = page.evaluate(POINT, [src, pile - size])
            tx, ty = page.evaluate(POINT, [dst, None])
            _touch(cdp, "touchStart", x, y)
            _touch(cdp, "touchMove", (x + tx) / 2, (y + ty) / 2)
            _touch(cdp, "touchMove", tx, ty)
            _touch(cdp, "touchEnd")
            last = dst
        page.wait_for_timeout(60)
        page.wait_for_function(IDLE, polling=20)
        made += 1
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
    parser.add_argument("--moves", type=int, default=30, help="moves per game and way")
    parser.add_argument("--games", nargs="*", default=list(FEATURED))
    options = parser.parse_args()
    trees = [("before", options.before)] if options.before else []
    trees.append(("after", HERE))
    print("tree    game               way   moves  median ms  p98 ms  layers at rest")
    results: dict[tuple[str, str, str], dict[str, Any]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for label, tree in trees:
            with served(tree) as url:
                for game in options.games:
                    for way in ("tap", "drag"):
                        found = measure(url, browser, game, way, options.moves)
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
        print("\np98 after / before, per game and way:")
        for game in options.games:
            for way in ("tap", "drag"):
                was, now = results["before", game, way], results["after", game, way]
                ratio = _p98(now["times"]) / max(1.0, _p98(was["times"]))
                print(f"  {game:18} {way:5} {ratio:5.2f}")


if __name__ == "__main__":
    main()
