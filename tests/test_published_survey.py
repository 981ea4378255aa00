"""The survey rows the rules pages publish: every deal 1-200 of every game, and every line
that a row calls won wins when the engine replays it."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from solitaire.game import Game
from solitaire.games import FEATURED
from solitaire.layout import Layout
from solitaire.solver.survey import load

SURVEYS = Path(str(resources.files("solitaire"))) / "data" / "survey"


@pytest.mark.parametrize("game", FEATURED)
def test_the_published_survey_covers_deals_1_to_200(game: str) -> None:
    rows = load(SURVEYS / f"{game}.json")
    assert sorted(rows) == list(range(1, 201))
    assert {row["game"] for row in rows.values()} == {game}
    assert all(row["result"] in ("won", "lost", "unknown") for row in rows.values())


@pytest.mark.parametrize("game", FEATURED)
def test_every_published_win_replays_to_a_win(game: str) -> None:
    for number, row in load(SURVEYS / f"{game}.json").items():
        if row["result"] == "won":
            game_played = Game.replay(Layout.dealt(game, number), row["solution"].split())
            assert game_played.status == "won", f"{game} deal {number}"
        else:
            assert row["solution"] == ""
