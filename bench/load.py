"""The site under load: players moving with no pause, a trivial request beside them, Hint storms.

It starts the site with `solitaire serve` (on SQLite in a fresh folder, and on the throwaway
PostgreSQL server of `scripts/with-postgres`), and drives it from this process with one
keep-alive connection per player. Each player is a guest with Autoplay and Auto complete
off, and plays the stored winning line of a proved deal (`data/winnable`) move by move through
`POST /api/games/ID/moves`, dealing the next proved deal when one is won.

The phases, each run in turn against the same server:

- ``trivial``: the players ask `GET /api/settings` (a session and a settings read): the
  yardstick every other figure is divided by, measured in the same run;
- ``moves``: the players play their lines;
- ``long``: the players play lines of 600 moves (the longest stored ones); the median of the
  last 50 moves is compared with that of moves 5-55;
- ``hints``: the players play on while 10 hints on hard positions (Fours Up deals as dealt,
  which the solver does not decide within Hint's 2 seconds) are asked at once, twice over;
  their moves' p99 is compared with the ``moves`` phase's.

It prints requests or moves per second and p50/p95/p99 latencies per phase, then the ratios
the serving issue sets targets for. The client shares the machine's cores with the server.

    .venv/bin/python bench/load.py [--players 50] [--seconds 15] [--db sqlite,postgres]
                                   [--workers 1,2] [--no-long] [--no-hints]

The long lines and the hints run only with the largest number of web processes asked for.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solitaire.games import FEATURED
from solitaire.winnable import proved_deals

ROOT = Path(__file__).resolve().parents[1]
SOLITAIRE = Path(sys.executable).with_name("solitaire")
LONG_LINE = 600
IDLE_SECONDS = 1.0
"""A connection idle this long is opened again (servers close idle keep-alive connections)."""
HINTS_AT_ONCE = 10
HARD_DEALS = range(1, 200)
"""Fours Up deals whose first position the solver leaves undecided within Hint's budget."""


class Http:
    """One keep-alive HTTP/1.1 connection with a cookie jar: a player's browser, in short."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.cookies: dict[str, str] = {}
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._used = 0.0

    async def request(self, method: str, path: str, data: Any = None) -> tuple[int, Any]:
        """Send one request; return the status and the decoded JSON answer."""
        if self._streams is not None and time.perf_counter() - self._used > IDLE_SECONDS:
            self.close()  # the server may have closed it: never send a move into that
        if self._streams is None:
            self._streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._streams
        payload = b"" if data is None else json.dumps(data).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method != "GET":
            head += [
                "Content-Type: application/json",
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
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding" and "chunked" in value:
                chunked = True
            elif name == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        body = await (_chunks(reader) if chunked else reader.readexactly(length))
        self._used = time.perf_counter()
        return status, json.loads(body) if body else None

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


def long_lines() -> Iterator[tuple[str, int, tuple[str, ...]]]:
    """The stored lines of at least 600 moves, cut to 600."""
    deals = [
        (game, p.deal, p.solution[:LONG_LINE])
        for game in FEATURED
        for p in proved_deals(game)
        if len(p.solution) >= LONG_LINE
    ]
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


async def trivial(players: list[Player], seconds: float) -> Tally:
    """``GET /api/settings`` from every player, for ``seconds``."""
    tally = Tally()

    async def step(player: Player) -> None:
        began = time.perf_counter()
        status, _ = await player.http.request("GET", "/api/settings")
        tally.add(status, time.perf_counter() - began)

    tally.seconds = await run_for(seconds, players, step)
    return tally


async def moves(players: list[Player], seconds: float) -> Tally:
    """Every player plays its line, for ``seconds``."""
    tally = Tally()
    tally.seconds = await run_for(seconds, players, lambda player: player.move(tally))
    return tally


async def long_games(players: list[Player]) -> tuple[Tally, list[tuple[int, float]]]:
    """Every player plays one 600-move line; latencies are kept by ply."""
    tally, plies = Tally(), []
    for player in players:
        player.lines, player.game, player.todo = long_lines(), None, []
    began = time.perf_counter()

    async def play_line(player: Player) -> None:
        await player.deal()
        while player.todo:
            await player.move(tally, plies)

    await asyncio.gather(*(play_line(player) for player in players))
    tally.seconds = time.perf_counter() - began
    return tally, plies


async def hint_storm(
    players: list[Player], hinters: list[Http], seconds: float
) -> tuple[Tally, Tally]:
    """Players play on while the hinters ask for hints on hard positions, 10 at once, again
    and again; return the players' tally and the hints'.
    """
    moving, hinting = Tally(), Tally()
    deals = itertools.cycle(HARD_DEALS)
    stop = time.perf_counter() + seconds

    async def ask(http: Http) -> None:
        while time.perf_counter() < stop:
            status, game = await http.request(
                "POST", "/api/games", {"game": "fours-up", "deal": next(deals)}
            )
            assert status == 201, (status, game)
            began = time.perf_counter()
            status, _ = await http.request("POST", f"/api/games/{game['id']}/hint")
            hinting.add(status, time.perf_counter() - began)

    began = time.perf_counter()
    await asyncio.gather(
        run_for(seconds, players, lambda player: player.move(moving)), *(ask(h) for h in hinters)
    )
    moving.seconds = hinting.seconds = time.perf_counter() - began
    return moving, hinting


@dataclass
class Server:
    """``solitaire serve`` in a process group of its own (with PostgreSQL when asked)."""

    db: str
    workers: int
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
        env = {**os.environ, "SOLITAIRE_DATA_DIR": self.folder}
        env.pop("DATABASE_URL", None)
        log = open(Path(self.folder) / "serve.log", "wb")
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
    """``count`` players, each joined and with a game dealt."""
    players = [Player(Http("127.0.0.1", port), proved_lines(seed + i)) for i in range(count)]
    await asyncio.gather(*(player.join() for player in players))
    return players


def median_of(plies: list[tuple[int, float]], first: int, last: int) -> float:
    """The median latency of the moves numbered ``first`` to ``last``."""
    return statistics.median(latency for ply, latency in plies if first <= ply <= last)


async def measure(db: str, workers: int, args: argparse.Namespace, full: bool) -> dict[str, Any]:
    """The phases against one server (the long lines and the hints only when ``full``);
    print the rows and return the figures."""
    with Server(db, workers) as server:
        players = await session(server.port, args.players, args.seed)
        await moves(players, 2.0)  # warm-up: connections, caches, the solver pool unused
        base = await trivial(players, args.seconds)
        played = await moves(players, args.seconds)
        figures: dict[str, Any] = {"trivial": base, "moves": played}
        print(f"\n{db}, --workers {workers}, {args.players} players")
        print("| phase | answers | per s | p50 ms | p95 ms | p99 ms | statuses |")
        print("|---|---|---|---|---|---|---|")
        print(base.row("GET /api/settings"))
        print(played.row("moves"))
        if args.long and full:
            long_tally, plies = await long_games(players)
            early, late = median_of(plies, 5, 55), median_of(plies, LONG_LINE - 49, LONG_LINE)
            figures.update(long=long_tally, early=early, late=late)
            print(long_tally.row(f"moves of {LONG_LINE}-move lines"))
        if args.hints and full:
            hinters = [Http("127.0.0.1", server.port) for _ in range(HINTS_AT_ONCE)]
            for http in hinters:
                await http.request("GET", "/api/settings")
            for player in players:
                player.lines, player.game, player.todo = proved_lines(args.seed), None, []
            during, hinted = await hint_storm(players, hinters, args.seconds)
            figures.update(during=during, hinted=hinted)
            print(during.row(f"moves during {HINTS_AT_ONCE} hints at once"))
            print(hinted.row("hints"))
            for http in hinters:
                http.close()
        for player in players:
            player.http.close()
    return figures


def report(db: str, workers: int, figures: dict[str, Any]) -> None:
    """The ratios the targets are set on."""
    base, played = figures["trivial"], figures["moves"]
    print(f"\n{db}, --workers {workers}: ratios")
    print(f"- moves/s over trivial requests/s: {played.rate() / base.rate():.2f} (target >= 0.50)")
    print(f"- move p99 over trivial p99: {played.pct(0.99) / base.pct(0.99):.2f} (target <= 3)")
    if "late" in figures:
        ratio = figures["late"] / figures["early"]
        print(
            f"- median of moves {LONG_LINE - 49}-{LONG_LINE} over moves 5-55: {ratio:.2f} "
            f"({figures['late'] * 1e3:.1f} ms / {figures['early'] * 1e3:.1f} ms; target <= 1.2)"
        )
    if "during" in figures:
        ratio = figures["during"].pct(0.99) / played.pct(0.99)
        statuses = figures["hinted"].statuses
        bad = sum(n for code, n in statuses.items() if code >= 500)
        print(f"- move p99 during hints over without: {ratio:.2f} (target <= 2); hint 5xx: {bad}")


def main() -> None:
    """Run the phases for each database and number of web processes asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--db", default="sqlite,postgres")
    parser.add_argument("--workers", default="2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-long", dest="long", action="store_false")
    parser.add_argument("--no-hints", dest="hints", action="store_false")
    args = parser.parse_args()
    rates: dict[tuple[str, int], float] = {}
    counts = [int(w) for w in args.workers.split(",")]
    for db in args.db.split(","):
        for workers in counts:
            figures = asyncio.run(measure(db, workers, args, full=workers == max(counts)))
            report(db, workers, figures)
            rates[db, workers] = figures["moves"].rate()
    for db in args.db.split(","):
        if (db, 1) in rates and (db, 2) in rates:
            print(
                f"\n{db}: moves/s with --workers 2 over --workers 1, one after the other: "
                f"{rates[db, 2] / rates[db, 1]:.2f} (target >= 1.4)"
            )


if __name__ == "__main__":
    main()
