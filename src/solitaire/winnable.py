"""Winnable deals: deal numbers our solver has proved, each kept with its winning line.

The lists are package data, ``data/winnable/GAME.json``::

    {"game": "stronghold", "budget": 50000, "searched": 812,
     "deals": [{"deal": 1, "solution": ["t0>c0", ...]}, ...]}

``searched`` is the last deal number tried: every deal from 1 to it was given to the
solver with ``budget`` positions, and ``deals`` holds those it proved won. Building a list
is resumable: :func:`extend` starts after ``searched`` and saves as it goes.

A list may also hold ``"screen": N``: then only the deals whose burial
(:func:`solitaire.screen.burial`) is below N were given to the solver. Fours Up's list is
built that way, because the solver wins few of its deals taken in order.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Generator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from itertools import islice
from pathlib import Path
from typing import Any

from solitaire.deal import MAX_DEAL, deal
from solitaire.errors import SolitaireError
from solitaire.game import Game
from solitaire.games import get_rules
from solitaire.layout import Layout
from solitaire.lines import shorten
from solitaire.screen import passes, screenable
from solitaire.solver import solve
from solitaire.state import Move
from solitaire.workers import connect

DATA_DIR = Path(str(resources.files("solitaire"))) / "data" / "winnable"


@dataclass(frozen=True)
class ProvedDeal:
    """A deal number and the line of moves that wins it."""

    deal: int
    solution: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form SPEC gives for ``solitaire winnable``."""
        return {"deal": self.deal, "solution": list(self.solution)}


@dataclass
class WinnableList:
    """One game's list as stored: how far the search went and what it proved."""

    game: str
    budget: int
    searched: int
    deals: list[ProvedDeal]
    screen: int | None = None

    def to_json(self) -> str:
        """The file's text: one proved deal a line, so that diffs stay readable."""
        rows = ",\n".join("  " + json.dumps(proved.to_dict()) for proved in self.deals)
        head: dict[str, Any] = {"game": self.game, "budget": self.budget}
        if self.screen is not None:
            head["screen"] = self.screen
        head["searched"] = self.searched
        return json.dumps(head)[:-1] + ', "deals": [\n' + rows + "\n]}\n"

    @classmethod
    def from_json(cls, text: str) -> WinnableList:
        """Read a stored list."""
        data = json.loads(text)
        deals = [ProvedDeal(row["deal"], tuple(row["solution"])) for row in data["deals"]]
        return cls(data["game"], data["budget"], data["searched"], deals, data.get("screen"))

    def chooses(self, number: int) -> bool:
        """Whether the list's screen lets deal ``number`` through to the solver."""
        return passes(get_rules(self.game), number, self.screen)


def list_path(game: str, directory: Path | None = None) -> Path:
    """Where the list of ``game`` lives."""
    return (directory or DATA_DIR) / f"{get_rules(game).id}.json"


def load(game: str, directory: Path | None = None) -> WinnableList:
    """The stored list of ``game`` (an empty one if there is no file yet)."""
    path = list_path(game, directory)
    if not path.exists():
        return WinnableList(get_rules(game).id, 0, 0, [])
    return WinnableList.from_json(path.read_text())


def save(winnable: WinnableList, directory: Path | None = None) -> None:
    """Write a list atomically, so that an interrupted run never leaves half a file."""
    path = list_path(winnable.game, directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp") as out:
        out.write(winnable.to_json())
    os.chmod(out.name, 0o644)
    os.replace(out.name, path)


@cache
def proved_deals(game: str) -> tuple[ProvedDeal, ...]:
    """The proved deals shipped with the package for ``game``, by deal number."""
    return tuple(load(game).deals)


def random_winnable(game: str, avoid: int | None = None, rng: random.Random | None = None) -> int:
    """A proved deal of ``game`` drawn at random, never ``avoid`` (the player's last deal)."""
    choices = [proved.deal for proved in proved_deals(game) if proved.deal != avoid]
    if not choices:
        raise SolitaireError(f"no proved deals are stored for {game}")
    return (rng or random.Random()).choice(choices)


def solution_for(game: str, number: int) -> tuple[str, ...] | None:
    """The stored winning line of deal ``number``, or None if it is not in the list."""
    for proved in proved_deals(game):
        if proved.deal == number:
            return proved.solution
    return None


def prove(game: str, number: int, budget: int) -> ProvedDeal | None:
    """Ask the solver about one deal; return it with its checked line if it is won."""
    rules = get_rules(game)
    answer = solve(rules, deal(rules, number), budget)
    if answer.result != "won" or answer.solution is None:
        return None
    return checked(game, number, tuple(str(move) for move in answer.solution))


def checked(game: str, number: int, line: tuple[str, ...]) -> ProvedDeal:
    """The proved deal with ``line`` shortened (:func:`solitaire.lines.shorten`), once the
    engine has replayed it from the deal to a win.
    """
    start = Layout.dealt(game, number)
    try:
        moves = shorten(start.rules, start.state, [Move.from_str(move) for move in line])
    except SolitaireError as error:
        raise SolitaireError(
            f"the line given for {game} deal {number} does not win: {error}"
        ) from None
    if Game.replay(start, moves).status != "won":
        raise SolitaireError(f"the line given for {game} deal {number} does not win")
    return ProvedDeal(number, tuple(str(move) for move in moves))


def import_survey(
    game: str, rows: dict[int, dict[str, Any]], directory: Path | None = None
) -> WinnableList:
    """Extend the list of ``game`` with a survey's rows (see :mod:`solitaire.solver.survey`)
    for the deals that follow the last one searched, as far as the rows run without a gap.

    A row counts when it was won (its line is replayed first), lost, or unknown under at
    least the list's budget; a new list takes the smallest budget among the rows.
    """
    winnable = load(game, directory)
    rows = {number: row for number, row in rows.items() if row["game"] in ("", winnable.game)}
    if not winnable.searched:
        winnable.budget = min((int(row["budget"]) for row in rows.values()), default=0)
    number = winnable.searched + 1
    while True:
        if not winnable.chooses(number):  # the screen leaves it out: its row, if any, is not used
            winnable.searched = number
            number += 1
            continue
        row = rows.get(number)
        if row is None or (row["result"] == "unknown" and int(row["budget"]) < winnable.budget):
            break
        if row["result"] == "won":
            winnable.deals.append(checked(winnable.game, number, tuple(row["solution"].split())))
        winnable.searched = number
        number += 1
    save(winnable, directory)
    proved_deals.cache_clear()
    return winnable


def _prove_job(job: tuple[str, int, int]) -> tuple[int, ProvedDeal | None]:
    game, number, budget = job
    return number, prove(game, number, budget)


def _proofs(
    winnable: WinnableList, first: int, budget: int, jobs: int, scheduler: str | None
) -> Generator[tuple[int, ProvedDeal | None], None, None]:
    """Solve the deals from ``first`` on that the list's screen chooses, in order, on ``jobs``
    processes or on the Dask cluster at ``scheduler``."""
    workers = connect(scheduler, jobs if jobs > 1 else 0)
    batch = max(1, jobs, workers.capacity) * 4
    chosen = (n for n in range(first, MAX_DEAL + 1) if winnable.chooses(n))
    try:
        while work := [(winnable.game, n, budget) for n in islice(chosen, batch)]:
            yield from workers.map(_prove_job, work)
    finally:
        workers.close()


def extend(
    game: str,
    target: int,
    budget: int,
    jobs: int = 1,
    directory: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    screen: int | None = None,
    scheduler: str | None = None,
) -> WinnableList:
    """Search deals after the last one tried until the list holds ``target`` proved deals;
    with ``screen``, only the deals whose burial is below it (:mod:`solitaire.screen`).
    The deals are solved on ``jobs`` local processes, or on the Dask cluster at ``scheduler``.

    The list is saved after every deal, so an interrupted run keeps all it found. The budget
    and the screen of a list are fixed when its first deal is searched. ``progress(tried,
    proved)`` is called after each deal.
    """
    winnable = load(game, directory)
    rules = get_rules(game)
    if screen is not None and not screenable(rules):
        raise SolitaireError(f"{game} has no stoppers in a waste to screen its deals by")
    if winnable.searched and (winnable.budget, winnable.screen) != (budget, screen):
        raise SolitaireError(
            f"the {game} list was searched with a budget of {winnable.budget} and a screen of "
            f"{winnable.screen}; extend it with those"
        )
    winnable.budget = budget
    winnable.screen = screen
    if len(winnable.deals) < target:
        proofs = _proofs(winnable, winnable.searched + 1, budget, jobs, scheduler)
        for number, proved in proofs:
            winnable.searched = number
            if proved is not None:
                winnable.deals.append(proved)
            save(winnable, directory)
            if progress is not None:
                progress(number, len(winnable.deals))
            if len(winnable.deals) >= target:
                break
        proofs.close()
    proved_deals.cache_clear()
    return winnable


def dealing_search(
    game: str, budget: int, shuffles: int, rng: random.Random | None = None
) -> tuple[ProvedDeal | None, int]:
    """Draw fresh deal numbers until the solver proves one won within ``budget`` positions,
    at most ``shuffles`` times. Return the proved deal (None if every draw failed) and the
    number of draws made.
    """
    rng = rng or random.Random()
    for tried in range(1, shuffles + 1):
        proved = prove(game, rng.randint(1, MAX_DEAL), budget)
        if proved is not None:
            return proved, tried
    return None, shuffles
