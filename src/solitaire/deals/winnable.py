"""Winnable deals: deal numbers our solver has proved, each kept with its winning line.

The lists are package data, ``data/winnable/GAME.json``::

    {"game": "stronghold", "budget": 50000, "searched": 812,
     "deals": [{"deal": 1, "solution": ["t0>c0", ...]}, ...]}

``searched`` is the last deal number tried: every deal from 1 to it was given to the
solver with ``budget`` positions, and ``deals`` holds those it proved won. A list may also
hold ``"screen": N``: then only the deals whose burial (:func:`solitaire.deals.screen.burial`) is
below N were given to the solver. Fours Up's list is built that way, because the solver wins
few of its deals taken in order.

This module is what the library and the site read; :mod:`solitaire.deals.makewinnable` builds and
extends the lists.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from solitaire.deals.screen import passes
from solitaire.engine.games import get_rules

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


@cache
def proved_deals(game: str) -> tuple[ProvedDeal, ...]:
    """The proved deals shipped with the package for ``game``, by deal number."""
    return tuple(load(game).deals)


@cache
def proved_numbers(game: str) -> frozenset[int]:
    """The deal numbers of the proved deals shipped for ``game``, to ask about one at once."""
    return frozenset(proved.deal for proved in proved_deals(game))


def solution_for(game: str, number: int) -> tuple[str, ...] | None:
    """The stored winning line of deal ``number``, or None if it is not in the list."""
    return _solutions(game).get(number)


@cache
def _solutions(game: str) -> dict[int, tuple[str, ...]]:
    return {proved.deal: proved.solution for proved in proved_deals(game)}


def followed(game: str, number: int | None, moves: Sequence[str]) -> int:
    """How many of ``moves`` (output notation, from deal ``number``) are the first moves of
    the deal's stored winning line: the positions up to there lie on the line, and win. -1
    when the deal has no stored line.

    >>> line = solution_for("blockade", proved_deals("blockade")[0].deal) or ()
    >>> followed("blockade", proved_deals("blockade")[0].deal, [*line[:3], "t0>t1"])
    3
    """
    stored = None if number is None else solution_for(game, number)
    if stored is None:
        return -1
    shared = 0
    for played, move in zip(moves, stored, strict=False):
        if played != move:
            break
        shared += 1
    return shared
