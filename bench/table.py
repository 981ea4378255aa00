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

``--each`` prints every move measured: its longest event (``pointerup`` for a drop,
``click`` for a tap, which the table plays on the click) split into the time it waited for
the page, its handlers, and from them to the frame that shows the move.

Then what the moves cost: Chromium's CPU time per move, all its processes together (CDP
``SystemInfo.getProcessInfo``, the page's polling by this script included, alike in both
trees), and the page's script, style and layout time per move (``Performance.getMetrics``,
slowed by the throttling). ``--rate 1`` measures at full speed, as the browser tests run,
and ``--motion reduce`` without glides, as their pages ask; ``--profile`` adds the page's
hottest functions (CDP ``Profiler``).

``--trace`` says where that CPU goes and what work the moves ask. Chromium's CPU per move by
process and thread: each Chromium process's threads read from ``/proc/PID/task/*/stat``
before the first move and after the last (no tracing on), summed by the process's kind
(browser, renderer, GPU, network, other utility) and the thread's name (each process's main
thread ``main``, the renderer's ``Compositor``, the raster workers ``CompositorTileW``, the GPU
process's ``VizCompositorTh``...). Then the same moves again in a fresh page with Chromium's
tracing on, counted per move from the trace: elements restyled (``UpdateLayoutTree``), objects
laid out (``Layout``), paints, the main thread's frames (``BeginMainThreadFrame``), the
compositor's frames drawn (``DrawFrame``), raster tasks, and the renderer main thread's CPU
(its tasks' thread time, slowed by the throttling and by the tracing). A throttled
renderer's main thread spins through the time it is held back, at rest too: the page is
first watched at rest for a moment, and what it spends so over a move's time ("at rest") is
told apart from the rest ("over rest"), which the moves' work makes.

Prints per tree, game and way the median and p98 in ms, and the layers at rest; with
``--before``, both trees in one run, served side by side and measured in turn, so the ratio
compares like with like.

    .venv/bin/python bench/table.py --before /tmp/tbl-before --moves 30
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED

HERE = Path(__file__).resolve().parents[1]
# Where a finger presses a card: the browser tests' own way (one copy of it).
sys.path.insert(0, str(HERE / "tests" / "browser"))
from tablepage import Session, card_point, drag_points  # noqa: E402

PHONE = {"width": 390, "height": 844}
CHROMIUM = os.environ.get("SOLITAIRE_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]

WATCH = """() => {
  window.benchTimes = new Map();
  window.benchParts = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const was = window.benchTimes.get(entry.interactionId) ?? 0;
      window.benchTimes.set(entry.interactionId, Math.max(was, entry.duration));
      if (entry.duration < was) continue;
      // The longest event's parts: waiting for the page, its handlers, then the frame.
      window.benchParts.set(entry.interactionId, {
        event: entry.name,
        wait: entry.processingStart - entry.startTime,
        handlers: entry.processingEnd - entry.processingStart,
        frame: entry.startTime + entry.duration - entry.processingEnd,
        duration: entry.duration,
      });
    }
  }).observe({type: "event", durationThreshold: 16, buffered: true});
}"""

PARTS = """(known) => [...window.benchParts].filter(([key]) => !known.includes(key))
  .map(([, parts]) => parts).sort((a, b) => b.duration - a.duration)[0] ?? null"""

DOUBLE_TAP_MS = 600  # longer than Chromium's wait for a double tap

IDLE = """() => {
  const table = document.querySelector('#table');
  return Boolean(table && table.classList.contains('ready') && !table.dataset.busy &&
    !document.querySelector('#table .card.moving'));
}"""

# Once ``ms`` have passed, the table at rest (``IDLE``): watched for the changes that end a
# move (the table's data-busy, the cards' classes), not polled; then the interactions known.
SETTLED = f"""(ms) => new Promise((resolve) => {{
  const idle = {IDLE};
  const table = document.querySelector('#table');
  const watch = new MutationObserver(() => check());
  const check = () => {{
    if (!idle()) return;
    watch.disconnect();
    resolve([...window.benchTimes.keys()]);
  }};
  setTimeout(() => {{
    const watched = ['class', 'data-busy'];
    watch.observe(table, {{attributes: true, subtree: true, attributeFilter: watched}});
    check();
  }}, ms);
}})"""

# The cards' width as the board's plan last wrote it (a change restyles every card).
CARD_WIDTH = "document.querySelector('#board').style.getPropertyValue('--card-w')"


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
    x, y = card_point(page, pile, index)
    _touch(cdp, "touchStart", x, y)
    _touch(cdp, "touchEnd")


def _drag(cdp: Any, page: Any, move: str) -> None:
    src, _, rest = move.partition(">")
    dst, _, count = rest.partition(":")
    x, y, tx, ty = drag_points(page, src, int(count or 1), dst)
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


def measure(
    url: str,
    browser: Any,
    game: str,
    way: str,
    moves: int,
    *,
    rate: float = 4,
    profile: bool = False,
    each: bool = False,
    traced: bool = False,
    motion: str = "no-preference",
) -> dict[str, Any]:
    """Play up to ``moves`` moves of the first proved deal of ``game``'s winning line by
    ``way``, the CPU slowed ``rate`` times; the durations of the moves made that way, the
    layers at rest after, and what all the moves cost per move: Chromium's CPU (all its
    processes) and the page's script, style and layout time. A move the way cannot make (a
    deal from the stock by drag, a move no tap makes) is made the other way and left out of
    the durations. With ``profile``, the page's CPU profile of the moves as well; with
    ``each``, every measured move's text and its longest event's parts (``PARTS``). Always
    Chromium's CPU per move by process and thread (``threads``, from ``/proc``); with
    ``traced``, Chromium's tracing is on from the first move to the last and ``counts`` gives
    the trace's counts per move (``COUNTED``). ``motion`` is the page's
    ``prefers-reduced-motion``: ``reduce`` moves cards without gliding them, as the browser
    tests' pages ask."""
    line = proved_deals(game)[0]
    context = browser.new_context(
        viewport=PHONE, base_url=url, has_touch=True, is_mobile=True, reduced_motion=motion
    )
    page = context.new_page()
    page.add_init_script(f"({WATCH})()")
    cdp = context.new_cdp_session(page)
    system = browser.new_browser_cdp_session()
    page.goto(f"/play/{game}/?deal={line.deal}")
    page.wait_for_function(IDLE, polling=20)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    cdp.send("Performance.enable")
    if profile:
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 200})
        cdp.send("Profiler.start")
    # What the page costs at rest, at this rate: a throttled renderer's main thread spins
    # through the time it is held back, so Chromium's CPU grows with the time a move takes.
    idle = _threads()
    page.wait_for_timeout(IDLE_MS)
    idle_rate = sum(_threads(idle).values()) / IDLE_MS
    if traced:
        browser.start_tracing(page=page, categories=TRACED)
    start = {**_metrics(cdp), "cpu": _cpu(system)}
    threads = _threads()
    began = time.monotonic()
    made = 0
    played = 0
    last_tap = None
    moves_seen: list[tuple[str, dict[str, Any] | None]] = []
    # The game as the server has it, asked from here with the page's cookies: Chromium's CPU
    # is the table's, not the bench's requests.
    session = Session.of(page)
    path = "/api/games/" + page.evaluate("document.querySelector('#table').dataset.gameId")
    known = page.evaluate("[...window.benchTimes.keys()]")
    for move in line.solution[:moves]:
        state = session.call("GET", path)["body"]
        if state["status"] != "playing" or move not in state["legal"]:
            break
        spot = ("s", None) if move == "s" else _tapped(state, move)
        counted = (way == "tap" and spot is not None) or (way == "drag" and move != "s")
        width = page.evaluate(CARD_WIDTH) if each else ""
        if spot is not None and (way == "tap" or move == "s"):
            # A second tap on a pile soon after the first is a double tap, one intention
            # (the table's habit): a player tapping twice waits a little longer.
            if spot[0] == last_tap:
                page.wait_for_timeout(DOUBLE_TAP_MS)
            _tap(cdp, page, *spot)
            last_tap = spot[0]
        else:
            last_tap = None
            _drag(cdp, page, move)
        now_known = page.evaluate(SETTLED, 60)
        played += 1
        if counted:
            made += 1
            if each:
                told = _described(move, state, session.call("GET", path)["body"])
                now_width = page.evaluate(CARD_WIDTH)
                if now_width != width:
                    told += f", cards {width} > {now_width}"
                moves_seen.append((told, page.evaluate(PARTS, known)))
        else:
            page.evaluate(
                "(known) => { for (const key of [...window.benchTimes.keys()])"
                " if (!known.includes(key)) { window.benchTimes.delete(key);"
                " window.benchParts.delete(key); } }",
                known,
            )
            now_known = known
        known = now_known
    session.close()
    page.wait_for_timeout(400)
    end = {**_metrics(cdp), "cpu": _cpu(system)}
    spent = {key: (end[key] - start[key]) * 1000 / max(1, played) for key in end}
    threads = _threads(threads, played)
    wall = (time.monotonic() - began) * 1000 / max(1, played)
    counts = _counted(browser.stop_tracing(), played) if traced else None
    found = cdp.send("Profiler.stop")["profile"] if profile else None
    durations = page.evaluate("[...window.benchTimes.values()]")
    layers = _layers(cdp, page)
    system.detach()
    context.close()
    # Interactions under Event Timing's floor were not reported: they count as 16 ms.
    times = sorted([16.0] * max(0, made - len(durations)) + [float(d) for d in durations])
    return {
        "moves": made,
        "times": times,
        "layers": layers,
        "spent": spent,
        "profile": found,
        "each": moves_seen,
        "threads": threads,
        "wall": wall,
        "idle": idle_rate * wall,
        "counts": counts,
    }


METRICS = ("ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


def _metrics(cdp: Any) -> dict[str, float]:
    """The page's main-thread seconds so far in script, style and layout (CDP
    ``Performance.getMetrics``; slowed by the throttling like everything on that thread)."""
    found = {item["name"]: item["value"] for item in cdp.send("Performance.getMetrics")["metrics"]}
    return {key: float(found.get(key, 0.0)) for key in METRICS}


def _cpu(system: Any) -> float:
    """CPU seconds used so far by all of Chromium's processes (CDP ``SystemInfo``): the
    renderer, the GPU and browser processes, the network service."""
    found = system.send("SystemInfo.getProcessInfo")["processInfo"]
    return float(sum(item["cpuTime"] for item in found))


TICK_MS = 1000 / os.sysconf("SC_CLK_TCK")
IDLE_MS = 1500  # how long the page is watched at rest before the moves


def _chromium_processes() -> dict[int, str]:
    """This script's Chromium processes (descendants of this process whose command is
    Chromium's), each with its kind: ``browser``, ``renderer``, ``gpu``, ``network``, or the
    utility's sub-type."""
    parents: dict[int, int] = {}
    commands: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
        # Chromium rewrites its processes' titles: their command lines are then one string.
        words = b" ".join(command).decode(errors="replace").split()
        commands[int(entry.name)] = words
    me = os.getpid()
    found: dict[int, str] = {}
    for pid, command in commands.items():
        if not command or "chrom" not in Path(command[0]).name:
            continue
        up = parents.get(pid, 0)
        while up not in (0, 1, me):
            up = parents.get(up, 0)
        if up == me:
            found[pid] = _kind(command)
    return found


def _kind(command: list[str]) -> str:
    """A Chromium process's kind from its command line."""
    flags = dict(part[2:].partition("=")[::2] for part in command if part.startswith("--"))
    kind = flags.get("type")
    if kind is None:
        return "browser"
    if kind == "gpu-process":
        return "gpu"
    if kind == "utility":
        sub = flags.get("utility-sub-type", "utility")
        return "network" if sub.startswith("network.") else sub.rsplit(".", 1)[-1]
    return kind


def _threads(
    since: dict[tuple[str, str], float] | None = None, moves: int = 1
) -> dict[tuple[str, str], float]:
    """CPU ms so far of every thread of this script's Chromium, summed by (process kind,
    thread name); with ``since``, what was spent after it, per move of ``moves``. A thread
    that ended meanwhile is not counted."""
    spent: Counter[tuple[str, str]] = Counter()
    for pid, kind in _chromium_processes().items():
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                # A process's main thread is named as the process: "main" here.
                name = "main" if task.name == str(pid) else (task / "comm").read_text().strip()
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            # utime and stime, the 14th and 15th fields of stat (the 12th and 13th after comm)
            spent[kind, name] += (int(fields[11]) + int(fields[12])) * TICK_MS
    if since is None:
        return dict(spent)
    return {key: (ms - since.get(key, 0.0)) / max(1, moves) for key, ms in spent.items()}


TRACED = [
    "toplevel",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.frame",
    "cc",
    "viz",
]
COUNTED = ("restyled", "laid out", "paints", "frames", "drawn", "rasters", "main ms")


def _counted(trace: bytes, moves: int) -> dict[str, float]:
    """Per move of ``moves``, from a Chromium trace: elements restyled, objects laid out,
    paints, the renderer main thread's frames, the compositor's frames drawn, raster tasks,
    and the renderer main thread's CPU ms (its top-level tasks' thread time)."""
    events = json.loads(trace)
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {
        (event["pid"], event["tid"]): event["args"]["name"]
        for event in events
        if event.get("ph") == "M" and event.get("name") == "thread_name"
    }
    found = dict.fromkeys(COUNTED, 0.0)
    for event in events:
        name = event.get("name")
        args = event.get("args") or {}
        if name == "UpdateLayoutTree" and event.get("ph") in ("X", "E"):
            found["restyled"] += float(args.get("elementCount", 0))
        elif name == "Layout" and event.get("ph") in ("X", "B"):
            found["laid out"] += float((args.get("beginData") or {}).get("dirtyObjects", 0))
        elif name == "Paint" and event.get("ph") in ("X", "B"):
            found["paints"] += 1
        elif name == "BeginMainThreadFrame":
            found["frames"] += 1
        elif name == "DrawFrame" and event.get("ph") in ("X", "B", "b", "I", "n"):
            found["drawn"] += 1
        elif name == "RasterTask" and event.get("ph") in ("X", "B"):
            found["rasters"] += 1
        elif (
            name == "ThreadControllerImpl::RunTask"
            and event.get("ph") == "X"
            and names.get((event["pid"], event["tid"])) == "CrRendererMain"
        ):
            found["main ms"] += float(event.get("tdur", 0)) / 1000
    return {key: value / max(1, moves) for key, value in found.items()}


def hot(profile: dict[str, Any], top: int = 12) -> list[tuple[float, str]]:
    """The ``top`` functions of a CDP CPU profile by their own time (ms), idle left out."""
    spent: dict[str, float] = {}
    nodes = {node["id"]: node for node in profile["nodes"]}
    for sample, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        frame = nodes[sample]["callFrame"]
        if frame["functionName"] in ("(idle)", "(program)"):
            continue
        where = frame["url"].rsplit("/", 1)[-1]
        name = f"{frame['functionName'] or '(anonymous)'} {where}:{frame['lineNumber'] + 1}"
        spent[name] = spent.get(name, 0.0) + delta / 1000
    return sorted(((ms, name) for name, ms in spent.items()), reverse=True)[:top]


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


def _pile(layout: dict[str, Any], name: str) -> list[str]:
    """The cards of pile ``name`` ("t3", "f0", "c1", "s", "w") in a layout."""
    kind, rest = name[0], name[1:]
    if kind == "t":
        return list(layout["tableau"][int(rest)])
    if kind == "f":
        return list(layout["foundations"][int(rest)])
    if kind == "c":
        cell = layout["cells"][int(rest)]
        return [cell] if cell else []
    return list(layout.get("stock" if kind == "s" else "waste") or [])


def _described(move: str, was: dict[str, Any], now: dict[str, Any]) -> str:
    """A move in words: its text, its kind (source and target kinds), the cards it moves, the
    lengths of its piles before it, and how many cards went home after it on their own."""
    if move == "s":
        return "s         deal"
    src, _, rest = move.partition(">")
    dst, _, count = rest.partition(":")
    moved = int(count or 1)
    home = sum(len(pile) for pile in now["layout"]["foundations"]) - sum(
        len(pile) for pile in was["layout"]["foundations"]
    )
    auto = home - (moved if dst[0] == "f" else 0)
    longest = max(len(pile) for pile in was["layout"]["tableau"])
    return (
        f"{move:9} {src[0]}>{dst[0]} {moved:2} card(s), piles {len(_pile(was['layout'], src)):2}"
        f" > {len(_pile(was['layout'], dst)):2} (longest {longest:2}), {auto:2} home after"
    )


def _parts(parts: dict[str, Any] | None) -> str:
    """A move's longest event in words: its name, duration and parts (ms)."""
    if parts is None:
        return "under 16 ms (not reported)"
    return (
        f"{parts['event']:11} {parts['duration']:4.0f}: waited {parts['wait']:4.0f},"
        f" handlers {parts['handlers']:4.0f}, to the frame {parts['frame']:4.0f}"
    )


def _by_kind(threads: dict[tuple[str, str], float]) -> dict[str, float]:
    """CPU ms per move by process kind."""
    spent: Counter[str] = Counter()
    for (kind, _), ms in threads.items():
        spent[kind] += ms
    return dict(spent)


def _split(found: dict[str, Any]) -> list[str]:
    """Lines saying a row's CPU per move by process and by thread (the busiest, 1 ms and
    more), what the page at rest would have spent over a move's time, and the trace's counts
    per move."""
    threads, counts = found["threads"], found["counts"]
    kinds = sorted(_by_kind(threads).items(), key=lambda item: -item[1])
    busy = sorted(
        ((ms, kind, name) for (kind, name), ms in threads.items() if ms >= 1), reverse=True
    )
    total = sum(threads.values())
    lines = [
        f"by process ({total:.0f} ms; {found['wall']:.0f} ms a move, {found['idle']:.0f} of"
        f" them at rest, {total - found['idle']:.0f} over rest): "
        + ", ".join(f"{kind} {ms:.0f}" for kind, ms in kinds if ms >= 0.5),
        "by thread: " + ", ".join(f"{kind}/{name} {ms:.0f}" for ms, kind, name in busy[:10]),
    ]
    if counts is not None:
        lines.append(
            "per move: " + ", ".join(f"{key} {value:.1f}" for key, value in counts.items())
        )
    return lines


def _ratios(was: dict[str, Any], now: dict[str, Any]) -> str:
    """After over before: CPU per move by process kind, and each of the trace's counts."""
    before, after = _by_kind(was["threads"]), _by_kind(now["threads"])
    over = [sum(found["threads"].values()) - found["idle"] for found in (was, now)]
    head = [f"over rest {over[1] / max(1.0, over[0]):.2f}"]
    parts = [
        f"{kind} {after.get(kind, 0.0) / max(1.0, ms):.2f}"
        for kind, ms in before.items()
        if ms >= 5
    ]
    if was.get("counts") and now.get("counts"):
        parts += [
            f"{key} {now['counts'][key] / max(0.1, value):.2f}"
            for key, value in was["counts"].items()
        ]
    return ", ".join(head + parts)


def _p98(times: list[float]) -> float:
    return times[min(len(times) - 1, round(0.98 * (len(times) - 1)))] if times else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="another checkout to measure first")
    parser.add_argument("--moves", type=int, default=40, help="moves of the line per game and way")
    parser.add_argument("--games", nargs="*", default=list(FEATURED))
    parser.add_argument("--ways", nargs="*", default=["tap", "drag"], choices=["tap", "drag"])
    parser.add_argument("--rate", type=float, default=4, help="how many times the CPU is slowed")
    parser.add_argument(
        "--motion",
        default="no-preference",
        choices=["no-preference", "reduce"],
        help="the page's prefers-reduced-motion (reduce: no glides, as in the browser tests)",
    )
    parser.add_argument("--profile", action="store_true", help="print the hottest functions too")
    parser.add_argument(
        "--each", action="store_true", help="print every move's time, split into its parts"
    )
    parser.add_argument(
        "--trace",
        action="store_true",
        help="print Chromium's CPU per move by process and thread, and the trace's counts"
        " per move (the moves played again with tracing on)",
    )
    options = parser.parse_args()
    trees = [("before", options.before)] if options.before else []
    trees.append(("after", HERE))
    print(
        "tree    game               way   moves  median ms  p98 ms  layers  "
        "CPU ms/move  script  style  layout"
    )
    results: dict[tuple[str, str, str], dict[str, Any]] = {}
    with ExitStack() as stack, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        # Both trees served at once, measured in turn game by game: a machine that gets busier
        # or quieter meanwhile weighs on both alike.
        urls = {label: stack.enter_context(served(tree)) for label, tree in trees}
        for game in options.games:
            for way in options.ways:
                for label, _ in trees:
                    found = measure(
                        urls[label],
                        browser,
                        game,
                        way,
                        options.moves,
                        rate=options.rate,
                        profile=options.profile,
                        each=options.each,
                        motion=options.motion,
                    )
                    results[label, game, way] = found
                    times = found["times"]
                    median = statistics.median(times) if times else 0.0
                    spent = found["spent"]
                    print(
                        f"{label:7} {game:18} {way:5} {found['moves']:5}  {median:9.0f}"
                        f"  {_p98(times):6.0f}  {found['layers']:6}  {spent['cpu']:11.0f}"
                        f"  {spent['ScriptDuration']:6.0f}  {spent['RecalcStyleDuration']:5.0f}"
                        f"  {spent['LayoutDuration']:6.0f}",
                        flush=True,
                    )
                    for ms, name in hot(found["profile"]) if options.profile else []:
                        print(f"        {ms:8.0f} ms  {name}")
                    for move, parts in found["each"]:
                        print(f"        {_parts(parts)}  {move}")
                    if options.trace:
                        found["counts"] = measure(
                            urls[label], browser, game, way, options.moves,
                            rate=options.rate, traced=True, motion=options.motion,
                        )["counts"]  # fmt: skip
                        for text in _split(found):
                            print(f"        {text}", flush=True)
        browser.close()
    if options.before:
        print("\nafter / before, per game and way: median, p98, CPU per move")
        for game in options.games:
            for way in options.ways:
                was = results["before", game, way]
                now = results["after", game, way]
                median = statistics.median(now["times"] or [0.0]) / max(
                    1.0, statistics.median(was["times"] or [0.0])
                )
                p98 = _p98(now["times"]) / max(1.0, _p98(was["times"]))
                cpu = now["spent"]["cpu"] / max(1.0, was["spent"]["cpu"])
                print(f"  {game:18} {way:5} {median:5.2f}  {p98:5.2f}  {cpu:5.2f}")
                if options.trace:
                    print(f"      {_ratios(was, now)}")


if __name__ == "__main__":
    main()
