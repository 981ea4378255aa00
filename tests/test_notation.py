"""Cards, piles and moves: their text forms round-trip, and bad text raises a readable error."""

from __future__ import annotations

import pytest

from solitaire import Card, Move, NotationError, Pile
from solitaire.engine.cards import RANKS, SUITS, card_name, full_deck, parse_card
from solitaire.engine.state import ANY_FOUNDATION


def test_every_card_name_round_trips() -> None:
    for rank in RANKS:
        for suit in SUITS:
            name = rank + suit
            assert str(Card.from_str(name)) == name
            assert card_name(parse_card(name)) == name


def test_card_codes_round_trip_for_all_52_cards() -> None:
    codes = full_deck(1)
    assert sorted(codes) == list(range(52))
    assert [Card.from_code(code).code for code in codes] == codes


def test_card_names_its_rank_and_suit() -> None:
    card = Card.from_str("TH")
    assert (card.rank, card.suit, card.red) == (10, 2, True)
    assert Card.from_str("AC").red is False
    assert Card.from_str("KS").rank == 13


def test_a_two_deck_game_has_every_card_twice() -> None:
    assert sorted(full_deck(2)) == sorted(list(range(52)) * 2)


@pytest.mark.parametrize("text", ["ZZ", "", "T", "10H", "1C", "AX", "KHS", " AC"])
def test_it_refuses_a_card_name_that_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        Card.from_str(text)


def test_it_refuses_a_card_that_is_not_text() -> None:
    with pytest.raises(NotationError):
        parse_card(17)  # type: ignore[arg-type]


def test_it_refuses_a_card_value_out_of_range() -> None:
    with pytest.raises(NotationError, match="no card has rank 14"):
        Card(14, 0)


@pytest.mark.parametrize("text", ["t0", "t11", "f0", "f7", "c0", "s", "w"])
def test_every_pile_name_round_trips(text: str) -> None:
    assert str(Pile.from_str(text)) == text


@pytest.mark.parametrize("text", ["t", "x0", "t-1", "t01", "T3", "s0", "w1", "f", "t100", ""])
def test_it_refuses_a_pile_name_that_is_not_a_pile(text: str) -> None:
    with pytest.raises(NotationError, match="is not a pile"):
        Pile.from_str(text)


@pytest.mark.parametrize(
    "text", ["t3>t5", "t3>t5:2", "t0>f4", "c0>t1", "w>t9", "f3>t0", "t11>c0", "w>f0", "s"]
)
def test_every_move_form_round_trips(text: str) -> None:
    move = Move.from_str(text)
    assert str(move) == text
    assert Move.from_str(str(move)) == move


def test_a_move_of_one_card_is_written_without_a_count() -> None:
    assert str(Move.from_str("t3>t5:1")) == "t3>t5"


def test_a_move_reads_its_parts() -> None:
    move = Move.from_str("t3>t5:2")
    assert move == Move(Pile("t", 3), Pile("t", 5), 2)


def test_input_may_say_f_for_whichever_foundation_takes_the_card() -> None:
    move = Move.from_str("t3>f")
    assert move.dst == ANY_FOUNDATION
    assert str(move) == "t3>f"


def test_s_alone_is_the_stock_move() -> None:
    assert Move.from_str("s") == Move.deal()
    assert Move.deal().is_deal


def test_a_move_to_a_pile_number_the_game_lacks_still_reads() -> None:
    # "t3>t99" is well written; the engine refuses it as illegal (see test_illegal_moves).
    assert str(Move.from_str("t3>t99")) == "t3>t99"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("ZZ", "is not a move"),
        ("t3", "is not a move"),
        ("t3>", "is not a move"),
        ("t3>t5:x", "is not a move"),
        ("t3>t5:0", "at least one card"),
        ("s>t1", "the stock only deals"),
        ("t1>s", "the stock only deals"),
        ("s:2", "is not a move"),
        ("q1>t2", "is not a pile"),
        ("t3>t999", "is not a pile"),
    ],
)
def test_it_refuses_a_move_that_is_not_a_move(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=says):
        Move.from_str(text)


def test_it_refuses_a_move_that_is_not_text() -> None:
    with pytest.raises(NotationError):
        Move.from_str(None)  # type: ignore[arg-type]


def test_notation_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        Move.from_str("ZZ")
