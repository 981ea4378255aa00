"""Building the lists of proved deals (:mod:`solitaire.deals.winnable`), offline.

Building a list is resumable: :func:`extend` solves the deals after the last one searched,
in order, and saves after each, so an interrupted run keeps all it found; or
:func:`import_survey` takes a survey's rows instead of solving. Every line is shortened and
replayed by the engine to a win before it is stored (:func:`checked`). Deals are solved by
the one runner of many deals, :func:`solitaire.solver.survey.solve_deals`, on local
processes or a Dask cluster.
"""

from __future__ import annotations

import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solitaire.deals.screen import screenable
from solitaire.deals.winnable import ProvedDeal, WinnableList, list_path, load, proved_deals
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.errors import SolitaireError
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.lines import shorten
from solitaire.engine.state import Move
from solitaire.solver.survey import Row, solve_deal, solve_deals
from solitaire.solver.verdict import Verdict


def save(winnable: WinnableList, directory: Path | None = None) -> None:
    """Write a list atomically, so that an interrupted run never leaves half a file."""
    path = list_path(winnable.game, directory)
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=path.parent, delete=False, suffix=".tmp") as out:
        out.write(winnable.to_json())
    os.chmod(out.name, 0o644)
    os.replace(out.name, path)


def prove(game: str, number: int, budget: int) -> ProvedDeal | None:
    """Ask the solver about one deal; return it with its checked line if it is won."""
    return _proved(solve_deal((game, number, budget)))


def _proved(row: Row) -> ProvedDeal | None:
    """The proved deal a survey row shows, its line checked; None unless it is won."""
    if row["result"] != Verdict.WON:
        return None
    return checked(row["game"], row["deal"], tuple(row["solution"].split()))


def checked(game: str, number: int, line: tuple[str, ...]) -> ProvedDeal:
    """The proved deal with ``line`` shortened (:func:`solitaire.engine.lines.shorten`), once the
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
        if row is None or (
            row["result"] == Verdict.UNKNOWN and int(row["budget"]) < winnable.budget
        ):
            break
        if row["result"] == Verdict.WON:
            winnable.deals.append(checked(winnable.game, number, tuple(row["solution"].split())))
        winnable.searched = number
        number += 1
    save(winnable, directory)
    proved_deals.cache_clear()
    return winnable


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
    with ``screen``, only the deals whose burial is below it (:mod:`solitaire.deals.screen`).
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
        chosen = (n for n in range(winnable.searched + 1, MAX_DEAL + 1) if winnable.chooses(n))
        rows = solve_deals(game, chosen, budget, jobs, scheduler, ordered=True)
        for row in rows:
            proved = _proved(row)
            winnable.searched = row["deal"]
            if proved is not None:
                winnable.deals.append(proved)
            save(winnable, directory)
            if progress is not None:
                progress(row["deal"], len(winnable.deals))
            if len(winnable.deals) >= target:
                break
        rows.close()
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
