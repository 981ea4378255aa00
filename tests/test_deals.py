"""Deals by number: pinned here so that the shuffle can never change without a failing test."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest
from helpers import names

from solitaire import GAMES, Layout, get_rules
from solitaire.engine.cards import full_deck
from solitaire.engine.deal import MAX_DEAL, SplitMix64, shuffled

FIRST_PILES = {
    ("streets", 1): ["7S QC 6D 4D", "4H 8S 7H 4C", "AC 3H TC QH"],
    ("streets", 2): ["9H KD AD 6C", "KH 8H 5H 6H", "TC 4S JD 7D"],
    ("streets", MAX_DEAL): ["6H KC 7D KH", "JH TC 9H 2C", "5C AS 3S KH"],
    ("stronghold", 1): ["7S AC KS 8S AD KD 8H", "9H 3S AH TD 2C 5D 4D", "2S 3D 5C JS 4H JC 9C"],
    ("stronghold", 1000): ["3H 9H 4D 7C 7H JS 3D", "8C 2D 6D 4S 8D TD 4C", "9D 5D QD 7D 2C 8H 4H"],
    ("streets-and-alleys", 2): [
        "9H TS AH 8H 8C 3C 5H",
        "8D 5D JC 6S JD 7S 4C",
        "2C TH 5C QD 9S 6C 3S",
    ],
    ("blockade", 1): ["7S", "4H", "AC"],
    ("blockade", 1000): ["3H", "JH", "KD"],
    ("fours-up", 1): ["7D", "AS", "3D"],
    ("fours-up", 2): ["QS", "2C", "2H"],
    ("fours-up", MAX_DEAL): ["9C", "3H", "QS"],
}

NEXT_FROM_STOCK = {
    ("streets", 1): "9S 5H 7C",
    ("streets", 1000): "AS 2S 9S",
    ("blockade", 1): "KH QD 3H",
    ("blockade", MAX_DEAL): "6C 3C AS",
    ("fours-up", 1): "AC 9D JS",
    ("fours-up", 1000): "QH JH 3H",
}
"""The stock's last three cards, bottom to top: the last is the next one turned or dealt."""

DIGESTS = {
    "streets": ("a950fa5cf148b252", "cb4df8dd60e51a9a"),
    "stronghold": ("0991d87122078c55", "c873c940100a49c7"),
    "streets-and-alleys": ("07a714a93e1d0121", "06c5a42f786e029e"),
    "blockade": ("061c1b444ceb0077", "ccfbe6b866b861d3"),
    "fours-up": ("e4b0f9e068f1d52f", "1b4eeec73f2fb2c8"),
    "forty-thieves": ("aab692f09bdd4e40", "bcfdbaf3ce91ed6c"),
    "lucas": ("f1bb9c22328a75a4", "d3cbed3dfde5f87e"),
    "maria": ("b3959ba2b24c1ca0", "eebe33e098e4048d"),
    "limited": ("5b55b738dbae5165", "2ef6e3d54f76a3f6"),
    "busy-aces": ("bc0c07786fdd582d", "e07da158c5d75b2a"),
    "deuces": ("9bf2e2bc89f1b8fa", "20e73378d2b6467b"),
    "beleaguered-castle": ("7880fb2a68732670", "4f57fd2050064023"),
    "siegecraft": ("c60e3efde02936c0", "41b5c42b37cc6613"),
}
"""The first 16 hex digits of the SHA-256 of deals 1 and 1000's layout JSON."""


@pytest.mark.parametrize(("key", "piles"), FIRST_PILES.items(), ids=str)
def test_the_first_piles_of_a_deal_are_pinned(key: tuple[str, int], piles: list[str]) -> None:
    state = Layout.dealt(*key).state
    assert [names(pile) for pile in state.tableau[:3]] == piles


@pytest.mark.parametrize(("key", "top"), NEXT_FROM_STOCK.items(), ids=str)
def test_the_next_cards_of_the_stock_are_pinned(key: tuple[str, int], top: str) -> None:
    assert names(Layout.dealt(*key).state.stock[-3:]) == top


@pytest.mark.parametrize(("game", "digests"), DIGESTS.items())
def test_whole_layouts_are_pinned(game: str, digests: tuple[str, str]) -> None:
    for number, digest in zip((1, 1000), digests, strict=True):
        text = Layout.dealt(game, number).to_json().encode()
        assert hashlib.sha256(text).hexdigest()[:16] == digest


def test_the_generator_matches_splitmix64s_published_outputs() -> None:
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_a_draw_below_a_bound_stays_below_it() -> None:
    rng = SplitMix64(99)
    assert {rng.below(3) for _ in range(200)} == {0, 1, 2}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deal_holds_every_card_of_the_game_once(game: str) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, 77).state
    assert state.card_count() == rules.cards
    all_cards = [c for pile in (*state.tableau, *state.foundations, state.stock) for c in pile]
    assert Counter(all_cards) == Counter(full_deck(rules.decks))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_deal_lays_out_the_games_piles(game: str) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, 77).state
    assert tuple(len(pile) for pile in state.tableau) == rules.tableau.deal
    assert state.waste == ()
    assert state.cells == (None,) * rules.cells


@pytest.mark.parametrize(
    ("game", "stock"),
    [
        ("streets", 64),
        ("stronghold", 0),
        ("streets-and-alleys", 0),
        ("blockade", 92),
        ("fours-up", 90),
        ("forty-thieves", 64),
    ],
)
def test_the_stock_holds_what_the_tableau_does_not(game: str, stock: int) -> None:
    assert len(Layout.dealt(game, 3).state.stock) == stock


def test_the_same_number_gives_the_same_deal_and_another_number_another() -> None:
    assert Layout.dealt("streets", 5) == Layout.dealt("streets", 5)
    assert Layout.dealt("streets", 5).state != Layout.dealt("streets", 6).state


def test_stronghold_and_streets_and_alleys_share_their_deals() -> None:
    assert Layout.dealt("stronghold", 9).state.tableau == (
        Layout.dealt("streets-and-alleys", 9).state.tableau
    )


def test_the_deal_goes_across_the_piles_row_by_row_from_the_end_of_the_shuffle() -> None:
    rules = get_rules("stronghold")
    cards = shuffled(rules, 12)
    state = Layout.dealt("stronghold", 12).state
    assert [pile[0] for pile in state.tableau] == cards[::-1][:8]
    assert [pile[1] for pile in state.tableau] == cards[::-1][8:16]
