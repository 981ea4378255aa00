"""The deals a bench runs on, from a survey file: the deals it leaves unknown, or those named
with ``--deals``, and of them the K-th of N equal slices with ``--part K/N`` (to run in
several processes). ``bench/hard.py``, ``bench/portfolio.py`` and ``bench/reach.py`` take
their deals this way, and the first two count what searches run in turn win with
:func:`won_in_turn`:

    parser = argparse.ArgumentParser()
    add_arguments(parser)          # game, survey, --deals, --part
    numbers = chosen(parser.parse_args())
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path

from solitaire.solver.survey import load


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The game, the survey file, ``--deals`` and ``--part``."""
    parser.add_argument("game")
    parser.add_argument("survey", type=Path)
    parser.add_argument("--deals", default="", help="deal numbers (default: the unknown ones)")
    parser.add_argument("--part", default="1/1", help="the K-th of N slices: K/N")


def unknown_deals(survey: Path) -> list[int]:
    """The deals whose row in ``survey`` is "unknown", in the file's order."""
    return [n for n, row in load(survey).items() if row["result"] == "unknown"]


def chosen(args: argparse.Namespace) -> list[int]:
    """The deals of ``--deals`` (else the unknown ones of the survey), sliced by ``--part``."""
    named = [int(n) for n in args.deals.split(",") if n]
    numbers = named or unknown_deals(args.survey)
    try:
        part, parts = (int(n) for n in args.part.split("/"))
    except ValueError:
        raise SystemExit(f"--part {args.part}: give K/N, two whole numbers") from None
    if not 1 <= part <= parts:
        raise SystemExit(f"--part {args.part}: K must be from 1 to N")
    return numbers[part - 1 :: parts]


Run = Mapping[int, tuple[bool, int, int]]
"""One search's outcome per deal: whether it won, what its win cost against the cap, and
what it spent of the cap when it ran to its end."""


def won_in_turn(runs: Sequence[Run], numbers: list[int], cap: int) -> list[int]:
    """The deals of ``numbers`` that ``runs``, tried in turn on each deal, win within ``cap``:
    a run wins if the deal's cost so far plus its win's cost fits, and otherwise adds what it
    spent; the turn stops once the cap is spent."""
    won = []
    for number in numbers:
        used = 0
        for run in runs:
            win, cost, spent = run[number]
            if win and used + cost <= cap:
                won.append(number)
                break
            used += spent
            if used >= cap:
                break
    return won
