"""The game object's ``clicks`` map says, card by card, what the engine's click does.

The table reads the map instead of working out a click's move itself, so the map must agree
with :meth:`solitaire.Game.click` on every card of every pile, in positions reached by
random play in every game.
"""

from __future__ import annotations

import random

import pytest
from helpers import table

from solitaire import Game
from solitaire.engine.clicks import click_map, click_move
from solitaire.engine.games import GAMES, get_rules
from solitaire.engine.state import Pile, State


def every_card(state: State) -> list[tuple[str, int]]:
    """Every (pile name, card index) of ``state``, the stock's top card included, plus an
    index past the top of each pile (a click on an empty place)."""
    names = [f"t{i}" for i in range(len(state.tableau))]
    names += [f"f{i}" for i in range(len(state.foundations))]
    names += [f"c{i}" for i in range(len(state.cells))] + ["s", "w"]
    spots = []
    for name in names:
        size = len(state.pile(Pile.from_str(name)))
        spots += [(name, index) for index in range(size + 1)]
    return spots


def clicked(game: Game, name: str, index: int) -> str | None:
    """What Game.click does on card ``index`` of ``name``, taken back at once."""
    move = game.click(name, index)
    if move is None:
        return None
    game.pop()
    return str(move)


def from_map(found: dict[str, object], name: str, index: int) -> str | None:
    entry = found.get(name)
    if name == "s":
        return None if entry is None else "s"
    assert entry is None or isinstance(entry, dict)
    return None if entry is None else entry.get(str(index))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_map_is_what_a_click_does_on_every_card(game_id: str) -> None:
    rng = random.Random(game_id)
    checked = moved = 0
    for deal in rng.sample(range(1, 100_000), 3):
        game = Game.deal(game_id, deal)
        for _ in range(40):
            found = click_map(game.rules, game.state)
            assert found == click_map(game.rules, game.state, list(game.legal_moves()))
            for name, index in every_card(game.state):
                want = clicked(game, name, index)
                assert from_map(found, name, index) == want, (deal, game.notation, name, index)
                checked += 1
                moved += want is not None
            legal = list(game.legal_moves())
            if not legal:
                break
            game.push(rng.choice(legal))
    assert moved > 20, f"only {moved} of {checked} clicks moved a card: a weak test"


def test_the_stock_click_is_in_the_map_only_while_it_deals() -> None:
    game = Game.deal("blockade", 4)
    assert click_map(game.rules, game.state)["s"] == "s"
    while game.state.stock:
        game.push("s")
    assert "s" not in click_map(game.rules, game.state)


def _agrees(game_id: str, state: State) -> dict[str, object]:
    """Check the map against :func:`click_move` on every card of ``state``; return it."""
    rules = get_rules(game_id)
    found = click_map(rules, state)
    for name, index in every_card(state):
        move = click_move(rules, state, Pile.from_str(name), index)
        want = None if move is None else str(move)
        assert from_map(found, name, index) == want, (name, index)
    return found


SPARSE = {
    # 9C fits no pile: the free cell comes before an empty pile.
    "cell before empty": ("stronghold", table("stronghold", t=["5H 9C", "", "2D"])),
    # a run of two with only an empty pile to go to: Stronghold's clicked runs stay on cards.
    "run to empty": ("stronghold", table("stronghold", t=["KC QH JS", "", "3D"], c=["8D"])),
    # the same in Streets, whose runs of one card at a time leave nothing to click but singles.
    "streets empties": ("streets", table("streets", t=["KC QH", "", "9D"], stock="2C")),
    # Forty Thieves: a run to an empty pile, and the waste card to a pile or an empty one.
    "forty thieves": ("forty-thieves", table("forty-thieves", t=["9C 8C", "", "TD"], waste="9D")),
}


@pytest.mark.parametrize("name", sorted(SPARSE))
def test_the_map_follows_the_click_order_on_sparse_tables(name: str) -> None:
    game_id, state = SPARSE[name]
    _agrees(game_id, state)


def test_a_lone_card_goes_to_the_free_cell_before_an_empty_pile() -> None:
    found = _agrees(*SPARSE["cell before empty"])
    assert found["t0"] == {"1": "t0>c0"}
