"""What our solver proved about a game, for the rules page's table.

Two sources, read in this order; the first that has the game wins:

1. A survey file per game, as ``solitaire survey GAME --deals A-B --out FILE`` writes it
   (JSON: ``{"rows": [...]}`` or a list of rows; each row has ``deal``, ``result``,
   ``seconds`` and ``budget``), kept at ``solitaire/data/survey/GAME.json`` in the package
   or in the folder named by ``SOLITAIRE_SURVEY_DIR``. The table is counted from its rows.
2. A summary file, ``solitaire/data/survey.json`` or the file named by
   ``SOLITAIRE_SURVEY_FILE``::

       {"command": "...", "games": {"stronghold": {"deals": "1-200", "budget": 1000000,
        "won": 0, "lost": 0, "unknown": 0, "median_seconds": 0.0, "command": "..."}}}

Without either, the page says that no survey is published yet: the site never shows a
figure that our own runs did not produce.
"""

from __future__ import annotations

import json
import statistics
from importlib import resources
from pathlib import Path
from typing import Any

from django.conf import settings

FIELDS = ("deals", "budget", "won", "lost", "unknown", "median_seconds")


def _read_json(path: str | None, packaged: str) -> Any:
    try:
        if path:
            text = Path(path).read_text(encoding="utf-8")
        else:
            text = resources.files("solitaire").joinpath(packaged).read_text("utf-8")
        return json.loads(text)
    except (OSError, ValueError):
        return None


def from_rows(game: str) -> dict[str, Any] | None:
    """The figures counted from the game's survey rows, or None without a survey file."""
    folder = settings.SURVEY_DIR
    data = _read_json(
        str(Path(folder) / f"{game}.json") if folder else None, f"data/survey/{game}.json"
    )
    rows = data.get("rows") if isinstance(data, dict) else data
    if not isinstance(rows, list):
        return None
    rows = [row for row in rows if isinstance(row, dict) and isinstance(row.get("deal"), int)]
    if not rows:
        return None
    results = [row.get("result") for row in rows]
    numbers = sorted(row["deal"] for row in rows)
    budgets = [row["budget"] for row in rows if isinstance(row.get("budget"), int)]
    seconds = [row["seconds"] for row in rows if isinstance(row.get("seconds"), int | float)]
    deals = (
        f"{numbers[0]}-{numbers[-1]}"
        if len(numbers) == numbers[-1] - numbers[0] + 1
        else (f"{len(numbers)} deals from {numbers[0]} to {numbers[-1]}")
    )
    budget = max(budgets) if budgets else None
    command = f"solitaire survey {game} --deals {numbers[0]}-{numbers[-1]}"
    if budget:
        command += f" --budget {budget}"
    return {
        "deals": deals,
        "budget": budget,
        "won": results.count("won"),
        "lost": results.count("lost"),
        "unknown": results.count("unknown"),
        "median_seconds": statistics.median(seconds) if seconds else None,
        "total": len(rows),
        "command": command,
    }


def from_summary(game: str) -> dict[str, Any] | None:
    """The game's entry in the summary file, or None."""
    data = _read_json(settings.SURVEY_FILE or None, "data/survey.json")
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        return None
    entry = data["games"].get(game)
    if not isinstance(entry, dict) or not all(key in entry for key in ("won", "lost")):
        return None
    figures = {key: entry.get(key) for key in FIELDS}
    decided = [entry.get("won"), entry.get("lost"), entry.get("unknown") or 0]
    if all(isinstance(value, int) for value in decided):
        figures["total"] = sum(decided)
    figures["command"] = entry.get("command") or data.get("command") or ""
    return figures


def survey(game: str) -> dict[str, Any] | None:
    """The survey figures of ``game`` with the command that reproduces them, or None."""
    return from_rows(game) or from_summary(game)
