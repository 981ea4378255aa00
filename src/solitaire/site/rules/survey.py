"""What our solver proved about a game, for the rules page's table.

The solver's survey writes a summary, one entry per game, to the package data file
``solitaire/data/survey.json`` (or the file named by ``SOLITAIRE_SURVEY_FILE``)::

    {"command": "solitaire survey GAME --deals 1-200 --budget 1000000",
     "games": {"stronghold": {"deals": "1-200", "budget": 1000000,
                              "won": 0, "lost": 0, "unknown": 0,
                              "median_seconds": 0.0, "command": "..."}}}

Only these keys are read; a game's own ``command`` wins over the file's. While there is no
such file, or it has no entry for a game, the page says that no survey is published yet:
the site never shows a figure our own runs did not produce.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from django.conf import settings

FIELDS = ("deals", "budget", "won", "lost", "unknown", "median_seconds")


def _read() -> dict[str, Any]:
    try:
        if settings.SURVEY_FILE:
            text = Path(settings.SURVEY_FILE).read_text(encoding="utf-8")
        else:
            text = resources.files("solitaire").joinpath("data/survey.json").read_text("utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def survey(game: str) -> dict[str, Any] | None:
    """The survey figures of ``game`` with the command that reproduces them, or None."""
    data = _read()
    entry = data.get("games", {}).get(game) if isinstance(data.get("games"), dict) else None
    if not isinstance(entry, dict) or not all(key in entry for key in ("won", "lost")):
        return None
    figures = {key: entry.get(key) for key in FIELDS}
    decided = [entry.get("won"), entry.get("lost"), entry.get("unknown") or 0]
    if all(isinstance(value, int) for value in decided):
        figures["total"] = sum(decided)
    figures["command"] = entry.get("command") or data.get("command") or ""
    return figures
