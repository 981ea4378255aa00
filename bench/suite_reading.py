"""What each browser test costs, file by file: table loads, moves the page sends, moves the
test sends through the API, and the CPU time of the test worker's Chromium, site, Playwright
driver and the worker itself.

Two parts. A pytest plugin, loaded with ``-p suite_reading`` and ``bench`` on the path, that
writes one JSON line a browser test to ``$SUITE_READING.<worker>``::

    SUITE_READING=/tmp/reading CI=true PYTHONPATH=bench .venv/bin/pytest -n 3 \\
        --maxschedchunk 1 -p suite_reading tests/browser

and a summary of those lines by file, heaviest first::

    .venv/bin/python bench/suite_reading.py /tmp/reading

The CPU is read from ``/proc`` before and after each test (setup and teardown included), for
every process under the test worker: Chromium's (named ``chromium``, or its zygote ``exe``),
the driver (``node``), and the rest (the served site and its solver workers) as the site. A
process that ends keeps the last time read of it, so one that starts and ends within a test
is missed, and a worker's first test carries the start of its Chromium and its site, its
last one loses what the session's end stops. A load is a page's ``load`` event off
``about:blank``; a move the page sends is a POST to ``/api/games/ID/moves`` (a drag, a key)
or ``.../click`` (a click or a tap) seen by the page's ``request`` event; one the test sends,
a POST to ``.../moves`` through ``tablepage.Session``, each move of a line sent in one
request counted (``api_requests`` counts the requests).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

MOVE = re.compile(r"/api/games/\d+/moves")
PAGE_MOVE = re.compile(r"/api/games/\d+/(moves|click)$")
KINDS = ("chromium", "site", "driver", "worker")
TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100

_counts: Counter[str] = Counter()
_last: dict[int, tuple[str, float]] = {}
_ready = False


def _stat(pid: int) -> tuple[str, int, float] | None:
    """A process's name, parent and CPU seconds (user and system) from ``/proc``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    name = text[text.index("(") + 1 : text.rindex(")")]
    fields = text[text.rindex(")") + 2 :].split()
    return name, int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS


def _kind(name: str) -> str:
    if name.startswith("node"):
        return "driver"
    if "chrom" in name or name == "exe":
        return "chromium"
    return "site"


def _cpu() -> dict[str, float]:
    """CPU seconds by kind of this worker and every process under it, ended ones included."""
    me = os.getpid()
    table: dict[int, tuple[str, int, float]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (found := _stat(int(entry.name))) is not None:
            table[int(entry.name)] = found
    children: dict[int, list[int]] = defaultdict(list)
    for pid, (_name, parent, _cpu_s) in table.items():
        children[parent].append(pid)
    stack = list(children[me])
    while stack:
        pid = stack.pop()
        name, _parent, cpu = table[pid]
        _last[pid] = (_kind(name), cpu)
        stack.extend(children[pid])
    sums = dict.fromkeys(KINDS, 0.0)
    sums["worker"] = table[me][2] if me in table else 0.0
    for kind, cpu in _last.values():
        sums[kind] += cpu
    return sums


def _watch() -> None:
    """Count loads and moves: the pool's pages (tests/browser/conftest.py) and the API
    session the tests use (tests/browser/tablepage.py), wrapped once."""
    pool = next(m for m in list(sys.modules.values()) if hasattr(m, "PagePool")).PagePool
    tablepage = sys.modules["tablepage"]
    take = pool.take

    def counting_take(self: Any, options: dict[str, Any]) -> Any:
        page = take(self, options)
        if page not in _watched:
            _watched.add(page)
            page.on("load", lambda p: None if p.url.startswith("about:") else _bump("loads"))
            page.on("request", _on_request)
        return page

    call = tablepage.Session.call

    def counting_call(self: Any, method: str, path: str, body: Any = None) -> Any:
        if method == "POST" and MOVE.search(path):
            # A request may carry a line of moves ({"moves": [...]}): each is counted.
            line = (body or {}).get("moves")
            _counts["api_moves"] += len(line) if isinstance(line, list) else 1
            _bump("api_requests")
        return call(self, method, path, body)

    pool.take = counting_take
    tablepage.Session.call = counting_call


_watched: set[Any] = set()


def _on_request(request: Any) -> None:
    if request.method == "POST" and PAGE_MOVE.search(request.url):
        _bump("page_moves")


def _bump(name: str) -> None:
    _counts[name] += 1


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """Read one browser test."""
    global _ready
    if "browser" not in item.path.parts:
        return (yield)
    if not _ready and "tablepage" in sys.modules:
        _watch()
        _ready = True
    _counts.clear()
    before = _cpu()
    result = yield
    after = _cpu()
    row: dict[str, Any] = {"test": item.nodeid}
    row.update({k: _counts[k] for k in ("loads", "page_moves", "api_moves", "api_requests")})
    row.update({k: round(after[k] - before[k], 3) for k in KINDS})
    out = os.environ.get("SUITE_READING", "suite-reading")
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(f"{out}.{worker}", "a") as kept:
        kept.write(json.dumps(row) + "\n")
    return result


def summary(prefix: str) -> str:
    """The rows written under ``prefix`` summed by file, the heaviest first."""
    rows = [
        json.loads(line)
        for path in sorted(Path(prefix).parent.glob(Path(prefix).name + ".*"))
        for line in path.read_text().splitlines()
    ]
    if not rows:
        raise SystemExit(f"no rows at {prefix}.*: run pytest with -p suite_reading first")
    files: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        counts = files[row["test"].split("::")[0].rsplit("/", 1)[-1]]
        counts["tests"] += 1
        for key in ("loads", "page_moves", "api_moves", *KINDS):
            counts[key] += row[key]
    lines = [
        f"{'file':30} {'tests':>5} {'loads':>5} {'page':>5} {'api':>6} "
        f"{'chromium':>8} {'site':>6} {'driver':>6} {'worker':>6} {'CPU-s':>6}"
    ]
    total: Counter[str] = Counter()
    for name, c in sorted(files.items(), key=lambda kv: -sum(kv[1][k] for k in KINDS)):
        cpu = sum(c[k] for k in KINDS)
        total.update(c)
        lines.append(
            f"{name:30} {c['tests']:5} {c['loads']:5} {c['page_moves']:5} {c['api_moves']:6} "
            f"{c['chromium']:8.1f} {c['site']:6.1f} {c['driver']:6.1f} {c['worker']:6.1f} "
            f"{cpu:6.1f}"
        )
    cpu = sum(total[k] for k in KINDS)
    lines.append(
        f"{'all':30} {total['tests']:5} {total['loads']:5} {total['page_moves']:5} "
        f"{total['api_moves']:6} {total['chromium']:8.1f} {total['site']:6.1f} "
        f"{total['driver']:6.1f} {total['worker']:6.1f} {cpu:6.1f}"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python bench/suite_reading.py PREFIX (the SUITE_READING set)")
    print(summary(sys.argv[1]))
