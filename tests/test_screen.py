"""The screen that chooses which Fours Up deals the winnable list gives the solver."""

from __future__ import annotations

import pytest

from solitaire.deals.screen import burial, passes
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules


def _buried_pairs(number: int) -> int:
    """Burial counted another way: pairs of stock cards, a stopper dealt after a non-stopper."""
    rules = get_rules("fours-up")
    order = list(reversed(deal(rules, number).stock))
    stopper = [card in rules.stoppers for card in order]
    return sum(
        1
        for later in range(len(order))
        for earlier in range(later)
        if stopper[later] and not stopper[earlier]
    )


@pytest.mark.parametrize("number", [3, 1955, 130649])
def test_burial_counts_the_cards_each_stopper_would_cover(number: int) -> None:
    assert burial(get_rules("fours-up"), number) == _buried_pairs(number)


def test_a_stopper_dealt_to_a_pile_fails_the_screen() -> None:
    rules = get_rules("fours-up")
    assert any(card in rules.stoppers for pile in deal(rules, 1).tableau for card in pile)
    assert burial(rules, 1) is None
    assert not passes(rules, 1, 10_000)


def test_a_game_without_stoppers_has_no_burial() -> None:
    assert burial(get_rules("streets"), 1) is None
    assert passes(get_rules("streets"), 1, None)


def test_the_screen_is_a_strict_bound() -> None:
    rules = get_rules("fours-up")
    measure = burial(rules, 1955)
    assert measure is not None
    assert passes(rules, 1955, measure + 1)
    assert not passes(rules, 1955, measure)
