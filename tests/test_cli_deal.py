"""The command line's `games` and `deal` commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from solitaire import Layout
from solitaire.cli import main


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_games_lists_the_thirteen_game_ids_one_a_line_family_by_family() -> None:
    code, output = run("games")
    assert code == 0
    assert output.splitlines() == [
        "streets",
        "forty-thieves",
        "lucas",
        "maria",
        "limited",
        "busy-aces",
        "deuces",
        "fours-up",
        "streets-and-alleys",
        "stronghold",
        "beleaguered-castle",
        "siegecraft",
        "blockade",
    ]


def test_deal_draws_a_picture_of_the_table() -> None:
    code, output = run("deal", "blockade", "7")
    assert code == 0
    lines = output.splitlines()
    assert lines[0] == "Blockade, deal 7"
    assert "Stock        92 cards" in output
    assert lines[-2].split() == [f"t{i}" for i in range(12)]
    tops = [str(Layout.dealt("blockade", 7).to_dict()["tableau"][i][0]) for i in range(12)]
    assert lines[-1].split() == tops


def test_deal_shows_the_free_cell_and_the_waste() -> None:
    assert "Free cells   c0 --" in run("deal", "stronghold", "3")[1]
    assert "Waste -- (0)" in run("deal", "streets", "3")[1]


def test_deal_json_prints_the_layout() -> None:
    code, output = run("deal", "streets", "17", "--json")
    assert code == 0
    assert Layout.from_json(output) == Layout.dealt("streets", 17)


def test_deal_range_json_prints_one_layout_a_line() -> None:
    code, output = run("deal", "fours-up", "5-8", "--json")
    assert code == 0
    lines = output.splitlines()
    assert [json.loads(line)["deal"] for line in lines] == [5, 6, 7, 8]
    assert all(Layout.from_json(line).game == "fours-up" for line in lines)


def test_deal_range_without_json_draws_each_table() -> None:
    code, output = run("deal", "stronghold", "1-2")
    assert code == 0
    assert "Stronghold, deal 1" in output and "Stronghold, deal 2" in output


def test_deal_takes_forty_thieves() -> None:
    code, output = run("deal", "forty-thieves", "1", "--json")
    assert code == 0
    assert json.loads(output)["game"] == "forty-thieves"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("deal", "klondike", "1"), "there is no game 'klondike'"),
        (("deal", "streets", "0"), "deals run from 1 to 2147483647"),
        (("deal", "streets", "2147483648"), "deals run from 1 to 2147483647"),
        (("deal", "streets", "x"), "is not a deal number"),
        (("deal", "streets", "9-3"), "A <= B"),
        (("deal", "streets", "-4"), "No such option"),
        (("deal", "streets"), "Missing argument"),
    ],
)
def test_bad_input_is_a_usage_error_not_a_traceback(args: tuple[str, ...], says: str) -> None:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 2
    assert says in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, ValueError)
