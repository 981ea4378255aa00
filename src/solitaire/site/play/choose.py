"""The home page's choice of games: the families, each game with its figures, a search and
the player's favourites.

A game's figures come from its published survey (:mod:`solitaire.site.rules.survey`): the
share of the surveyed deals proved won, and the median length of the lines that won them.
The search matches a game's name, its line and its family's name, without regard to case;
the page filters as one types, and the same search works as a plain form without script.
"""

from __future__ import annotations

from dataclasses import dataclass

from solitaire.engine.games import FAMILIES, get_rules
from solitaire.site.rules.survey import survey
from solitaire.site.served import served_games


@dataclass(frozen=True)
class Choice:
    """One game on the home page."""

    id: str
    name: str
    summary: str
    family: str
    won_share: float | None
    """Percent of the surveyed deals proved won (None: no survey published)."""
    surveyed: str
    """The deals surveyed, as "1-1000"."""
    median_moves: int | None
    """The median number of moves of the won lines (None: none published)."""
    favourite: bool

    @property
    def search_text(self) -> str:
        """What the search looks in, in lower case."""
        return f"{self.name} {self.summary} {self.family}".lower()


@dataclass(frozen=True)
class Group:
    """A titled list of games: a family, or the player's favourites."""

    name: str
    summary: str
    games: tuple[Choice, ...]
    favourites: bool = False
    """The player's favourites, which repeat games their families list too."""


def choice(game: str, family: str, favourite: bool) -> Choice:
    """The home page's entry for ``game``."""
    rules = get_rules(game)
    found = survey(game)
    share = None if not found else round(100 * found["won"] / found["total"], 1)
    return Choice(
        id=game,
        name=rules.name,
        summary=rules.summary,
        family=family,
        won_share=share,
        surveyed=found["deals"] if found else "",
        median_moves=found.get("median_moves") if found else None,
        favourite=favourite,
    )


def groups(favourites: list[str], query: str = "") -> list[Group]:
    """The player's favourites first (when they have any), then every family, each with the
    served games that match ``query``; a group left empty by the search is left out."""
    served = served_games()
    words = query.lower().split()
    found: list[Group] = []
    every: dict[str, Choice] = {}
    for family in FAMILIES:
        games = tuple(
            choice(game, family.name, game in favourites) for game in family.games if game in served
        )
        every.update((game.id, game) for game in games)
        kept = tuple(game for game in games if all(w in game.search_text for w in words))
        if kept:
            found.append(Group(family.name, family.summary, kept))
    liked = tuple(
        every[game]
        for game in favourites
        if game in every and all(w in every[game].search_text for w in words)
    )
    if liked:
        found.insert(0, Group("Your favourites", "The games you starred, first.", liked, True))
    return found
