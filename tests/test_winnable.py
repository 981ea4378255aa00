"""The shipped lists of proved deals, and building a list."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solitaire.game import Game
from solitaire.games import FEATURED
from solitaire.layout import Layout
from solitaire.winnable import extend, import_survey, load, proved_deals, random_winnable

# Our solver has proved no Fours Up deal yet (docs/solver.md).
INCOMPLETE = {"fours-up"}


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(game, marks=pytest.mark.xfail(strict=True, reason="fewer than 500 proved"))
        if game in INCOMPLETE
        else game
        for game in FEATURED
    ],
)
def test_every_game_ships_at_least_500_proved_deals(game: str) -> None:
    assert len(proved_deals(game)) >= 500


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(game, marks=pytest.mark.xfail(strict=True, reason="no Fours Up deal proved"))
        if game == "fours-up"
        else game
        for game in FEATURED
    ],
)
def test_every_game_ships_a_list_in_deal_order(game: str) -> None:
    deals = proved_deals(game)
    assert deals
    numbers = [proved.deal for proved in deals]
    assert numbers == sorted(set(numbers))
    assert load(game).searched >= numbers[-1]


@pytest.mark.parametrize("game", FEATURED)
def test_every_stored_solution_replays_to_a_win(game: str) -> None:
    for proved in proved_deals(game):
        played = Game.replay(Layout.dealt(game, proved.deal), proved.solution)
        assert played.status == "won", f"{game} deal {proved.deal}"


def test_a_winnable_deal_is_never_the_one_just_played() -> None:
    rng = random.Random(5)
    first = proved_deals("stronghold")[0].deal
    drawn = {random_winnable("stronghold", avoid=first, rng=rng) for _ in range(300)}
    assert first not in drawn
    assert len(drawn) > 100


def test_a_winnable_deal_is_a_proved_one() -> None:
    proved = {p.deal for p in proved_deals("streets")}
    assert random_winnable("streets") in proved


def test_building_a_list_resumes_where_it_stopped(tmp_path: Path) -> None:
    first = extend("stronghold", 2, budget=20_000, directory=tmp_path)
    assert len(first.deals) == 2
    searched = first.searched
    again = extend("stronghold", 3, budget=20_000, directory=tmp_path)
    assert again.deals[:2] == first.deals
    assert len(again.deals) == 3
    assert again.searched > searched
    assert load("stronghold", tmp_path).deals == again.deals


def test_a_list_keeps_the_budget_it_was_searched_with(tmp_path: Path) -> None:
    extend("stronghold", 1, budget=20_000, directory=tmp_path)
    with pytest.raises(ValueError, match="budget of 20000"):
        extend("stronghold", 2, budget=30_000, directory=tmp_path)


def _row(number: int, result: str, budget: int, solution: str = "") -> dict[str, object]:
    return {
        "game": "blockade",
        "deal": number,
        "result": result,
        "budget": budget,
        "positions": 0,
        "seconds": 0.0,
        "solution": solution,
    }


def test_a_survey_extends_a_list_as_far_as_its_rows_run_without_a_gap(tmp_path: Path) -> None:
    line = " ".join(proved_deals("blockade")[0].solution)
    number = proved_deals("blockade")[0].deal
    rows = {n: _row(n, "unknown", 50_000) for n in range(1, number)}
    rows[number] = _row(number, "won", 50_000, line)
    rows[number + 2] = _row(number + 2, "lost", 50_000)
    imported = import_survey("blockade", rows, tmp_path)
    assert imported.budget == 50_000
    assert imported.searched == number
    assert [proved.deal for proved in imported.deals] == [number]


def test_a_survey_row_under_a_smaller_budget_stops_the_import(tmp_path: Path) -> None:
    import_survey("blockade", {1: _row(1, "unknown", 50_000)}, tmp_path)
    imported = import_survey(
        "blockade", {2: _row(2, "lost", 10), 3: _row(3, "unknown", 10)}, tmp_path
    )
    assert imported.searched == 2


def test_a_survey_line_that_does_not_win_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="does not win"):
        import_survey("blockade", {1: _row(1, "won", 50_000, "s")}, tmp_path)
    assert load("blockade", tmp_path).deals == []
