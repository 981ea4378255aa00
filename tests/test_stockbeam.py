"""The beam search by stock card: it wins Fours Up deals, and never claims a loss."""

from __future__ import annotations

import pytest
from test_solver_helpers import table
from test_solver_lines import TAKE_BACK_FOUNDATIONS, solved

from solitaire.engine.cards import parse_card
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.state import State
from solitaire.solver.kernel import Kernel, Weights
from solitaire.solver.search import BEAM_WEIGHTS
from solitaire.solver.stockbeam import StockBeam

# A Fours Up deal that the beam search wins (from the shipped list, data/winnable).
WON_DEAL = 1955


def _beam(game: str, state: State, budget: int) -> tuple[str, int]:
    """The beam search's answer from ``state`` and the positions it expanded."""
    rules = get_rules(game)
    kernel = Kernel(rules, state)
    root, _ = kernel.start(state)
    beam = StockBeam(kernel, kernel.scorer(BEAM_WEIGHTS), root)
    result, _line = beam.run(budget, None)
    return result, beam.expanded


def test_it_wins_a_fours_up_deal_with_a_line_that_replays() -> None:
    rules = get_rules("fours-up")
    found = solved("fours-up", deal(rules, WON_DEAL), budget=40_000)
    assert found.result == "won"
    assert found.positions <= 40_000


@pytest.mark.long
def test_it_keeps_to_its_budget() -> None:
    result, expanded = _beam("fours-up", deal(get_rules("fours-up"), WON_DEAL), 500)
    assert (result, expanded) == ("unknown", 500)


def test_it_never_answers_lost_where_the_full_search_proves_it() -> None:
    piles = ["TC JC", "QC 3C", "KH AC", "AH 2C", "KC 2H", "3H"]
    state = table("fours-up", piles, TAKE_BACK_FOUNDATIONS)
    assert _beam("fours-up", state, 100_000)[0] == "unknown"
    assert solved("fours-up", state).result == "lost"


def test_the_stoppers_are_the_cards_nothing_takes_and_that_take_nothing() -> None:
    ranks = {parse_card(name) >> 2 for name in ("AC", "2D", "3S")}
    assert {card >> 2 for card in get_rules("fours-up").stoppers} == ranks
    assert len(get_rules("fours-up").stoppers) == 12
    assert not get_rules("streets").stoppers


def test_the_waste_weights_count_cards_under_a_stopper_and_the_rest() -> None:
    rules = get_rules("fours-up")
    state = deal(rules, WON_DEAL)
    scorer = Kernel(rules, state).scorer(Weights(buried=100, loose=1))
    waste = bytes(parse_card(name) for name in ("7C", "KD", "AS", "9H", "2C", "QS", "JD"))
    # 7C, KD and 9H lie under a stopper; QS and JD lie above them all
    assert scorer.waste_cost(waste) == 3 * 100 + 2 * 1
