"""The site under load: players moving with no pause, a trivial request beside them, Hint storms.

It starts the site with `solitaire serve` (on SQLite in a fresh folder, and on the throwaway
PostgreSQL server of `scripts/with-postgres`), and drives it from this process with one
keep-alive connection per player. Each player is a guest with Autoplay and Auto complete
off, and plays the stored winning line of a proved deal (`data/winnable`) move by move through
`POST /api/games/ID/moves`, dealing the next proved deal when one is won.

The machine is shared, so every figure is a ratio of two things measured side by side, in
short windows taken in turn (`--rounds` of each), so that whatever else runs weighs on both:

- moves against the trivial request (`GET /api/settings`: a session and a settings read),
  asked by the same players in alternate windows;
- the last 50 moves of 600-move lines against moves 5-55: half the players start on fresh
  deals while the other half, brought to move 540 beforehand, play moves 541-600 at the same
  time;
- moves while 10 hints on hard positions (Fours Up deals as dealt, which the solver does not
  decide within Hint's 2 seconds) are asked at once, against moves in the windows between;
- `--workers 2` against `--workers 1`: both servers run at once, and the players take turns
  on each (only one is under load at a time).

It prints answers per second and p50/p95/p99 latencies per kind, then the ratios the serving
issue sets targets for. The client shares the machine's cores with the server.

    .venv/bin/python bench/load.py [--players 50] [--seconds 15] [--rounds 5]
                                   [--db sqlite,postgres] [--workers 1,2]
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


async def settings_step(player: Player, tally: Tally) -> None:
    """One trivial request."""
    began = time.perf_counter()
    status, _ = await player.http.request("GET", "/api/settings")
    tally.add(status, time.perf_counter() - began)


async def moves_against_trivial(
    players: list[Player], seconds: float, rounds: int
) -> tuple[Tally, Tally]:
    """Alternate windows of trivial requests and of moves; return both tallies."""
    trivial, moves = Tally(), Tally()
    window = seconds / rounds
    for _ in range(rounds):
        trivial.seconds += await run_for(window, players, lambda p: settings_step(p, trivial))
        moves.seconds += await run_for(window, players, lambda p: p.move(moves))
    return trivial, moves


async def long_lines_phase(players: list[Player]) -> tuple[Tally, Tally]:
    """Half the players play moves 541-600 of long lines while the other half play moves 1-60;
    return the latencies of moves 5-55 and of the last 50."""
    early, late = Tally(), Tally()
    ahead, fresh = players[: len(players) // 2], players[len(players) // 2 :]
    for player in players:
        player.lines, player.game, player.todo = long_lines(), None, []
    untimed = Tally()

    async def bring_forward(player: Player) -> None:
        await player.deal()
        while len(player.todo) > LONG_LINE - 540:
            await player.move(untimed)

    await asyncio.gather(*(bring_forward(player) for player in ahead))
    for player in fresh:
        await player.deal()
    plies: list[tuple[int, float]] = []

    async def sixty(player: Player) -> None:
        for _ in range(60):
            await player.move(untimed, plies)

    began = time.perf_counter()
    await asyncio.gather(*(sixty(player) for player in players))
    early.seconds = late.seconds = time.perf_counter() - began
    for ply, latency in plies:
        if 5 <= ply <= 55:
            early.add(200, latency)
        elif ply > LONG_LINE - 50:
            late.add(200, latency)
    return early, late


async def hint_storms(
    players: list[Player], hinters: list[Http], seconds: float, rounds: int
) -> tuple[Tally, Tally, Tally]:
    """Alternate windows of plain moves and of moves while the hinters ask hints on hard
    positions, 10 at once and again as each is answered; return moves without, moves during,
    and the hints."""
    calm, stormy, hinting = Tally(), Tally(), Tally()
    deals = itertools.cycle(HARD_DEALS)
    window = seconds / rounds

    async def ask(http: Http, stop: float) -> None:
        while time.perf_counter() < stop:
            status, game = await http.request(
                "POST", "/api/games", {"game": "fours-up", "deal": next(deals)}
            )
            assert status == 201, (status, game)
            began = time.perf_counter()
            status, _ = await http.request("POST", f"/api/games/{game['id']}/hint")
            hinting.add(status, time.perf_counter() - began)

    for _ in range(rounds):
        calm.seconds += await run_for(window, players, lambda p: p.move(calm))
        stop = time.perf_counter() + window
        began = time.perf_counter()
        await asyncio.gather(
            run_for(window, players, lambda p: p.move(stormy)), *(ask(h, stop) for h in hinters)
        )
        stormy.seconds += time.perf_counter() - began
    hinting.seconds = stormy.seconds
    return calm, stormy, hinting


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


async def measure(db: str, args: argparse.Namespace) -> None:
    """Every comparison against the servers of one database."""
    counts = sorted({int(w) for w in args.workers.split(",")})
    servers = [Server(db, workers) for workers in counts]
    for server in servers:
        server.__enter__()
    try:
        crowds = [await session(server.port, args.players, args.seed) for server in servers]
        for players in crowds:
            await run_for(2.0, players, lambda p: p.move(Tally()))  # warm-up
        main = crowds[-1]
        label = f"{db}, --workers {counts[-1]}, {args.players} players"
        trivial, played = await moves_against_trivial(main, args.seconds, args.rounds)
        table(label, [("GET /api/settings", trivial), ("moves", played)])
        ratio("moves/s over trivial requests/s", played.rate() / trivial.rate(), ">= 0.50")
        ratio("move p99 over trivial p99", played.pct(0.99) / trivial.pct(0.99), "<= 3")
        if args.long:
            early, late = await long_lines_phase(main)
            table(label, [("moves 5-55", early), (f"moves {LONG_LINE - 49}-{LONG_LINE}", late)])
            ratio(
                f"median of moves {LONG_LINE - 49}-{LONG_LINE} over moves 5-55",
                late.pct(0.5) / early.pct(0.5),
                "<= 1.2",
            )
        if args.hints:
            hinters = [Http("127.0.0.1", servers[-1].port) for _ in range(HINTS_AT_ONCE)]
            for http in hinters:
                await http.request("GET", "/api/settings")
            for player in main:
                player.lines, player.game, player.todo = proved_lines(args.seed), None, []
            calm, stormy, hinted = await hint_storms(main, hinters, args.seconds, args.rounds)
            table(
                label,
                [
                    ("moves", calm),
                    (f"moves, {HINTS_AT_ONCE} hints at once", stormy),
                    ("hints", hinted),
                ],
            )
            ratio("move p99 during hints over without", stormy.pct(0.99) / calm.pct(0.99), "<= 2")
            bad = sum(n for code, n in hinted.statuses.items() if code >= 500)
            print(f"- hints answered 5xx: {bad} (target 0)")
            for http in hinters:
                http.close()
        if len(servers) > 1:
            tallies = [Tally() for _ in servers]
            window = args.seconds / args.rounds
            for _ in range(args.rounds):
                for players, tally in zip(crowds, tallies, strict=True):
                    tally.seconds += await run_for(window, players, lambda p, t=tally: p.move(t))
            table(
                f"{db}, {args.players} players, taking turns",
                [(f"moves, --workers {n}", t) for n, t in zip(counts, tallies, strict=True)],
            )
            ratio(
                f"moves/s with --workers {counts[-1]} over --workers {counts[0]}",
                tallies[-1].rate() / tallies[0].rate(),
                ">= 1.4",
            )
        for players in crowds:
            for player in players:
                player.http.close()
    finally:
        for server in servers:
            server.__exit__()


def main() -> None:
    """Run the comparisons for each database asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15.0, help="per kind of window")
    parser.add_argument("--rounds", type=int, default=5, help="windows of each kind, in turn")
    parser.add_argument("--db", default="sqlite,postgres")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-long", dest="long", action="store_false")
    parser.add_argument("--no-hints", dest="hints", action="store_false")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}")
    for db in args.db.split(","):
        asyncio.run(measure(db, args))
    print(f"\nload after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
