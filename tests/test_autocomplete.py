"""Auto complete: when nothing is left to decide, and the foundation moves it makes."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import cards, table
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire import GAMES, Game, Layout, get_rules
from solitaire.engine.cards import code_of, full_deck
from solitaire.engine.moves import apply
from solitaire.engine.state import State
from solitaire.engine.status import autocomplete_moves, autocomplete_ready, in_order, is_won

KINGS_OUT = ["QC", "QD", "QH", "QS", "QC", "QD", "QH", "QS"]
"""Two-deck foundations holding everything but the Kings."""


def game_at(game: str, state: State) -> Game:
    return Game(Layout(game, None, state))


@pytest.mark.parametrize(
    ("game", "pile", "ok"),
    [
        ("stronghold", "KC QD JS", True),
        ("stronghold", "KC KD", True),
        ("stronghold", "QC KD", False),
        ("stronghold", "KC QD 8S 9S", False),
        ("stronghold", "", True),
        ("streets", "KC 2S AH", True),
        ("streets", "2S 3S", False),
        ("fours-up", "3C 2D KS 4H", True),
        ("fours-up", "KC 3C", False),
        ("fours-up", "AC KC", True),
        ("fours-up", "KC AC", False),
    ],
)
def test_a_pile_is_in_order_when_no_card_must_go_home_before_one_above_it(
    game: str, pile: str, ok: bool
) -> None:
    assert in_order(get_rules(game), cards(pile)) is ok


def test_stronghold_is_ready_when_every_pile_is_in_order() -> None:
    state = table("stronghold", t=["KC QC JC", "KD QD", "KH"], f=["TC", "JD", "QH", "KS"])
    assert autocomplete_ready(get_rules("stronghold"), state)
    moves = autocomplete_moves(get_rules("stronghold"), state)
    assert [str(m) for m in moves] == ["t0>f0", "t0>f0", "t0>f0", "t1>f1", "t1>f1", "t2>f2"]


def test_auto_complete_plays_the_game_out_as_ordinary_foundation_moves() -> None:
    state = table("stronghold", t=["KC QC JC", "KD QD"], f=["TC", "JD", "QH", "KS"], c=["KH"])
    game = game_at("stronghold", state)
    moves = game.autocomplete()
    assert [str(m) for m in moves] == ["t0>f0", "t0>f0", "t0>f0", "t1>f1", "t1>f1", "c0>f2"]
    assert game.moves == moves
    assert game.status == "won"
    for _ in moves:
        game.pop()
    assert game.state == state


def test_it_is_not_ready_while_a_pile_is_out_of_order() -> None:
    state = table("stronghold", t=["QC KC JC", "KD QD", "KH"], f=["TC", "JD", "QH", "KS"])
    assert not autocomplete_ready(get_rules("stronghold"), state)
    game = game_at("stronghold", state)
    assert game.autocomplete() == []
    assert game.state == state


@pytest.mark.parametrize("game", ["streets", "fours-up"])
def test_a_waste_game_waits_for_the_stock_and_the_waste_to_empty(game: str) -> None:
    found = KINGS_OUT if game == "streets" else ["3C", "3D", "3H", "3S", "3C", "3D", "3H", "2S"]
    last = "3S" if game == "fours-up" else "KS"
    rules = get_rules(game)
    kings = "KC KD KH KS KC KD KH" if game == "streets" else ""
    assert autocomplete_ready(rules, table(game, t=[kings, last], f=found))
    assert not autocomplete_ready(rules, table(game, t=[kings], f=found, stock=last))
    assert not autocomplete_ready(rules, table(game, t=[kings], f=found, waste=last))


def test_blockade_waits_for_the_stock_to_empty() -> None:
    rules = get_rules("blockade")
    kings = ["KC", "KD", "KH", "KS", "KC", "KD", "KH"]
    assert autocomplete_ready(rules, table("blockade", t=[*kings, "KS"], f=KINGS_OUT))
    assert not autocomplete_ready(rules, table("blockade", t=kings, f=KINGS_OUT, stock="KS"))


def test_a_won_game_is_not_ready() -> None:
    state = table("stronghold", f=["KC", "KD", "KH", "KS"])
    assert is_won(get_rules("stronghold"), state)
    assert not autocomplete_ready(get_rules("stronghold"), state)


def test_fours_up_auto_complete_wraps_each_foundation_to_the_three() -> None:
    tops = ["KC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]
    state = table(
        "fours-up",
        t=[
            "3C 2C AC",
            "3C 2C AC",
            "3D 3D 2D 2D AD AD",
            "3H 3H 2H 2H AH AH",
            "3S 2S AS",
            "3S 2S AS",
        ],
        f=tops,
    )
    game = game_at("fours-up", state)
    moves = game.autocomplete()
    assert len(moves) == 24
    assert game.status == "won"
    assert [str(m) for m in moves[:3]] == ["t0>f0", "t0>f0", "t0>f0"]
    assert str(moves[3]) == "t1>f4"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(GAMES)), st.randoms(use_true_random=False))
def test_any_table_of_piles_in_order_plays_out_to_the_win(game: str, rng: random.Random) -> None:
    rules = get_rules(game)
    found = rules.foundations
    base = 1 if found.suits is not None else 0
    foundations = []
    for index in range(found.count):
        suit = found.suits[index] if found.suits is not None else index % 4
        height = rng.randint(base, 13)
        foundations.append(tuple(code_of(rank, suit) for rank in found.sequence[:height]))
    rest = Counter(full_deck(rules.decks)) - Counter(c for pile in foundations for c in pile)
    loose = list(rest.elements())
    rng.shuffle(loose)
    cells = [loose.pop() if loose and rng.random() < 0.5 else None for _ in range(rules.cells)]
    piles: list[list[int]] = [[] for _ in range(rules.tableau.piles)]
    for card in loose:
        rng.choice(piles).append(card)
    position = rules.home_position
    tableau = tuple(tuple(sorted(pile, key=lambda c: -position[c])) for pile in piles)
    state = State(tableau, tuple(foundations), tuple(cells))
    Layout.from_json(Layout(game, None, state).to_json())  # a table the game can have
    assert all(in_order(rules, pile) for pile in tableau)
    if is_won(rules, state):
        return
    assert autocomplete_ready(rules, state)
    for move in autocomplete_moves(rules, state):
        _, state = apply(rules, state, move)
    assert is_won(rules, state)
