"""``solitaire solve`` and ``solitaire survey`` on the command line."""

from __future__ import annotations

import csv
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout

SURVEY = Path(str(resources.files("solitaire"))) / "data" / "survey" / "streets.json"

KEYS = ["game", "deal", "result", "positions", "seconds", "solution"]


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


def test_it_prints_the_json_object_of_the_spec() -> None:
    code, out = run("solve", "stronghold", "4", "--json")
    assert code == 0
    report = json.loads(out)
    assert list(report) == KEYS
    assert (report["game"], report["deal"], report["result"]) == ("stronghold", 4, "won")
    assert isinstance(report["positions"], int)
    assert isinstance(report["seconds"], float)
    game = Game.replay(Layout.dealt("stronghold", 4), report["solution"])
    assert game.state.home_count() == 52


def test_it_answers_unknown_with_a_null_solution_when_the_budget_is_spent() -> None:
    code, out = run("solve", "streets", "1", "--budget", "10", "--json")
    assert code == 0
    report = json.loads(out)
    assert (report["result"], report["solution"]) == ("unknown", None)
    assert 0 < report["positions"] <= 10


def test_it_reads_a_layout_from_standard_input() -> None:
    layout = Layout.dealt("blockade", 2).to_dict()
    layout["deal"] = None
    code, out = run("solve", "blockade", "--layout", "-", "--json", stdin=json.dumps(layout))
    assert code == 0
    report = json.loads(out)
    assert report["deal"] is None
    assert report["result"] == "won"


def test_it_reads_a_layout_file(tmp_path: Path) -> None:
    path = tmp_path / "layout.json"
    path.write_text(Layout.dealt("streets-and-alleys", 3).to_json())
    code, out = run("solve", "streets-and-alleys", "--layout", str(path))
    assert code == 0
    assert out.startswith("streets-and-alleys, deal 3: lost")


def test_it_prints_a_readable_line_of_moves() -> None:
    code, out = run("solve", "stronghold", "4")
    assert code == 0
    assert "won" in out.splitlines()[0]
    assert "moves:" in out


def test_it_turns_bad_input_into_usage_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    cases = [
        ("solve", "stronghold"),
        ("solve", "stronghold", "3", "--layout", "-"),
        ("solve", "nosuchgame", "3"),
        ("solve", "stronghold", "0"),
        ("solve", "stronghold", "3", "--budget", "0"),
        ("solve", "stronghold", "--layout", str(bad)),
        ("solve", "stronghold", "--layout", str(tmp_path / "missing.json")),
        ("survey", "stronghold", "--deals", "5-2"),
        ("survey", "stronghold", "--deals", "1-2", "--out", str(tmp_path / "rows.txt")),
        ("survey", "stronghold", "--deals", "1-2", "--out", str(bad)),
        ("survey", "stronghold", "--deals", "1-2", "--out", str(tmp_path / "no" / "rows.csv")),
        ("survey", "stronghold", "--deals", "1-2", "--jobs", "0"),
    ]
    for args in cases:
        code, out = run(*args)
        assert code == 2, args
        assert "Error" in out


def test_it_refuses_a_layout_of_another_game() -> None:
    layout = Layout.dealt("blockade", 2).to_json()
    code, out = run("solve", "stronghold", "--layout", "-", stdin=layout)
    assert code == 2
    assert "blockade" in out


def test_a_survey_writes_one_row_per_deal_and_reuses_them(tmp_path: Path) -> None:
    out_file = tmp_path / "rows.csv"
    args = ("survey", "stronghold", "--deals", "1-3", "--budget", "3000", "--jobs", "1")
    code, out = run(*args, "--out", str(out_file))
    assert code == 0
    assert "won" in out and "positions/second" in out and "p95" in out
    assert re.search(r"winnable: \d+\.\d% to \d+\.\d% of deals \(95% confidence\)", out), out
    rows = list(csv.DictReader(out_file.open()))
    assert [row["deal"] for row in rows] == ["1", "2", "3"]
    first = out_file.read_text()
    code, out = run(*args, "--out", str(out_file))
    assert code == 0
    assert out_file.read_text() == first


def test_a_survey_writes_json_on_two_processes(tmp_path: Path) -> None:
    out_file = tmp_path / "rows.json"
    args = ("survey", "blockade", "--deals", "1-4", "--budget", "2000", "--jobs", "2")
    code, _out = run(*args, "--out", str(out_file))
    assert code == 0
    rows = json.loads(out_file.read_text())
    assert [row["deal"] for row in rows] == [1, 2, 3, 4]
    for row in rows:
        if row["result"] == "won":
            Game.replay(Layout.dealt("blockade", row["deal"]), row["solution"].split())


def test_a_survey_with_a_hard_wins_phase_records_it_and_its_winner(tmp_path: Path) -> None:
    out_file = tmp_path / "rows.json"
    base = ("survey", "streets", "--deals", "5-5", "--budget", "2000", "--jobs", "1")
    code, _out = run(*base, "--out", str(out_file))
    assert code == 0
    (row,) = json.loads(out_file.read_text())
    assert row["result"] == "unknown" and "hard" not in row
    code, out = run(*base, "--hard", "30000", "--out", str(out_file))
    assert code == 0 and "hard-wins phase 30,000" in out
    (row,) = json.loads(out_file.read_text())
    assert (row["result"], row["hard"]) == ("won", 30000)
    assert row["method"] == "beam width=50 weights=(waste=6,waste_blocked=6,depth=3)"
    assert Game.replay(Layout.dealt("streets", 5), row["solution"].split()).status == "won"


def test_a_survey_with_a_hard_wins_phase_writes_a_first_phase_row_as_published(
    tmp_path: Path,
) -> None:
    out_file = tmp_path / "rows.json"
    args = ("survey", "streets", "--deals", "1-1", "--budget", "1000000", "--hard", "3000000")
    code, _out = run(*args, "--jobs", "1", "--out", str(out_file))
    assert code == 0
    (row,) = json.loads(out_file.read_text())
    (published,) = [r for r in json.loads(SURVEY.read_text()) if r["deal"] == 1]
    assert {**row, "seconds": 0} == {**published, "seconds": 0}
    assert "hard" not in row


def test_a_survey_does_not_reuse_rows_of_another_game(tmp_path: Path) -> None:
    out_file = tmp_path / "rows.csv"
    args = ("--deals", "1-2", "--budget", "2000", "--jobs", "1", "--out", str(out_file))
    assert run("survey", "blockade", *args)[0] == 0
    assert run("survey", "stronghold", *args)[0] == 0
    rows = list(csv.DictReader(out_file.open()))
    assert [(row["game"], row["deal"]) for row in rows] == [
        ("stronghold", "1"),
        ("stronghold", "2"),
    ]


def test_a_survey_passes_its_limit_of_rule_10_to_solve_and_records_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--stranded N`` reaches ``solve`` for each deal and each row records it; an unknown
    row solved without it is solved again when a survey asks for it, and one solved with it
    is reused by a survey that does not."""
    from solitaire.solver import survey as module

    asked: list[int] = []
    plain = module.solve

    def solve(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["stranded"])
        return plain(*args, **kwargs)

    monkeypatch.setattr(module, "solve", solve)
    out_file = tmp_path / "rows.json"
    base = ("survey", "streets-and-alleys", "--deals", "5-5", "--budget", "2000", "--jobs", "1")
    assert run(*base, "--out", str(out_file))[0] == 0
    (row,) = json.loads(out_file.read_text())
    assert asked == [0] and row["result"] == "unknown" and "stranded" not in row
    code, out = run(*base, "--stranded", "300", "--out", str(out_file))
    assert code == 0 and "rule 10 in the depth-first search 300" in out
    (row,) = json.loads(out_file.read_text())
    assert asked == [0, 300] and row["stranded"] == 300
    assert run(*base, "--out", str(out_file))[0] == 0
    assert asked == [0, 300]
