"""Engine speed: legal-move generation and apply+undo rates for every game.

For each game, a fixed seeded random playout (deals 1..DEALS, random legal moves until the
game ends or MAX_MOVES) gives a list of positions. Over those positions the script times:

- ``gen/s``: full legal-move lists generated per second (``list(legal_moves(...))``);
- ``play/s``: unchecked moves applied per second (``engine.play``, the solver's path; undo is
  dropping the new state, since states are immutable);
- ``push+pop/s``: checked moves played and taken back per second through ``Game``;
- ``stuck ms``: mean and worst time of one stuck check (``status.is_stuck``).

    .venv/bin/python bench/engine.py [--seconds 0.4]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from solitaire import GAMES, Game, Layout, get_rules
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.engine.status import is_stuck

SEED = 20260101
DEALS = 5
MAX_MOVES = 200


def playout(rules: Rules, seed: int) -> list[tuple[State, list[Move]]]:
    """Positions of a seeded random playout of deals 1..DEALS, each with its legal moves.

    The stock is worked only when nothing else moves, so the playouts reach deep positions.
    """
    rng = random.Random(seed)
    positions = []
    for number in range(1, DEALS + 1):
        state = Layout.dealt(rules.id, number).state
        for _ in range(MAX_MOVES):
            moves = list(legal_moves(rules, state))
            if not moves:
                break
            positions.append((state, moves))
            others = [move for move in moves if not move.is_deal]
            state = play(rules, state, rng.choice(others or moves))
    return positions


def rate(work: Callable[[], int], seconds: float) -> float:
    """Run ``work`` (which returns how many operations it did) for about ``seconds``."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def bench(game: str, seconds: float) -> str:
    rules = get_rules(game)
    positions = playout(rules, SEED)
    pairs = [(state, move) for state, moves in positions for move in moves]

    def generate() -> int:
        for state, _ in positions:
            list(legal_moves(rules, state))
        return len(positions)

    def apply_unchecked() -> int:
        for state, move in pairs:
            play(rules, state, move)
        return len(pairs)

    games = [(Game(Layout(game, None, state)), moves) for state, moves in positions]

    def push_pop() -> int:
        for g, moves in games:
            for move in moves:
                g.push(move)
                g.pop()
        return len(pairs)

    stuck_times = []
    for state, _ in positions[:: max(1, len(positions) // 40)]:
        start = time.perf_counter()
        is_stuck(rules, state)
        stuck_times.append(time.perf_counter() - start)
    mean = sum(stuck_times) / len(stuck_times) * 1000
    worst = max(stuck_times) * 1000
    return (
        f"{game:<20}{len(positions):>6}{len(pairs) / len(positions):>7.1f}"
        f"{rate(generate, seconds):>10,.0f}{rate(apply_unchecked, seconds):>10,.0f}"
        f"{rate(push_pop, seconds):>12,.0f}{mean:>10.1f}{worst:>7.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.4, help="time per measurement")
    args = parser.parse_args()
    print(
        f"{'game':<20}{'pos':>6}{'moves':>7}{'gen/s':>10}{'play/s':>10}"
        f"{'push+pop/s':>12}{'stuck ms':>10}{'max':>7}"
    )
    for game in GAMES:
        print(bench(game, args.seconds), flush=True)


if __name__ == "__main__":
    main()
