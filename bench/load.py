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
  decide within Hint's 2 seconds) are asked at once, against moves in the windows between
  (each hinter waits as a 429's Retry-After tells it: two of its hints go on thinking);
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
import os
import time
from collections.abc import Iterator

from loadkit import (
    Http,
    Player,
    Server,
    Tally,
    proved_lines,
    ratio,
    run_for,
    session,
    table,
)

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED

LONG_LINE = 600
HINTS_AT_ONCE = 10
HARD_DEALS = range(1, 200)
"""Fours Up deals whose first position the solver leaves undecided within Hint's budget."""


def long_lines() -> Iterator[tuple[str, int, tuple[str, ...]]]:
    """The stored lines of at least 600 moves, cut to 600."""
    deals = [
        (game, p.deal, p.solution[:LONG_LINE])
        for game in FEATURED
        for p in proved_deals(game)
        if len(p.solution) >= LONG_LINE
    ]
    return itertools.cycle(deals)


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
            if status == 201:
                began = time.perf_counter()
                status, _ = await http.request("POST", f"/api/games/{game['id']}/hint")
                hinting.add(status, time.perf_counter() - began)
            if status == 429:  # past a limit (two hints thinking on, say): wait as told
                wait = float(http.headers.get("retry-after", "1"))
                await asyncio.sleep(max(0.0, min(wait, stop - time.perf_counter())))
            else:
                assert status in (200, 201), (status, game)

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


async def hints_phase(main: list[Player], port: int, label: str, args: argparse.Namespace) -> None:
    """Moves with and without hint storms, and the hints' statuses."""
    hinters = [Http("127.0.0.1", port) for _ in range(HINTS_AT_ONCE)]
    for http in hinters:
        await http.request("GET", "/api/settings")
    for player in main:
        player.lines, player.game, player.todo = proved_lines(args.seed), None, []
    calm, stormy, hinted = await hint_storms(main, hinters, args.seconds, args.rounds)
    rows = [("moves", calm), (f"moves, {HINTS_AT_ONCE} hints at once", stormy), ("hints", hinted)]
    table(label, rows)
    ratio("move p99 during hints over without", stormy.pct(0.99) / calm.pct(0.99), "<= 2")
    bad = sum(n for code, n in hinted.statuses.items() if code >= 500)
    print(f"- hints answered 5xx: {bad} (target 0)")
    for http in hinters:
        http.close()


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
            await hints_phase(main, servers[-1].port, label, args)
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
