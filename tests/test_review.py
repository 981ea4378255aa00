"""Game review: the verdict of every position and the losing move, solved as little as can be."""

from __future__ import annotations

from solitaire.advice.review import Review, begin, positions, run
from solitaire.deals.winnable import proved_deals
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import InlineWorkers

# Streets and Alleys deal 15: won after the first eight moves, lost after the ninth (test_hint).
LOST_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1", "t7>t3"]


class Counting(InlineWorkers):
    """Inline workers that count the positions they were asked to solve."""

    capacity = 2

    def __init__(self) -> None:
        self.asked = 0

    def submit(self, job, *args):  # type: ignore[no-untyped-def]
        self.asked += 1
        return super().submit(job, *args)


def test_it_finds_the_move_that_lost_a_won_game() -> None:
    start = Layout.dealt("streets-and-alleys", 15)
    workers = Counting()
    review = run(begin(start, LOST_AFTER, won=False), start, positions(start, LOST_AFTER), workers)
    assert review.final() == [Verdict.WON] * 9 + [Verdict.LOST]
    assert review.losing_move == 8
    game = Game.replay(start, LOST_AFTER[:8])
    assert game.is_legal(review.better)
    assert review.to_dict()["status"] == "done"
    assert workers.asked < len(LOST_AFTER)  # never every position


def test_a_won_game_needs_no_solving() -> None:
    proved = proved_deals("blockade")[0]
    start = Layout.dealt("blockade", proved.deal)
    workers = Counting()
    review = run(begin(start, proved.solution, won=True), start, [], workers)
    assert review.final() == [Verdict.WON] * (len(proved.solution) + 1)
    assert (review.losing_move, workers.asked) == (None, 0)


def test_the_stored_line_of_a_proved_deal_counts_as_far_as_it_was_followed() -> None:
    proved = proved_deals("stronghold")[0]
    start = Layout.dealt("stronghold", proved.deal)
    moves = list(proved.solution[:5])
    review = begin(start, moves, won=False)
    assert review.final() == [Verdict.WON] * 6
    assert review.lines[5] == proved.solution[5:]


def test_what_is_known_settles_the_positions_around_it() -> None:
    review = Review([None] * 7)
    review.learn(2, Verdict.WON, ["t0>t1"])
    review.learn(5, Verdict.LOST)
    assert review.verdicts == [Verdict.WON] * 3 + [None, None] + [Verdict.LOST] * 2
    assert review.next_probes(2) == [3, 4]
    review.learn(3, Verdict.UNKNOWN)
    review.probed.add(3)
    assert review.next_probes(2) == [4]
    assert review.losing_move is None
    review.learn(4, Verdict.LOST)
    review.probed.add(4)
    assert review.next_probes(2) == []
    assert review.final()[3] is Verdict.UNKNOWN and review.losing_move is None


def test_the_end_of_the_game_is_solved_first() -> None:
    review = Review([None] * 301)
    first = review.next_probes(3)
    assert first[0] == 300 and len(first) == 3
    assert all(0 < k < 300 for k in first[1:])


def test_a_gap_the_solver_cannot_settle_is_given_up_after_two_idle_rounds() -> None:
    class Undecided(Counting):
        def submit(self, job, *args):  # type: ignore[no-untyped-def]
            self.asked += 1
            from concurrent.futures import Future

            future: Future[dict[str, object]] = Future()
            future.set_result({"result": "unknown", "positions": 1, "line": []})
            return future

    start = Layout.dealt("fours-up", 1)
    moves = ["s"] * 60
    workers = Undecided()
    review = run(begin(start, moves, won=False), start, positions(start, moves), workers)
    assert review.done and workers.asked == 6  # three rounds of two
    assert set(review.final()) == {Verdict.UNKNOWN} and review.losing_move is None
