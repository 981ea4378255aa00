"""Properties that hold along any legal play of any game, checked with hypothesis."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire import GAMES, Game, IllegalMoveError, Layout, get_rules
from solitaire.engine.cards import full_deck
from solitaire.engine.clicks import click_move
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.moves import apply, check, is_legal, legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, Pile, State

GAME_IDS = sorted(GAMES)
PILES = [
    *(Pile("t", i) for i in range(12)),
    *(Pile("f", i) for i in range(8)),
    Pile("c", 0),
    Pile("s"),
    Pile("w"),
]

games = st.sampled_from(GAME_IDS)
numbers = st.integers(1, MAX_DEAL)
picks = st.lists(st.integers(0, 2**16), max_size=60)
arbitrary_moves = st.builds(
    Move, st.sampled_from(PILES), st.sampled_from(PILES), st.integers(-1, 14)
)
FAST = settings(max_examples=40, deadline=None)


def playout(rules: Rules, state: State, choices: list[int]) -> Iterator[tuple[Move, State]]:
    """Play the moves ``choices`` pick, each modulo the number of legal moves; yield each move
    with the position it was played from.
    """
    for choice in choices:
        moves = list(legal_moves(rules, state))
        if not moves:
            return
        move = moves[choice % len(moves)]
        yield move, state
        state = play(rules, state, move)


def every_card(state: State) -> Counter[int]:
    cards = [
        c for pile in (*state.tableau, *state.foundations, state.stock, state.waste) for c in pile
    ]
    return Counter(cards + [c for c in state.cells if c is not None])


@FAST
@given(games, numbers, picks)
def test_random_play_never_creates_loses_or_duplicates_a_card(
    game: str, number: int, choices: list[int]
) -> None:
    rules = get_rules(game)
    deck = Counter(full_deck(rules.decks))
    state = Layout.dealt(game, number).state
    for move, before in playout(rules, state, choices):
        state = play(rules, before, move)
        assert every_card(state) == deck
        assert state.card_count() == rules.cards


@FAST
@given(games, numbers, picks)
def test_undo_restores_the_exact_earlier_state(game: str, number: int, choices: list[int]) -> None:
    rules = get_rules(game)
    g = Game.deal(game, number)
    states = [g.state]
    for move, _ in playout(rules, g.state, choices):
        g.push(move)
        states.append(g.state)
    for expected in reversed(states[:-1]):
        g.pop()
        assert g.state == expected
    assert g.moves == []
    for expected in states[1:]:
        g.redo()
        assert g.state == expected


@FAST
@given(games, numbers, picks)
def test_every_listed_move_is_legal_and_applies(game: str, number: int, choices: list[int]) -> None:
    rules = get_rules(game)
    last = Layout.dealt(game, number).state
    for _, state in playout(rules, last, choices):
        moves = list(legal_moves(rules, state))
        assert len(set(moves)) == len(moves)
        for move in moves:
            recorded, after = apply(rules, state, move)
            assert recorded == move
            assert after == play(rules, state, move)
            assert after != state


@FAST
@given(games, numbers, picks, st.lists(arbitrary_moves, min_size=1, max_size=40))
def test_a_move_that_is_not_listed_is_refused(
    game: str, number: int, choices: list[int], tries: list[Move]
) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, number).state
    for move, before in playout(rules, state, choices):
        state = play(rules, before, move)
    listed = set(legal_moves(rules, state))
    for move in tries:
        if move in listed:
            assert is_legal(rules, state, move)
        else:
            assert not is_legal(rules, state, move)
            with pytest.raises(IllegalMoveError):
                check(rules, state, move)


@FAST
@given(games, numbers, picks)
def test_any_foundation_input_resolves_to_a_listed_move(
    game: str, number: int, choices: list[int]
) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, number).state
    for _, position in playout(rules, state, choices):
        listed = set(legal_moves(rules, position))
        for src in PILES:
            move = Move(src, Move.from_str("t0>f").dst)
            if is_legal(rules, position, move):
                assert check(rules, position, move) in listed


@FAST
@given(games, numbers, picks)
def test_a_layout_round_trips_through_json_along_random_play(
    game: str, number: int, choices: list[int]
) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, number).state
    for _, position in playout(rules, state, choices):
        layout = Layout(game, number, position)
        assert Layout.from_json(layout.to_json()) == layout


@FAST
@given(games, numbers, picks)
def test_a_click_only_ever_makes_a_listed_move(game: str, number: int, choices: list[int]) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, number).state
    for _, position in playout(rules, state, choices):
        listed = set(legal_moves(rules, position))
        for pile in PILES:
            try:
                cards = position.pile(pile)
            except ValueError:
                continue
            for index in range(len(cards) if pile.kind == "t" else 1):
                move = click_move(rules, position, pile, index if cards else None)
                assert move is None or move in listed
