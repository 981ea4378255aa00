"""The eight games of the families (issue 46) against SPEC's second games table, checked
from the table's own figures rather than from the ``Rules`` values they should match."""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner
from helpers import legal, names, table

from solitaire import Game, Layout
from solitaire.cli import main
from solitaire.engine.cards import full_deck
from solitaire.engine.clicks import click_move
from solitaire.engine.games import FAMILIES, FEATURED, GAMES, family_of, get_rules
from solitaire.engine.rules import SuitRule
from solitaire.engine.state import Pile, State
from solitaire.engine.status import autocomplete_ready

ACES = "AC AD AH AS"
TWOS = "2C 2D 2H 2S"

SPEC = {
    # id: (decks, cards on each pile, dealt foundation cards, foundations, stock, cells)
    "forty-thieves": (2, [4] * 10, "", 8, 64, 0),
    "lucas": (2, [3] * 13, f"{ACES} {ACES}", 8, 57, 0),
    "maria": (2, [4] * 9, "", 8, 68, 0),
    "limited": (2, [3] * 12, "", 8, 68, 0),
    "busy-aces": (2, [1] * 12, "", 8, 92, 0),
    "deuces": (2, [1] * 10, f"{TWOS} {TWOS}", 8, 86, 0),
    "beleaguered-castle": (1, [6] * 8, ACES, 4, 0, 0),
    "siegecraft": (1, [6] * 8, ACES, 4, 0, 1),
}
"""SPEC's second games table, copied figure by figure."""

NEW = list(SPEC)


@pytest.mark.parametrize("game", NEW)
@pytest.mark.parametrize("number", [1, 500])
def test_a_deal_lays_out_specs_table(game: str, number: int) -> None:
    decks, piles, dealt, count, stock, cells = SPEC[game]
    state = Layout.dealt(game, number).state
    assert [len(pile) for pile in state.tableau] == piles
    assert len(state.foundations) == count
    assert names([card for pile in state.foundations for card in pile]) == dealt
    assert all(len(pile) <= 1 for pile in state.foundations)
    assert len(state.stock) == stock and state.waste == ()
    assert state.cells == (None,) * cells
    every = [card for pile in (*state.tableau, *state.foundations, state.stock) for card in pile]
    assert Counter(every) == Counter(full_deck(decks))


def test_solitaire_games_lists_thirteen_and_every_family_holds_declared_games() -> None:
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0
    listed = result.output.split()
    assert len(listed) == 13 and set(listed) == set(GAMES) == set(FEATURED)
    assert sorted(game for family in FAMILIES for game in family.games) == sorted(GAMES)
    assert family_of("lucas").name == family_of("streets").name
    assert family_of("siegecraft") == family_of("stronghold")


@pytest.mark.parametrize(
    ("game", "onto", "card", "builds"),
    [
        ("forty-thieves", "TC", "9C", True),
        ("forty-thieves", "TS", "9C", False),
        ("lucas", "TD", "9C", False),
        ("limited", "5H", "4H", True),
        ("busy-aces", "5D", "4H", False),
        ("maria", "TD", "9C", True),
        ("maria", "TS", "9C", False),
        ("deuces", "AC", "KC", True),
        ("deuces", "AD", "KC", False),
        ("deuces", "KC", "QC", True),
        ("deuces", "2C", "AC", False),
        ("beleaguered-castle", "TC", "9C", True),
        ("siegecraft", "TH", "9C", True),
        ("siegecraft", "TH", "8C", False),
    ],
)
def test_each_game_builds_as_spec_says(game: str, onto: str, card: str, builds: bool) -> None:
    state = table(game, t=[onto, f"KS {card}", "KH"])
    assert ("t1>t0" in legal(game, state)) is builds


@pytest.mark.parametrize("game", ["forty-thieves", "maria", "busy-aces", "deuces"])
def test_the_forty_thieves_kin_move_one_card_at_a_time(game: str) -> None:
    run = "KC QC JC" if game != "maria" else "KC QD JC"
    moves = legal(game, table(game, t=[run, ""]))
    assert "t0>t1" in moves and not any(":" in move for move in moves)


@pytest.mark.parametrize(("game", "longest"), [("beleaguered-castle", 2), ("siegecraft", 4)])
def test_the_castles_move_runs_as_free_cells_and_empty_piles_allow(game: str, longest: int) -> None:
    state = table(game, t=["KS", "9C 8D 7S 6H 5C", "", "", "KH", "KD", "KC", "QS"])
    moves = legal(game, state)
    assert f"t1>t2:{longest}" in moves and f"t1>t2:{longest + 1}" not in moves


def test_deuces_foundations_go_from_two_to_king_then_ace() -> None:
    state = table("deuces", t=["AC", "3D"], f=["KC"])
    homes = [move for move in legal("deuces", state) if ">f" in move]
    assert homes == ["t0>f0", "t1>f1", "t1>f5"]


def test_busy_aces_empty_foundations_take_any_ace() -> None:
    moves = legal("busy-aces", table("busy-aces", t=["AH"]))
    assert [move for move in moves if ">f" in move] == [f"t0>f{i}" for i in range(8)]


def click(game: str, state: State, pile: str, index: int | None = None) -> str | None:
    move = click_move(get_rules(game), state, Pile.from_str(pile), index)
    return None if move is None else str(move)


def home_card(game: str) -> str:
    """A card foundation ``f0`` of ``game`` takes at the deal."""
    return {"lucas": "2C", "deuces": "3C", "beleaguered-castle": "2C", "siegecraft": "2C"}.get(
        game, "AC"
    )


@pytest.mark.parametrize("game", NEW)
def test_a_click_sends_a_card_home_then_onto_a_pile_then_a_cell_then_an_empty_pile(
    game: str,
) -> None:
    home = home_card(game)
    assert click(game, table(game, t=["KS", "", "KH", f"KS {home}"]), "t3") == "t3>f0"
    onto = "TH" if get_rules(game).build.suit is SuitRule.ALTERNATE_COLOUR else "TC"
    assert click(game, table(game, t=["KS", "", onto, "KH", "TC 9C"]), "t4") == "t4>t2"
    cell = "t4>c0" if get_rules(game).cells else "t4>t1"
    assert click(game, table(game, t=["KS", "", "KH", "KD", "TC 9C"]), "t4") == cell


@pytest.mark.parametrize("game", ["beleaguered-castle", "siegecraft"])
def test_a_clicked_run_in_the_castles_goes_only_onto_a_card(game: str) -> None:
    state = table(game, t=["KS", "", "TH", "KD 9C 8D"])
    assert click(game, state, "t3", 1) == "t3>t2:2"
    state = table(game, t=["KS", "", "KH", "KD 9C 8D"])
    assert click(game, state, "t3", 1) is None


def last_cards_out(game: str) -> tuple[list[str], list[str]]:
    """Foundations each one card short of complete, and the missing cards one to a pile."""
    rules = get_rules(game)
    found = rules.foundations
    suits = found.suits or tuple(i % 4 for i in range(found.count))
    rank = "A23456789TJQK"
    tops = [rank[found.sequence[11] - 1] + "CDHS"[suit] for suit in suits]
    last = [rank[found.sequence[12] - 1] + "CDHS"[suit] for suit in suits]
    return tops, last


@pytest.mark.parametrize("game", NEW)
def test_auto_complete_waits_for_the_stock_then_plays_the_game_out(game: str) -> None:
    tops, last = last_cards_out(game)
    rules = get_rules(game)
    if rules.stock is not None:
        held = table(game, t=last[1:], f=tops, stock=last[0])
        assert not autocomplete_ready(rules, held)
    state = table(game, t=last, f=tops)
    assert autocomplete_ready(rules, state)
    played = Game(Layout(game, None, state))
    played.autocomplete()
    assert played.status == "won"


def test_deuces_is_stuck_unless_a_king_laid_on_an_ace_uncovers_a_card_for_home() -> None:
    # no two of these build on each other, and no Three is uncovered for the Twos
    piles = ["5D", "9S", "4C", "7C", "JD", "5S", "8H", "QC", "3S KS"]
    stuck = table("deuces", t=[*piles, "AH"])
    assert Game(Layout("deuces", None, stuck)).status == "stuck"
    free = table("deuces", t=[*piles, "AS"])
    assert Game(Layout("deuces", None, free)).status == "playing"
    assert "t8>t9" in legal("deuces", free)
