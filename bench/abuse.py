"""The site under abuse: floods of questions, new games, wrong passwords and hints, each
against `solitaire serve` with its defaults (SQLite, a web process per core), while a few
players move; prints one table.

Every phase starts a server of its own and sends its traffic to 127.0.0.1 only, bounded in
count and in time. Figures that depend on the machine are ratios measured in the same run:
another player's move p99 during a flood against before it. The phases:

- **questions**: one guest asks `POST /api/verdicts` about `--questions` distinct Fours Up
  deals, one after the other as fast as it can, then as many fresh guests (8 at a time)
  ask one each; the server's
  threads (the most in one process, and in all of them with the solver workers) and memory
  are sampled every 0.2 s;
- **games**: one client deals `--games` games as fast as it can, as many fresh guests from
  the same address deal one each, and 50 players behind that address deal one each twice,
  15 seconds apart (a school);
- **logins**: `--logins` wrong passwords for one account, one after the other, with the
  server's CPU time over them, then the owner's right password after the wait (the server
  runs with a 10 s cool-off, `SOLITAIRE_LOGIN_COOLOFF=10`, to keep the run short);
- **hints**: `--hinters` (10) asking hints on undecided Fours Up deals at once and again as
  each is answered (or after the Retry-After of a 429), each on games of its own dealt before
  the windows (one guest a game), while two processes of other work keep both cores busy;
  moves in windows with the hints against windows without, in turn. ``--hinters 0`` runs
  the same windows with no hints: the ratio it prints is the machine's own noise, the figure
  to read the other against.

    .venv/bin/python bench/abuse.py [--questions 1000] [--games 1000] [--logins 1000]
                                    [--seconds 12] [--phases questions,games,logins,hints]
                                    [--hinters 10] [--redis]

With ``--redis`` every server runs with a throwaway Redis (``scripts/with-redis``), so that
its web processes count against the same limits; without it each counts for itself.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import Any

from loadkit import (
    ROOT,
    Http,
    Player,
    Server,
    Tally,
    cpu_seconds,
    server_processes,
    session,
    status_of,
)

ROWS: list[tuple[str, str, str]] = []
PAUSE = 0.05
"""Seconds each moving player waits between moves: six players make about 100 moves a second."""
MOVERS = 6
ROUNDS = 3
"""Windows of each kind, in turn: calm, then with the flood."""


def row(what: str, happened: str, target: str) -> None:
    """One line of the printed table."""
    ROWS.append((what, happened, target))
    print(f"| {what} | {happened} | {target} |", flush=True)


def codes(tally: Tally) -> str:
    """The statuses seen, as "202: 2, 429: 998"."""
    return ", ".join(f"{code}: {n:,}" for code, n in sorted(tally.statuses.items()))


@dataclass
class Peak:
    """The most threads in one server process, in all of them, and their memory, seen."""

    one: int = 0
    all: int = 0
    rss_mib: float = 0.0

    def see(self, pid: int) -> None:
        """Sample the server's processes once."""
        seen = [status_of(p) for p in server_processes(pid)]
        self.one = max(self.one, max((s["Threads"] for s in seen), default=0))
        self.all = max(self.all, sum(s["Threads"] for s in seen))
        self.rss_mib = max(self.rss_mib, sum(s["VmRSS"] for s in seen) / 1024)


async def sample(pid: int, peak: Peak, stop: asyncio.Event) -> None:
    """Sample every 0.2 s until ``stop``."""
    while not stop.is_set():
        peak.see(pid)
        await asyncio.sleep(0.2)


async def move_paced(player: Player, tally: Tally) -> None:
    """One move of a player who plays at a human-ish pace."""
    await player.move(tally)
    await asyncio.sleep(PAUSE)


async def moving_while(players: list[Player], tally: Tally, work: Any, least: float) -> Any:
    """Players move while ``work`` runs (and for at least ``least`` seconds); its answer."""
    done = asyncio.Event()

    async def loop(player: Player) -> None:
        began = time.perf_counter()
        while not done.is_set() or time.perf_counter() - began < least:
            await move_paced(player, tally)

    began = time.perf_counter()
    movers = [asyncio.create_task(loop(player)) for player in players]
    try:
        return await work
    finally:
        done.set()
        await asyncio.gather(*movers)
        tally.seconds += time.perf_counter() - began


async def guest(port: int, cookies: dict[str, str] | None = None) -> Http:
    """A connection with a CSRF cookie (and ``cookies``, to be the same client as another)."""
    http = Http("127.0.0.1", port)
    http.cookies.update(cookies or {})
    await http.request("GET", "/api/settings")
    return http


async def flood(connections: list[Http], requests: list[tuple[str, str, Any]]) -> Tally:
    """Send ``requests`` over ``connections``, each taking the next as it is answered."""
    tally, todo = Tally(), iter(requests)
    began = time.perf_counter()

    async def drain(http: Http) -> None:
        for method, path, data in todo:
            start = time.perf_counter()
            status, _ = await http.request(method, path, data)
            tally.add(status, time.perf_counter() - start)

    await asyncio.gather(*(drain(http) for http in connections))
    tally.seconds = time.perf_counter() - began
    return tally


async def fresh_guests(port: int, requests: list[tuple[str, str, Any]]) -> Tally:
    """A guest of its own for each request, 8 at a time."""
    tally, left = Tally(), iter(requests)
    began = time.perf_counter()

    async def one_by_one() -> None:
        for method, path, data in left:
            http = await guest(port)
            start = time.perf_counter()
            status, _ = await http.request(method, path, data)
            tally.add(status, time.perf_counter() - start)
            http.close()

    await asyncio.gather(*(one_by_one() for _ in range(8)))
    tally.seconds = time.perf_counter() - began
    return tally


def about(first: int, count: int, game: str = "fours-up") -> list[tuple[str, str, Any]]:
    """Questions about ``count`` deals of ``game`` from ``first`` on, none asked before."""
    asked = {"game": game}
    return [("POST", "/api/verdicts", {**asked, "deal": first + n}) for n in range(count)]


def dealing(count: int) -> list[tuple[str, str, Any]]:
    """``count`` new games, deals 1, 2, 3..."""
    return [("POST", "/api/games", {"game": "streets", "deal": n + 1}) for n in range(count)]


async def questions(args: argparse.Namespace) -> None:
    """A flood of verdict questions from one guest, in rounds between calm windows, then as
    many from fresh guests."""
    with Server("sqlite", os.cpu_count() or 1, redis=args.redis) as server:
        assert server.process is not None
        players = await session(server.port, MOVERS, args.seed)
        # Steady state: every web process's solver workers started (a quick question each).
        warm = [await guest(server.port) for _ in range(4)]
        await flood(warm, about(1, 4, "stronghold"))
        await run_paced(players, Tally(), 3.0)
        calm, during, answered = Tally(), Tally(), Tally()
        peak_calm, peak = Peak(), Peak()
        asker = await guest(server.port)
        asked = about(10_000, args.questions)
        for turn in range(ROUNDS):
            window = run_paced(players, calm, args.seconds / ROUNDS)
            await sampled(server.process.pid, peak_calm, window)
            part = flood([asker], asked[turn::ROUNDS])
            sent = await sampled(server.process.pid, peak, moving_while(players, during, part, 2.0))
            answered.merge(sent)
        fresh = await sampled(
            server.process.pid, peak, fresh_guests(server.port, about(50_000, args.questions))
        )
        n = f"{args.questions:,}"
        row(f"{n} questions from one guest", codes(answered), "202 or 429")
        row(f"{n} questions from {n} fresh guests", codes(fresh), "202 or 429")
        row(
            "server threads: most in one process, all processes",
            f"{peak_calm.one} and {peak_calm.all} before; {peak.one} and {peak.all} during",
            "below 50",
        )
        memory = f"{peak_calm.rss_mib:.0f} MiB before, {peak.rss_mib:.0f} MiB during"
        row("server memory, all processes", memory, "bounded")
        ratio_row("move p99 during the questions over before", during, calm)


async def run_paced(players: list[Player], tally: Tally, seconds: float) -> None:
    """Players move at their pace for ``seconds``."""
    stop = time.perf_counter() + seconds
    began = time.perf_counter()

    async def loop(player: Player) -> None:
        while time.perf_counter() < stop:
            await move_paced(player, tally)

    await asyncio.gather(*(loop(player) for player in players))
    tally.seconds += time.perf_counter() - began


async def sampled(pid: int, peak: Peak, work: Any) -> Any:
    """``work``'s answer, the server's threads and memory sampled meanwhile."""
    stop = asyncio.Event()
    sampler = asyncio.create_task(sample(pid, peak, stop))
    try:
        return await work
    finally:
        stop.set()
        await sampler


def ratio_row(label: str, during: Tally, before: Tally) -> None:
    """A row comparing the p99 of two tallies of moves."""
    value = during.pct(0.99) / before.pct(0.99)
    happened = (
        f"{value:.2f} ({during.pct(0.99) * 1e3:.0f} ms against {before.pct(0.99) * 1e3:.0f}; "
        f"moves {codes(during)})"
    )
    row(label, happened, "at most 2")


async def games(args: argparse.Namespace) -> None:
    """New games: one client as fast as it can, fresh guests, and a school."""
    with Server("sqlite", os.cpu_count() or 1, redis=args.redis) as server:
        script = await guest(server.port)
        await script.request("POST", "/api/games", {"game": "streets"})  # its session
        lanes = [script] + [await guest(server.port, script.cookies) for _ in range(3)]
        deals = dealing(args.games)
        fresh_deals = [("POST", "/api/games", {"game": "streets"})] * args.games
        dealt = await flood(lanes, deals)
        row(
            f"one client deals {args.games:,} games",
            f"{codes(dealt)} in {dealt.seconds:.1f} s ({dealt.rate():.0f}/s)",
            "cut",
        )
        fresh = await fresh_guests(server.port, fresh_deals)
        row(f"{args.games:,} fresh guests from one address deal one each", codes(fresh), "cut")
        await asyncio.sleep(11)  # the address's window ends
        school = Tally()
        pupils = [await guest(server.port) for _ in range(50)]
        for turn in range(2):
            for pupil in pupils:
                start = time.perf_counter()
                status, _ = await pupil.request("POST", "/api/games", {"game": "streets"})
                school.add(status, time.perf_counter() - start)
            if turn == 0:
                await asyncio.sleep(15)
        row("50 players behind one address deal, then again 15 s later", codes(school), "no 429")


async def logins(args: argparse.Namespace) -> None:
    """Wrong passwords for one account, then the owner after the wait."""
    cooloff = 10
    env = {"SOLITAIRE_LOGIN_COOLOFF": str(cooloff)}
    with Server("sqlite", os.cpu_count() or 1, env, redis=args.redis) as server:
        assert server.process is not None
        owner = Http("127.0.0.1", server.port)
        await owner.request("GET", "/accounts/signup/")
        password = "a long and unusual passphrase"
        form = {"username": "owner", "password1": password, "password2": password}
        status, _ = await owner.request("POST", "/accounts/signup/", form=form)
        assert status == 302, status
        pids = server_processes(server.process.pid)
        guesser = Http("127.0.0.1", server.port)
        await guesser.request("GET", "/accounts/login/")
        start = time.perf_counter()
        status, _ = await guesser.request(
            "POST", "/accounts/login/", form={"username": "owner", "password": password}
        )
        one_hash = time.perf_counter() - start
        await guesser.request("POST", "/accounts/logout/")
        await guesser.request("GET", "/accounts/login/")
        tries, cpu = Tally(), cpu_seconds(pids)
        for n in range(args.logins):
            start = time.perf_counter()
            status, _ = await guesser.request(
                "POST", "/accounts/login/", form={"username": "owner", "password": f"guess {n}"}
            )
            tries.add(status, time.perf_counter() - start)
        cpu = cpu_seconds(pids) - cpu
        refused = sorted(tries.latencies)[len(tries.latencies) // 2]
        row(
            f"{args.logins:,} wrong passwords for one account",
            f"{codes(tries)}; server CPU {cpu:.1f} s in all; a refused try {refused * 1e3:.1f} ms "
            f"(median), a login that hashes {one_hash * 1e3:.0f} ms",
            "hashing stops at the limit",
        )
        await asyncio.sleep(cooloff + 1)
        status, _ = await guesser.request(
            "POST", "/accounts/login/", form={"username": "owner", "password": password}
        )
        row(f"the owner's password after the {cooloff} s wait", f"answered {status}", "302")


def burners(count: int) -> list[subprocess.Popen[bytes]]:
    """Processes of other work at the players' priority, one a core."""
    return [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(count)
    ]


async def hints(args: argparse.Namespace) -> None:
    """Moves with and without 10 hints at once, both cores busy with other work."""
    survey = json.loads((ROOT / "src/solitaire/data/survey/fours-up.json").read_text())
    undecided = iter([r["deal"] for r in survey if r["result"] == "unknown"])
    with Server("sqlite", os.cpu_count() or 1, redis=args.redis) as server:
        players = await session(server.port, MOVERS, args.seed)
        # Each hinter asks on games of its own, each a guest's, all dealt before the windows:
        # the windows measure hints, not a burst of new games (the games phase floods those).
        lanes = [await dealt(server.port, undecided, HINTS_EACH) for _ in range(args.hinters)]
        await run_paced(players, Tally(), 2.0)
        others = burners(os.cpu_count() or 1)
        try:
            calm, stormy, asked = Tally(), Tally(), Tally()
            for _ in range(ROUNDS):
                await run_paced(players, calm, args.seconds / ROUNDS)
                stop = time.perf_counter() + args.seconds / ROUNDS
                storm = asyncio.gather(
                    asyncio.sleep(args.seconds / ROUNDS),
                    *(ask_hints(lane, stop, asked) for lane in lanes),
                )
                await moving_while(players, stormy, storm, 0)
        finally:
            for burner in others:
                burner.kill()
                burner.wait()
        n = args.hinters
        row(f"{n} hints at once, both cores busy with other work", codes(asked), "no 5xx")
        label = f"move p99 during the {n} hints over without (other work on both cores)"
        ratio_row(label, stormy, calm)


HINTS_EACH = 6
"""Games dealt for each hinter: more than it asks about in the default windows."""


async def dealt(port: int, deals: Any, count: int) -> list[tuple[Http, int]]:
    """``count`` guests, each with an undecided Fours Up deal dealt."""
    lane = []
    for _ in range(count):
        http = await guest(port)
        while True:
            asked = {"game": "fours-up", "deal": next(deals)}
            status, game = await http.request("POST", "/api/games", asked)
            if status == 201:
                break
            await asyncio.sleep(float(http.headers.get("retry-after", "1")))
        lane.append((http, game["id"]))
    return lane


async def ask_hints(lane: list[tuple[Http, int]], stop: float, tally: Tally) -> None:
    """Ask a hint on each game of ``lane`` in turn, again and again until ``stop``; wait out
    a 429 and ask again."""
    turns = itertools.cycle(lane)
    http, game = next(turns)
    while time.perf_counter() < stop:
        start = time.perf_counter()
        status, _ = await http.request("POST", f"/api/games/{game}/hint")
        tally.add(status, time.perf_counter() - start)
        if status == 429:
            wait = float(http.headers.get("retry-after", "1"))
            await asyncio.sleep(max(0.0, min(wait, stop - time.perf_counter())))
        else:
            http, game = next(turns)


PHASES = {"questions": questions, "games": games, "logins": logins, "hints": hints}


def main() -> None:
    """Run the phases asked for and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--questions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--logins", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=12.0, help="per window of moves")
    parser.add_argument("--hinters", type=int, default=10, help="0: the hints phase's control")
    parser.add_argument("--phases", default=",".join(PHASES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redis", action="store_true", help="count in Redis (scripts/with-redis)")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}\n")
    print("| tried | what happened | target |\n|---|---|---|", flush=True)
    for name in args.phases.split(","):
        asyncio.run(PHASES[name](args))
    print(f"\nload after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
