"""What Hint's searches leave unknown in a game, position by position, without and with the
hard-wins phase, counted in positions and CPU seconds rather than by the wall clock (which on
a loaded machine says more of the machine than of the search).

The positions are the random-deal positions of ``bench/hint.py`` (the same seed, so the same
positions). Each is solved as Hint's first answer searches it, with no clock: ``--budget``
positions, then the hard-wins phase with Hint's own budget for it
(:func:`solitaire.advice.hint.hard_budget`). Its first phase is Hint's first answer without
the phase, and the whole is Hint's first answer with it where its CPU seconds are within
``--seconds``. Each position the first phase leaves unknown is then solved as Hint's cap
searches it: ``--cap-budget`` positions, then the phase with its own budget; again the first
phase is the cap without the phase, and the whole is the cap with it within ``--cap-seconds``
CPU seconds. For each such position it prints its cards home, the stock cards left, the
moves played, and both solves (result, the piece that won or "first phase", positions,
CPU seconds).

    .venv/bin/python bench/hintleft.py [--game streets] [--positions 200] [--budget 200000] \
        [--seconds 2] [--cap-budget 1000000] [--cap-seconds 30] [--part 1/2] \
        [--cap-hard N] [--rollout-positions N] [--only 26,68]

``--part K/N`` solves every N-th position from the K-th, so that several processes share
them; their lines join by the position's number, and their counts add up. ``--start N``
skips the positions before the N-th (from 0), to share a part's later positions out.

``--cap-hard N`` gives the cap's phase N positions instead of Hint's budget for it, and
``--rollout-positions N`` lets each rollout piece of the plan add N positions instead of
:data:`solitaire.solver.hard.ROLLOUT_POSITIONS` (both to measure what a larger phase would
win). ``--only 26,68`` solves only those positions, and only as the cap searches them; each
line then ends with the process's peak RSS in MB (``ru_maxrss``), which is that solve's when
the process solves one position.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import resource
import time

from hint import random_games

from solitaire.advice.hint import hard_budget
from solitaire.engine.game import Game
from solitaire.solver import Solution, hard, solve


def timed(game: Game, budget: int, phase: int | None = None) -> tuple[Solution, float]:
    """``game``'s position solved with ``budget`` positions and ``phase`` hard-wins positions
    (None: Hint's budget for it), no clock: the answer and its CPU seconds."""
    phase = hard_budget(game.rules, budget) if phase is None else phase
    started = time.process_time()
    answer = solve(game.rules, game.state, budget, hard=phase)
    return answer, time.process_time() - started


def rollouts_of(positions: int) -> None:
    """Let each rollout piece of the hard-wins plan add ``positions`` positions."""
    hard.HARD_PLAN = tuple(  # type: ignore[misc]
        dataclasses.replace(piece, positions=positions)
        if isinstance(piece, hard.Rollouts)
        else piece
        for piece in hard.HARD_PLAN
    )


def peak_mb() -> float:
    """The process's peak resident memory so far, in MB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def told(answer: Solution, seconds: float) -> str:
    """One solve as a line tells it."""
    return f"{answer.result} {answer.method or 'first phase'} {answer.positions} {seconds:.1f}"


def main() -> None:
    """Solve each position and print one line for each its first phase leaves unknown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="streets")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds")
    parser.add_argument("--cap-budget", type=int, default=1_000_000)
    parser.add_argument("--cap-seconds", type=float, default=30.0, help="CPU seconds")
    parser.add_argument("--part", default="1/1")
    parser.add_argument("--start", type=int, default=0, help="skip positions before this")
    parser.add_argument("--cap-hard", type=int, help="the cap's phase budget")
    parser.add_argument("--rollout-positions", type=int, help="each rollout piece's positions")
    parser.add_argument("--only", help="these positions (e.g. 26,68), as the cap solves them")
    args = parser.parse_args()
    part, parts = map(int, args.part.split("/"))
    games = random_games(args.game, args.positions, random.Random(2026))
    if args.rollout_positions is not None:
        rollouts_of(args.rollout_positions)
    if args.only:
        for number in map(int, args.only.split(",")):
            game = games[number]
            cap, capped = timed(game, args.cap_budget, args.cap_hard)
            home = game.state.home_count()
            print(
                f"{number} {home} {len(game.state.stock)} {len(game.moves)}"
                f" | {told(cap, capped)} | {peak_mb():.0f} MB",
                flush=True,
            )
        return
    keys = ("asked", "first", "first+phase", "cap", "cap+phase", "unknown home<20")
    counts = dict.fromkeys(keys, 0)
    print("n home stock moves | first answer: result by positions CPU-s | cap: the same")
    for number, game in list(enumerate(games))[part - 1 :: parts]:
        if number < args.start:
            continue
        counts["asked"] += 1
        first, seconds = timed(game, args.budget)
        by_first = first.result != "unknown" and not first.method
        by_phase = first.result != "unknown" and seconds <= args.seconds
        counts["first"] += by_first
        counts["first+phase"] += by_first or by_phase
        if by_first:
            counts["cap"] += 1
            counts["cap+phase"] += 1
            continue
        cap, capped = timed(game, args.cap_budget, args.cap_hard)
        counts["cap"] += cap.result != "unknown" and not cap.method
        counts["cap+phase"] += by_phase or (cap.result != "unknown" and capped <= args.cap_seconds)
        home = game.state.home_count()
        counts["unknown home<20"] += cap.result == "unknown" and home < 20
        print(
            f"{number} {home} {len(game.state.stock)} {len(game.moves)}"
            f" | {told(first, seconds)} | {told(cap, capped)}",
            flush=True,
        )
    print(" ".join(f"{key}: {value}" for key, value in counts.items()))


if __name__ == "__main__":
    main()
