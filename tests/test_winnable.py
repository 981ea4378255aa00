"""The shipped lists of proved deals, and building a list."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
from helpers import replay_wins

from solitaire.deals.daily import MIN_POOL
from solitaire.deals.makewinnable import extend, import_survey, save
from solitaire.deals.winnable import WinnableList, load, proved_deals
from solitaire.engine.game import Game
from solitaire.engine.games import FEATURED
from solitaire.engine.layout import Layout
from solitaire.solver.survey import load as load_survey

SURVEYS = Path(str(resources.files("solitaire"))) / "data" / "survey"


@pytest.mark.parametrize("game", FEATURED)
def test_every_game_ships_500_proved_deals_or_every_win_of_its_survey(game: str) -> None:
    deals = {proved.deal for proved in proved_deals(game)}
    if len(deals) >= 500:
        return
    # a game too hard for 500 within the time (the Forty Thieves family) lists every deal its
    # published survey won, and enough of them for a Daily deal
    won = {n for n, row in load_survey(SURVEYS / f"{game}.json").items() if row["result"] == "won"}
    assert won and won <= deals and len(deals) >= MIN_POOL


@pytest.mark.parametrize("game", FEATURED)
def test_every_game_ships_a_list_in_deal_order(game: str) -> None:
    deals = proved_deals(game)
    assert deals
    numbers = [proved.deal for proved in deals]
    assert numbers == sorted(set(numbers))
    assert load(game).searched >= numbers[-1]


@pytest.mark.parametrize("game", FEATURED)
def test_a_screened_list_holds_only_deals_its_screen_chooses(game: str) -> None:
    winnable = load(game)
    assert all(winnable.chooses(proved.deal) for proved in winnable.deals)


@pytest.mark.long
@pytest.mark.parametrize("game", FEATURED)
def test_every_stored_solution_replays_to_a_win(game: str) -> None:
    """Each line of the list that is not the published survey's line for the same deal, move
    for move: those (seven in ten of the lists' moves, the lists being imported from the
    surveys) are replayed by ``test_published_survey``, which replays every published win."""
    published = load_survey(SURVEYS / f"{game}.json")
    for proved in proved_deals(game):
        row = published.get(proved.deal)
        if row is not None and row["solution"].split() == list(proved.solution):
            continue
        assert replay_wins(game, proved.deal, proved.solution), f"{game} deal {proved.deal}"


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


def test_a_screened_list_solves_only_the_deals_its_screen_chooses(tmp_path: Path) -> None:
    # start the list just before deal 1955, the first Fours Up deal that the screen of 600
    # chooses and the solver wins
    start = WinnableList("fours-up", 40_000, 1954, [], screen=600)
    save(start, tmp_path)
    grown = extend("fours-up", 1, budget=40_000, directory=tmp_path, screen=600)
    assert [proved.deal for proved in grown.deals] == [1955]
    assert load("fours-up", tmp_path).screen == 600
    played = Game.replay(Layout.dealt("fours-up", 1955), grown.deals[0].solution)
    assert played.status == "won"


def test_a_list_keeps_the_screen_it_was_searched_with(tmp_path: Path) -> None:
    save(WinnableList("fours-up", 40_000, 10, [], screen=600), tmp_path)
    with pytest.raises(ValueError, match="screen of 600"):
        extend("fours-up", 1, budget=40_000, directory=tmp_path)


def test_a_game_without_stoppers_cannot_be_screened(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no stoppers"):
        extend("stronghold", 1, budget=20_000, directory=tmp_path, screen=600)


def test_a_survey_import_skips_the_deals_the_screen_leaves_out(tmp_path: Path) -> None:
    save(WinnableList("fours-up", 40_000, 1954, [], screen=600), tmp_path)
    line = " ".join(proved_deals("fours-up")[0].solution)
    rows = {1955: {**_row(1955, "won", 40_000, line), "game": "fours-up"}}
    imported = import_survey("fours-up", rows, tmp_path)
    assert [proved.deal for proved in imported.deals] == [1955]
    assert imported.searched >= 1955


def test_a_survey_import_ignores_rows_of_deals_the_screen_leaves_out(tmp_path: Path) -> None:
    start = WinnableList("fours-up", 40_000, 1950, [], screen=600)
    save(start, tmp_path)
    left_out = next(n for n in range(1951, 1955) if not start.chooses(n))
    line = " ".join(proved_deals("fours-up")[0].solution)
    rows = {
        # a won row that the screen should keep out of the list (its line is not even read)
        left_out: {**_row(left_out, "won", 40_000, "t0>f0"), "game": "fours-up"},
        1955: {**_row(1955, "won", 40_000, line), "game": "fours-up"},
    }
    imported = import_survey("fours-up", rows, tmp_path)
    assert [proved.deal for proved in imported.deals] == [1955]
