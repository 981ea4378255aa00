"""What the benchmarks of the site share: a player's HTTP/1.1 connection, tallies of
latencies, players who play stored winning lines, and ``solitaire serve`` in a process group
of its own. ``load.py`` and ``abuse.py`` import it; it prints nothing itself.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED

ROOT = Path(__file__).resolve().parents[1]
SOLITAIRE = Path(sys.executable).with_name("solitaire")
IDLE_SECONDS = 1.0
"""A connection idle this long is opened again (servers close idle keep-alive connections)."""


class Http:
    """One keep-alive HTTP/1.1 connection with a cookie jar: a player's browser, in short."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookies: dict[str, str] = {}
        self.headers: dict[str, str] = {}
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._used = 0.0

    async def request(
        self, method: str, path: str, data: Any = None, form: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """Send one request (``data`` as JSON, or ``form`` as a form); return the status and
        the decoded JSON answer (the text, for a page). The answer's headers are kept in
        ``headers``."""
        if self._streams is not None and time.perf_counter() - self._used > IDLE_SECONDS:
            self.close()  # the server may have closed it: never send a move into that
        if self._streams is None:
            self._streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._streams
        kind = "application/json" if form is None else "application/x-www-form-urlencoded"
        if form is not None:
            payload = urllib.parse.urlencode(form).encode()
        else:
            payload = b"" if data is None else json.dumps(data).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method != "GET":
            head += [
                f"Content-Type: {kind}",
                f"X-CSRFToken: {self.cookies.get('csrftoken', '')}",
                f"Content-Length: {len(payload)}",
            ]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        status_line = await reader.readline()
        if not status_line:
            self._streams = None
            raise ConnectionError("the server closed the connection")
        status = int(status_line.split()[1])
        length, chunked = 0, False
        self.headers = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            self.headers[name] = value
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        body = await (_chunks(reader) if chunked else reader.readexactly(length))
        self._used = time.perf_counter()
        if not body:
            return status, None
        try:
            return status, json.loads(body)
        except ValueError:
            return status, body.decode("utf-8", "replace")

    def close(self) -> None:
        """Hang up."""
        if self._streams is not None:
            self._streams[1].close()
            self._streams = None


async def _chunks(reader: asyncio.StreamReader) -> bytes:
    body = b""
    while size := int((await reader.readline()).strip(), 16):
        body += await reader.readexactly(size)
        await reader.readline()
    await reader.readline()
    return body


@dataclass
class Tally:
    """Latencies in seconds, and the statuses seen."""

    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, status: int, latency: float) -> None:
        """Count one answer."""
        self.statuses[status] = self.statuses.get(status, 0) + 1
        self.latencies.append(latency)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s answers and time to these."""
        self.latencies += other.latencies
        for code, n in other.statuses.items():
            self.statuses[code] = self.statuses.get(code, 0) + n
        self.seconds += other.seconds

    def rate(self) -> float:
        """Answers per second."""
        return len(self.latencies) / self.seconds if self.seconds else 0.0

    def pct(self, share: float) -> float:
        """The latency below which ``share`` of the answers came, in seconds."""
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0

    def row(self, name: str) -> str:
        """One line of the table."""
        codes = " ".join(f"{code}:{n}" for code, n in sorted(self.statuses.items()))
        return (
            f"| {name} | {len(self.latencies)} | {self.rate():,.0f} | {self.pct(0.5) * 1e3:.1f} | "
            f"{self.pct(0.95) * 1e3:.1f} | {self.pct(0.99) * 1e3:.1f} | {codes} |"
        )


class Player:
    """A guest who plays stored winning lines, one move at a time."""

    def __init__(self, http: Http, lines: Iterator[tuple[str, int, tuple[str, ...]]]) -> None:
        self.http = http
        self.lines = lines
        self.game: dict[str, Any] | None = None
        self.todo: list[str] = []

    async def join(self) -> None:
        """Get the CSRF cookie and switch Autoplay and Auto complete off."""
        await self.http.request("GET", "/api/settings")
        status, _ = await self.http.request(
            "POST", "/api/settings", {"autoplay": False, "autocomplete": False}
        )
        assert status == 200, status

    async def deal(self) -> None:
        """Start the next line's deal."""
        game, number, line = next(self.lines)
        status, self.game = await self.http.request(
            "POST", "/api/games", {"game": game, "deal": number}
        )
        assert status == 201, (status, self.game)
        self.todo = list(line)

    async def move(self, tally: Tally, ply: list[tuple[int, float]] | None = None) -> None:
        """Play the next move of the line (dealing first when the line is done)."""
        if self.game is None or not self.todo:
            await self.deal()
        assert self.game is not None
        move = self.todo.pop(0)
        began = time.perf_counter()
        status, answer = await self.http.request(
            "POST",
            f"/api/games/{self.game['id']}/moves",
            {"move": move, "version": self.game["version"]},
        )
        latency = time.perf_counter() - began
        tally.add(status, latency)
        if status != 200:
            raise RuntimeError(f"move {move} answered {status}: {answer}")
        self.game = answer
        if ply is not None:
            ply.append((len(answer["moves"]), latency))


def proved_lines(seed: int) -> Iterator[tuple[str, int, tuple[str, ...]]]:
    """Proved deals of every game, with their lines, shuffled and repeated for ever."""
    rng = random.Random(seed)
    deals = [(game, p.deal, p.solution) for game in FEATURED for p in proved_deals(game)]
    rng.shuffle(deals)
    return itertools.cycle(deals)


async def run_for(seconds: float, players: list[Player], step: Any) -> float:
    """Have every player repeat ``step(player)`` for ``seconds``; return the time taken."""
    stop = time.perf_counter() + seconds

    async def loop(player: Player) -> None:
        while time.perf_counter() < stop:
            await step(player)

    began = time.perf_counter()
    await asyncio.gather(*(loop(player) for player in players))
    return time.perf_counter() - began


@dataclass
class Server:
    """``solitaire serve`` in a process group of its own (with PostgreSQL and Redis when
    asked: ``scripts/with-postgres``, ``scripts/with-redis``), with ``env`` added to its
    environment."""

    db: str
    workers: int
    env: dict[str, str] = field(default_factory=dict)
    redis: bool = False
    process: subprocess.Popen[bytes] | None = None
    port: int = 0
    folder: str = ""

    def __enter__(self) -> Server:
        self.folder = tempfile.mkdtemp(prefix="solitaire-load-")
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        command = [
            str(SOLITAIRE),
            "serve",
            "--port",
            str(self.port),
            "--workers",
            str(self.workers),
        ]
        if self.db == "postgres":
            command = [str(ROOT / "scripts" / "with-postgres"), *command]
        if self.redis:
            command = [str(ROOT / "scripts" / "with-redis"), *command]
        env = {**os.environ, **self.env, "SOLITAIRE_DATA_DIR": self.folder}
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
        with open(Path(self.folder) / "serve.log", "wb") as log:
            self.process = subprocess.Popen(
                command, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{self.port}/api/settings", timeout=2
                ):
                    return self
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.__exit__()
                    raise RuntimeError((Path(self.folder) / "serve.log").read_text()) from None
                time.sleep(0.2)

    def __exit__(self, *_: object) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)


async def session(port: int, count: int, seed: int) -> list[Player]:
    """``count`` players, each joined."""
    players = [Player(Http("127.0.0.1", port), proved_lines(seed + i)) for i in range(count)]
    await asyncio.gather(*(player.join() for player in players))
    return players


def table(title: str, rows: list[tuple[str, Tally]]) -> None:
    """Print a table of tallies."""
    print(f"\n{title}")
    print("| requests | answers | per s | p50 ms | p95 ms | p99 ms | statuses |")
    print("|---|---|---|---|---|---|---|")
    for name, tally in rows:
        print(tally.row(name))


def ratio(label: str, value: float, target: str) -> None:
    """Print one ratio against its target."""
    print(f"- {label}: {value:.2f} (target {target})")


def server_processes(pid: int) -> list[int]:
    """``pid`` and every process below it (web processes, solver workers), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo += [child for child, parent in parents.items() if parent == current]
    return found


def status_of(pid: int) -> dict[str, int]:
    """A process's threads and resident memory (KiB), from /proc/PID/status."""
    wanted = {"Threads": 0, "VmRSS": 0}
    try:
        for line in (Path("/proc") / str(pid) / "status").read_text().splitlines():
            name, _, value = line.partition(":")
            if name in wanted:
                wanted[name] = int(value.split()[0])
    except OSError:
        pass
    return wanted


def cpu_seconds(pids: list[int]) -> float:
    """User and system CPU seconds spent so far by ``pids`` (their children's not counted)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        try:
            fields = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total
