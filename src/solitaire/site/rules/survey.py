"""What our solver proved about a game, for the rules page's table.

The figures are counted from the game's survey file, as ``solitaire survey GAME --deals A-B
--budget N [--hard M] [--stranded S] --out FILE`` writes it (:mod:`solitaire.solver.survey`),
kept at ``solitaire/data/survey/GAME.json`` in the package or in the folder named by
``SOLITAIRE_SURVEY_DIR``. Without one the page says that no survey is published yet: the
site never shows a figure that our own runs did not produce. A survey of deals the solver's
settings were not chosen on, where one is published, is kept in the folder's ``unseen/``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from django.conf import settings

from solitaire.solver.survey import Summary, load
from solitaire.solver.verdict import Verdict

PROVED = (str(Verdict.WON), str(Verdict.LOST))
"""The survey results that are proofs."""


def _file(game: str, unseen: bool = False) -> tuple[str, tuple[int, int]] | None:
    """The path of ``game``'s survey file (of its unseen deals, with ``unseen``) and its
    version (time and size), or None."""
    folder = Path(settings.SURVEY_DIR or str(resources.files("solitaire") / "data" / "survey"))
    path = (folder / "unseen" if unseen else folder) / f"{game}.json"
    try:
        found = path.stat()
    except OSError:
        return None
    return str(path), (found.st_mtime_ns, found.st_size)


def survey(game: str, unseen: bool = False) -> dict[str, Any] | None:
    """The survey figures of ``game`` (of its unseen deals, with ``unseen``) with the command
    that reproduces them, or None.

    Counted once per version of the file (a published survey runs to 1,000 rows), and again
    when the file changes."""
    found = _file(game, unseen)
    return None if found is None else _figures(game, *found)


def verdict(game: str, deal: int) -> str | None:
    """What the published survey proved of ``game``'s deal ``deal``: "won", "lost", or None
    (not surveyed, or undecided within the survey's budget)."""
    found = _file(game)
    return None if found is None else _verdicts(*found).get(deal)


@lru_cache(maxsize=32)
def _verdicts(path: str, version: tuple[int, int]) -> dict[int, str]:
    """The proved verdicts of the survey file at ``path`` as it stood at ``version``."""
    try:
        rows = load(Path(path))
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {deal: str(row["result"]) for deal, row in rows.items() if row["result"] in PROVED}


@lru_cache(maxsize=32)
def _figures(game: str, path: str, version: tuple[int, int]) -> dict[str, Any] | None:
    """:func:`survey`'s figures from the file at ``path`` as it stood at ``version``."""
    try:
        rows = load(Path(path))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if not rows:
        return None
    numbers = sorted(rows)
    summary = Summary.of(rows.values())
    budget = max(int(row["budget"]) for row in rows.values())
    hard = max(int(row.get("hard") or 0) for row in rows.values())
    stranded = max(int(row.get("stranded") or 0) for row in rows.values())
    phase = (f" --hard {hard}" if hard else "") + (f" --stranded {stranded}" if stranded else "")
    whole = len(numbers) == numbers[-1] - numbers[0] + 1
    span = f"{numbers[0]}-{numbers[-1]}"
    return {
        "deals": span if whole else f"{len(numbers)} deals from {numbers[0]} to {numbers[-1]}",
        "budget": budget,
        "won": summary.won,
        "lost": summary.lost,
        "unknown": summary.unknown,
        "median_seconds": summary.median_seconds,
        "median_moves": _median_moves(rows.values()),
        "total": len(numbers),
        "winnable": [round(100 * end, 1) for end in summary.winnable()],
        "hard": hard,
        "command": f"solitaire survey {game} --deals {span} --budget {budget}{phase}",
        "times": _time_buckets([float(row["seconds"]) for row in rows.values()]),
    }


def _median_moves(rows: Iterable[dict[str, Any]]) -> int | None:
    """The median length, in moves, of the won rows' lines (the lower middle of an even
    count), or None with no win."""
    lengths = sorted(len(str(row["solution"]).split()) for row in rows if row["result"] == "won")
    return lengths[(len(lengths) - 1) // 2] if lengths else None


TIME_BUCKETS = ((0.01, "under 0.01 s"), (0.1, "0.01-0.1 s"), (1.0, "0.1-1 s"), (10.0, "1-10 s"))


def _time_buckets(seconds: list[float]) -> dict[str, int]:
    """How many deals took each span of time, the last span open-ended."""
    counts = {label: 0 for _, label in TIME_BUCKETS} | {"10 s or more": 0}
    for value in seconds:
        label = next((label for limit, label in TIME_BUCKETS if value < limit), "10 s or more")
        counts[label] += 1
    return counts
