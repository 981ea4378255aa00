"""Hint: a proved line's next move, a proved loss with the way back, or an honest guess."""

from __future__ import annotations

import pytest

import solitaire.advice.hint
from solitaire.advice.hint import (
    HARD_FACTOR,
    hard_budget,
    heuristic_move,
    hint,
    hint_job,
    stored_rest,
)
from solitaire.advice.memory import LineMemory, line_entries, position_key
from solitaire.deals.winnable import proved_deals
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.state import Move
from solitaire.solver import solve

# Streets and Alleys deal 15 after these moves is lost; one move earlier it still wins.
LOST_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1", "t7>t3"]


@pytest.fixture(autouse=True)
def fresh_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solitaire.advice.hint, "MEMORY", LineMemory())


def test_on_a_proved_deal_the_hint_follows_the_stored_line() -> None:
    proved = proved_deals("blockade")[0]
    answer = hint(Game.deal("blockade", proved.deal))
    assert answer.result == "won"
    assert [str(move) for move in answer.line] == list(proved.solution)
    assert answer.move == answer.line[0]


def test_off_the_stored_line_the_hint_searches_and_its_line_wins() -> None:
    game = Game.deal("stronghold", 1)
    game.push(next(iter(game.legal_moves())))
    answer = hint(game, budget=100_000, seconds=None)
    assert answer.result == "won"
    assert answer.move is not None and game.is_legal(answer.move)
    assert Game.replay(game.layout, answer.line).status == "won"


def test_following_the_line_needs_no_new_search(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.deal("stronghold", 2)
    first = hint(game, budget=100_000, seconds=None)
    game.push(first.move or Move.deal())

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(solitaire.advice.hint, "solve", no_search)
    second = hint(game)
    assert second.result == "won"
    assert second.line == first.line[1:]


def test_a_lost_position_says_how_many_undos_lead_back_to_a_win() -> None:
    game = Game.replay(Layout.dealt("streets-and-alleys", 15), LOST_AFTER)
    answer = hint(game, budget=50_000, seconds=None)
    assert answer.result == "lost"
    assert answer.move is None
    assert answer.undos == 1
    rules = game.rules
    assert solve(rules, game.positions[-2], 50_000).result == "won"


def test_the_way_back_is_the_nearest_winnable_position() -> None:
    game = Game.replay(Layout.dealt("streets-and-alleys", 15), LOST_AFTER)
    answer = hint(game, budget=50_000, seconds=None)
    assert answer.undos is not None
    for undos in range(answer.undos):
        state = game.positions[-1 - undos]
        assert solve(game.rules, state, 50_000).result == "lost"


def test_a_lost_deal_with_nothing_to_undo_says_so() -> None:
    game = Game.deal("streets-and-alleys", 2)
    answer = hint(game, budget=50_000, seconds=None)
    assert answer.result == "lost"
    assert answer.undos is None


def test_when_the_budget_runs_out_the_hint_is_an_unproved_legal_move() -> None:
    game = Game.deal("streets", 1)
    answer = hint(game, budget=50, seconds=None)
    assert answer.result == "unknown"
    assert answer.line == ()
    assert answer.move is not None and game.is_legal(answer.move)


def test_in_streets_the_hard_wins_phase_proves_what_the_first_phase_leaves_unknown() -> None:
    dealt = Layout.dealt("streets", 5)
    game = Game(Layout("streets", None, dealt.state))  # no deal number: no stored line
    assert hint(game, budget=10_000, seconds=None, hard=0).result == "unknown"
    answer = hint(game, budget=10_000, seconds=None)
    assert answer.result == "won"
    assert answer.positions > 10_000  # the phase's own positions on top of the budget
    assert answer.move == answer.line[0]
    assert Game.replay(game.layout, answer.line).status == "won"


def test_the_hard_wins_phase_is_given_only_in_games_with_a_waste() -> None:
    assert hard_budget(get_rules("streets"), 200_000) == HARD_FACTOR * 200_000
    assert hard_budget(get_rules("fours-up"), 1_000) == HARD_FACTOR * 1_000
    assert hard_budget(get_rules("streets-and-alleys"), 200_000) == 0


def test_the_heuristic_prefers_a_card_home_and_never_the_last_move_backwards() -> None:
    game = Game.deal("streets-and-alleys", 15)
    choice = heuristic_move(game.rules, game.state)
    assert choice is not None and choice.dst.kind == "f"
    game.push("t2>f0")
    last = game.push("t0>t2")
    choice = heuristic_move(game.rules, game.state, last)
    assert choice is not None and (choice.src, choice.dst) != (last.dst, last.src)


def test_a_won_game_gets_no_move() -> None:
    proved = proved_deals("blockade")[0]
    game = Game.replay(Layout.dealt("blockade", proved.deal), proved.solution)
    answer = hint(game)
    assert (answer.result, answer.move) == ("won", None)


def test_the_hint_reads_as_json() -> None:
    proved = proved_deals("blockade")[0]
    data = hint(Game.deal("blockade", proved.deal)).to_dict()
    assert set(data) == {"result", "move", "line", "undos", "proved"}
    assert (data["result"], data["proved"]) == ("won", True)
    assert data["move"] == proved.solution[0]


def test_a_game_that_follows_the_stored_line_gets_its_rest_with_no_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    proved = proved_deals("stronghold")[0]
    game = Game.replay(Layout.dealt("stronghold", proved.deal), proved.solution[:3])
    monkeypatch.setattr(solitaire.advice.hint, "solve", pytest.fail)
    rest = stored_rest(game)
    assert rest is not None and [str(move) for move in rest] == list(proved.solution[3:])
    assert hint(game).line == rest


def test_off_the_stored_line_there_is_no_stored_rest() -> None:
    proved = proved_deals("stronghold")[0]
    game = Game.deal("stronghold", proved.deal)
    moves = [move for move in game.legal_moves() if str(move) != proved.solution[0]]
    game.push(moves[0])
    assert stored_rest(game) is None


def test_a_line_is_kept_once_and_each_of_its_positions_names_it() -> None:
    game = Game.deal("stronghold", 2)
    answer = hint(game, budget=100_000, seconds=None)
    entries = line_entries(game.rules, game.state, answer.line)
    assert len(entries) == len(answer.line) + 1  # the moves once, then each position
    replayed = Game.replay(game.layout, answer.line[:-1])
    for offset, state in enumerate(replayed.positions):
        name, at = entries[f"line:{position_key(game.rules, state)}"]
        assert (entries[name][at:], at) == ([str(m) for m in answer.line[offset:]], offset)


def test_a_workers_lines_are_kept_as_they_come_and_recalled_along_the_line() -> None:
    game = Game.deal("stronghold", 2)
    game.push(next(iter(game.legal_moves())))
    task = {
        "game": "stronghold",
        "deal": 2,
        "moves": game.notation,
        "layout": game.layout.to_dict(),
        "budget": 100_000,
        "seconds": 60,
    }
    done = hint_job(task)
    assert done["hint"]["result"] == "won" and done["found"]
    kept = LineMemory()
    kept.keep(done["found"])
    line = kept.recall(game.rules, game.state)
    assert line is not None and [str(move) for move in line] == done["hint"]["line"]
    game.push(line[0])
    assert kept.recall(game.rules, game.state) == line[1:]
