"""How each game's piles build, checked through the engine's move legality."""

from __future__ import annotations

import pytest
from helpers import legal, table

from solitaire import IllegalMoveError, get_rules
from solitaire.engine.moves import check, is_legal
from solitaire.engine.state import Move

ALL = ["streets", "stronghold", "streets-and-alleys", "blockade", "fours-up", "forty-thieves"]


def builds(game: str, card: str, onto: str) -> bool:
    """Whether ``card``, alone on t1, may be laid on ``onto``, alone on t0."""
    state = table(game, t=[onto, card, "KC KD"])
    ok = is_legal(get_rules(game), state, Move.from_str("t1>t0"))
    assert ok == ("t1>t0" in legal(game, state))
    return ok


@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("9C", "TH", True),
        ("9S", "TD", True),
        ("9H", "TC", True),
        ("9D", "TS", True),
        ("9H", "TH", False),
        ("9D", "TH", False),
        ("9C", "TC", False),
        ("9S", "TC", False),
        ("8C", "TH", False),
        ("JC", "TH", False),
        ("QS", "KH", True),
        ("AS", "2D", True),
        ("KS", "AH", False),
    ],
)
def test_streets_builds_down_in_alternating_colours(card: str, onto: str, ok: bool) -> None:
    assert builds("streets", card, onto) is ok


@pytest.mark.parametrize("game", ["blockade", "forty-thieves"])
@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("9H", "TH", True),
        ("9C", "TC", True),
        ("AS", "2S", True),
        ("9D", "TH", False),
        ("9C", "TH", False),
        ("8H", "TH", False),
        ("TH", "TH", False),
        ("KH", "AH", False),
    ],
)
def test_blockade_and_forty_thieves_build_down_in_suit(
    game: str, card: str, onto: str, ok: bool
) -> None:
    assert builds(game, card, onto) is ok


@pytest.mark.parametrize("game", ["stronghold", "streets-and-alleys"])
@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("9H", "TH", True),
        ("9C", "TH", True),
        ("9D", "TS", True),
        ("AC", "2C", True),
        ("QD", "KD", True),
        ("8H", "TH", False),
        ("JH", "TH", False),
        ("KC", "AC", False),
    ],
)
def test_stronghold_and_streets_and_alleys_build_down_in_any_suit(
    game: str, card: str, onto: str, ok: bool
) -> None:
    assert builds(game, card, onto) is ok


@pytest.mark.parametrize(
    ("card", "onto", "ok"),
    [
        ("QH", "KS", True),
        ("4C", "5H", True),
        ("4D", "5D", True),
        ("9S", "TD", True),
        ("3C", "4H", False),
        ("2C", "3H", False),
        ("AC", "2C", False),
        ("KC", "AC", False),
        ("KC", "3C", False),
        ("5C", "4C", False),
        ("3S", "4S", False),
    ],
)
def test_fours_up_builds_down_from_king_to_four_in_any_suit(card: str, onto: str, ok: bool) -> None:
    assert builds("fours-up", card, onto) is ok


@pytest.mark.parametrize("game", ALL)
@pytest.mark.parametrize("card", ["KS", "7H", "AD", "3C"])
def test_an_empty_pile_takes_any_card(game: str, card: str) -> None:
    state = table(game, t=["", card, "KC KD"])
    assert "t1>t0" in legal(game, state)


@pytest.mark.parametrize("game", ALL)
def test_a_card_never_goes_onto_its_own_pile(game: str) -> None:
    state = table(game, t=["TH 9S", "KC KD"])
    with pytest.raises(IllegalMoveError, match="its own pile"):
        check(get_rules(game), state, Move.from_str("t0>t0"))


@pytest.mark.parametrize("game", ["streets", "stronghold", "streets-and-alleys", "blockade"])
def test_a_card_on_a_foundation_never_comes_back(game: str) -> None:
    state = table(game, t=["6H", "KC KD"], f=["5C"])
    assert not any(move.startswith("f") for move in legal(game, state))
    assert not is_legal(get_rules(game), state, Move.from_str("f0>t0"))


@pytest.mark.parametrize("game", ["stronghold", "streets", "blockade", "fours-up"])
def test_foundations_build_up_by_suit_one_rank_at_a_time(game: str) -> None:
    rules = get_rules(game)
    top = "5C" if game == "fours-up" else "2C"
    state = table(game, t=["3C", "3D", "KS KD", "7C 6C"], f=[top])
    moves = legal(game, state)
    nxt = "t3>f0" if game == "fours-up" else "t0>f0"
    assert nxt in moves
    assert not is_legal(rules, state, Move.from_str("t1>f0"))
    assert not is_legal(rules, state, Move.from_str("t2>f0"))


@pytest.mark.parametrize("game", ["streets", "stronghold", "streets-and-alleys", "blockade"])
def test_an_empty_foundation_takes_only_an_ace(game: str) -> None:
    state = table(game, t=["AH", "2H", "KS"])
    moves = legal(game, state)
    count = get_rules(game).foundations.count
    assert [move for move in moves if ">f" in move] == [f"t0>f{i}" for i in range(count)]
