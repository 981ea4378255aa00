"""The survey rows the rules pages publish: every deal from 1 to at least 100 of every game
(to 1,000 for most), and every line that a row calls won wins when the engine replays it."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest
from helpers import replay_wins

from solitaire.engine.games import FEATURED
from solitaire.solver.survey import Summary, load, wilson

SURVEYS = Path(str(resources.files("solitaire"))) / "data" / "survey"


LAST_DEAL = {
    "streets": 1000,
    "fours-up": 1000,
    "forty-thieves": 100,
    "lucas": 1000,
    "maria": 100,
    "limited": 1000,
    "busy-aces": 1000,
    "deuces": 1000,
    "beleaguered-castle": 1000,
    "siegecraft": 1000,
}
"""The last deal of each game's published survey where it is not 200."""


@pytest.mark.parametrize("game", FEATURED)
def test_the_published_survey_covers_every_deal_from_1(game: str) -> None:
    rows = load(SURVEYS / f"{game}.json")
    assert sorted(rows) == list(range(1, LAST_DEAL.get(game, 200) + 1))
    assert {row["game"] for row in rows.values()} == {game}
    assert all(row["result"] in ("won", "lost", "unknown") for row in rows.values())


@pytest.mark.long
@pytest.mark.parametrize("game", FEATURED)
def test_every_published_win_replays_to_a_win(game: str) -> None:
    for number, row in load(SURVEYS / f"{game}.json").items():
        if row["result"] == "won":
            assert replay_wins(game, number, row["solution"].split()), f"{game} deal {number}"
        else:
            assert row["solution"] == ""


UNSEEN = {"streets-and-alleys": (401, 600)}
"""The published surveys of deals the solver's settings were not chosen on, and their deals."""


@pytest.mark.parametrize("game", UNSEEN)
def test_the_unseen_survey_covers_its_deals_with_rule_10_in_the_search(game: str) -> None:
    assert sorted(p.stem for p in (SURVEYS / "unseen").glob("*.json")) == sorted(UNSEEN)
    rows = load(SURVEYS / "unseen" / f"{game}.json")
    first, last = UNSEEN[game]
    assert sorted(rows) == list(range(first, last + 1))
    assert {(row["game"], row["stranded"]) for row in rows.values()} == {(game, 5000)}


@pytest.mark.long
@pytest.mark.parametrize("game", UNSEEN)
def test_every_unseen_win_replays_to_a_win(game: str) -> None:
    for number, row in load(SURVEYS / "unseen" / f"{game}.json").items():
        if row["result"] == "won":
            assert replay_wins(game, number, row["solution"].split()), f"{game} deal {number}"
        else:
            assert row["solution"] == ""


def test_the_wilson_interval_covers_the_true_share_about_95_times_in_100() -> None:
    rng = random.Random(19)
    for share, trials in ((0.02, 1000), (0.3, 200), (0.86, 200)):
        covered = 0
        for _ in range(2000):
            low, high = wilson(sum(rng.random() < share for _ in range(trials)), trials)
            assert 0.0 <= low <= high <= 1.0
            covered += low <= share <= high
        assert 0.93 <= covered / 2000 <= 0.965, (share, trials, covered)


def test_winnable_runs_from_the_proved_wins_to_every_deal_not_proved_lost() -> None:
    rows = [{"result": r, "seconds": 1.0, "positions": 1} for r in ("won",) * 6 + ("lost",) * 3]
    rows += [{"result": "unknown", "seconds": 1.0, "positions": 1}]
    low, high = Summary.of(rows).winnable()
    assert (low, high) == (wilson(6, 10)[0], wilson(7, 10)[1])
    assert low < 0.6 < 0.7 < high
    decided = Summary.of(rows[:9]).winnable()
    assert decided == (wilson(6, 9)[0], wilson(6, 9)[1])
