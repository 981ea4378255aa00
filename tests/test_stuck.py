"""Stuck: no sequence of moves brings a card home or a stock card into play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import table
from test_solver_helpers import kept_once

from solitaire import GAMES, Game, Layout, get_rules
from solitaire.engine.cards import card_name
from solitaire.engine.state import State
from solitaire.engine.status import PLAIN, STUCK_SEARCH_LIMIT, Judge, is_stuck, plain_stuck, status
from solitaire.solver import JUDGE

# Tops of ranks 3 5 7 9 J K (and twins of 3 and 5) on Kings: no top builds on another in any
# suit, and nothing builds on a King uncovered by moving its top card away.
DEAD = ["KC 3S", "KD 5C", "KH 7H", "KS 9D", "KC JC", "KD KH", "KH 3D", "KS 5H"]


JUDGES = (PLAIN, JUDGE)
"""Every verdict below holds for the engine's own plain search and for the solver's."""


def stuck(game: str, state: State) -> bool:
    """The stuck verdict, which both judges must give alike."""
    verdicts = {is_stuck(get_rules(game), state, judge=judge) for judge in JUDGES}
    assert len(verdicts) == 1, (game, verdicts)
    return verdicts.pop()


@pytest.mark.parametrize("game", ["stronghold", "streets-and-alleys"])
def test_stronghold_with_no_move_at_all_is_stuck(game: str) -> None:
    state = table(game, t=DEAD, c=["9S"] if get_rules(game).cells else [])
    assert stuck(game, state)
    assert Game(Layout(game, None, state)).status == "stuck"


def test_stronghold_cards_that_only_shuttle_through_the_free_cell_are_stuck() -> None:
    state = table("stronghold", t=DEAD)
    assert Game(Layout("stronghold", None, state)).legal_moves()
    assert stuck("stronghold", state)


def test_stronghold_is_not_stuck_when_the_free_cell_uncovers_an_ace() -> None:
    piles = [*DEAD[:7], "AS 5H"]
    assert not stuck("stronghold", table("stronghold", t=piles))
    assert stuck("stronghold", table("stronghold", t=piles, c=["9S"]))


def test_streets_and_alleys_is_not_stuck_when_a_run_uncovers_an_ace() -> None:
    piles = [*DEAD[:7], "AS 4H"]
    assert not stuck("streets-and-alleys", table("streets-and-alleys", t=piles))
    piles[7] = "AS 7C"
    assert stuck("streets-and-alleys", table("streets-and-alleys", t=piles))


def test_streets_and_alleys_cards_shuttling_between_empty_piles_are_stuck() -> None:
    state = table("streets-and-alleys", t=[*DEAD[:6], "9C", ""])
    assert stuck("streets-and-alleys", state)


STREETS_DEAD = [*DEAD, "KC 3H", "KD 5S"]


def test_streets_with_no_move_and_an_empty_stock_is_stuck() -> None:
    assert stuck("streets", table("streets", t=STREETS_DEAD))


def test_streets_cards_shuttling_through_an_empty_pile_are_stuck() -> None:
    assert stuck("streets", table("streets", t=[*STREETS_DEAD[:8], "9C", ""]))


def test_streets_is_not_stuck_while_the_stock_holds_a_playable_card() -> None:
    # 2D (third from the top of the stock) goes onto 3S once turned.
    assert not stuck("streets", table("streets", t=STREETS_DEAD, stock="QD 2D 6H 8D"))


def test_streets_is_stuck_when_nothing_in_the_stock_can_play() -> None:
    assert stuck("streets", table("streets", t=STREETS_DEAD, stock="QD 6H 8D"))
    assert stuck("streets", table("streets", t=STREETS_DEAD, stock="QD 6H", waste="8D"))


def test_streets_is_not_stuck_when_the_waste_top_plays() -> None:
    assert not stuck("streets", table("streets", t=STREETS_DEAD, waste="4S 2C"))


BLOCKADE_DEAD = [*DEAD, "KC 3H", "KD 5S", "KC 7D", "KS 9H"]


def test_blockade_is_never_stuck_while_the_stock_can_deal() -> None:
    assert not stuck("blockade", table("blockade", t=BLOCKADE_DEAD, stock="4S"))


def test_blockade_with_no_move_and_an_empty_stock_is_stuck() -> None:
    assert stuck("blockade", table("blockade", t=BLOCKADE_DEAD))


def test_blockade_runs_shuttling_between_empty_piles_are_stuck() -> None:
    piles = [*BLOCKADE_DEAD[:10], "9C 8C 7C", ""]
    assert stuck("blockade", table("blockade", t=piles))
    piles[10] = "AD 8C 7C"
    assert not stuck("blockade", table("blockade", t=piles))


FOURS_DEAD = ["TH", "KS 8D", "KH", "KS", "KC", "KD"]


def test_fours_up_with_no_move_is_stuck() -> None:
    assert stuck("fours-up", table("fours-up", t=FOURS_DEAD))


def test_fours_up_cards_shuttling_off_a_foundation_and_back_are_stuck() -> None:
    # 9C may come off f0 onto TH, then 8D or 8C onto it, 7C after 8C ...: nothing new goes home.
    state = table("fours-up", t=FOURS_DEAD, f=["9C"])
    assert Game(Layout("fours-up", None, state)).legal_moves()
    assert stuck("fours-up", state)


def test_fours_up_a_card_moving_between_twin_foundations_is_not_progress() -> None:
    state = table("fours-up", t=["7H", "9S", "KH", "KS", "JC", "JD"], f=["6C", "", "", "", "5C"])
    assert stuck("fours-up", state)


def test_fours_up_is_not_stuck_when_a_foundation_card_frees_a_card_for_home() -> None:
    # 9C comes down onto TH, 8D follows onto it, and 5S goes home on f3.
    piles = ["TH", "5S 8D", "KH", "KS", "KC", "KD"]
    assert not stuck("fours-up", table("fours-up", t=piles, f=["9C"]))


def test_fours_up_a_new_card_home_counts_even_when_another_came_off() -> None:
    # 9C comes down onto TH and 8D onto it; 5S goes home, KS stays: as many cards are home as
    # before, yet 5S is new there. Nothing can then take 9C home again.
    piles = ["TH", "KS 5S 8D", "KH", "KS", "KC", "KD"]
    assert not stuck("fours-up", table("fours-up", t=piles, f=["9C"]))
    piles[1] = "KS 6S 8D"
    assert stuck("fours-up", table("fours-up", t=piles, f=["9C"]))


def test_fours_up_is_not_stuck_while_the_stock_holds_a_playable_card() -> None:
    assert not stuck("fours-up", table("fours-up", t=FOURS_DEAD, stock="3D 9S 5D"))
    assert stuck("fours-up", table("fours-up", t=FOURS_DEAD, stock="3D 6S 2D"))


@pytest.mark.parametrize("judge", JUDGES, ids=["plain", "solver"])
def test_a_search_that_reaches_its_bound_does_not_call_the_game_stuck(judge: Judge) -> None:
    state = table("stronghold", t=DEAD)
    assert is_stuck(get_rules("stronghold"), state, limit=1000, judge=judge)
    assert not is_stuck(get_rules("stronghold"), state, limit=2, judge=judge)


def test_a_won_game_is_won_not_stuck() -> None:
    state = table("stronghold", f=["KC", "KD", "KH", "KS"])
    assert not stuck("stronghold", state)
    assert status(get_rules("stronghold"), state) == "won"


@pytest.mark.parametrize(
    "game", ["streets", "stronghold", "streets-and-alleys", "blockade", "fours-up"]
)
def test_a_fresh_deal_is_playing(game: str) -> None:
    assert Game.deal(game, 1).status == "playing"


def random_positions(game: str, deals: range, seed: int) -> list[State]:
    """Positions of seeded random games that favour moves home, as a player's would."""
    rng = random.Random(seed)
    positions = []
    for number in deals:
        g = Game.deal(game, number)
        idle, best = 0, 0  # moves since the most cards yet were home: 30 (and the stock) end it
        while idle < 30 + len(g.state.stock) and (moves := list(g.legal_moves())):
            home = [move for move in moves if move.dst.kind == "f" and move.src.kind != "f"]
            g.push(rng.choice(home) if home and rng.random() < 0.7 else rng.choice(moves))
            idle = 0 if g.state.home_count() > best else idle + 1
            best = max(best, g.state.home_count())
            positions.append(g.state)
    return positions


def hand_made(game: str) -> list[State]:
    """This file's stuck and nearly stuck tables of ``game``."""
    if game == "fours-up":
        shuttles = ["TH", "KS 6S 8D", "KH", "KS", "KC", "KD"]
        return [
            table(game, t=FOURS_DEAD),
            table(game, t=FOURS_DEAD, f=["9C"]),
            table(game, t=shuttles, f=["9C"]),
            table(game, t=["7H", "9S", "KH", "KS", "JC", "JD"], f=["6C", "", "", "", "5C"]),
        ]
    rules = get_rules(game)
    # two decks and up to 13 piles: enough dead piles that only two are left empty
    dead = {"streets": STREETS_DEAD}.get(game, DEAD if rules.decks == 1 else BLOCKADE_DEAD)
    piles = rules.tableau.piles
    return [table(game, t=[*dead[: piles - 2], "9C 8C 7C", ""])]


def plain_verdicts(game: str, states: list[State]) -> list[bool | None]:
    """The plain search's verdict on each of ``states`` (the engine alone, whatever build the
    solver has): kept for the run where the Makefile gives a folder (``kept_once``), so that
    the plain-Python pass, which checks the solver's verdicts again, does not search again."""
    rules = get_rules(game)
    return kept_once(
        f"plain-stuck-{game}",
        [Path(__file__), Path(__file__).with_name("helpers.py")],
        lambda: [plain_stuck(rules, state, STUCK_SEARCH_LIMIT) for state in states],
    )


@pytest.mark.long
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_kernel_search_answers_as_a_plain_search_of_the_engine(game: str) -> None:
    rules = get_rules(game)
    verdicts = {True: 0, False: 0}
    states = [*hand_made(game), *random_positions(game, range(1, 13), seed=len(game))]
    for state, plain in zip(states, plain_verdicts(game, states), strict=True):
        fast = is_stuck(rules, state, judge=JUDGE)
        verdicts[fast] += 1
        if plain:
            assert fast, names_of(state)  # what the plain search proves, the kernel finds
        if fast:
            assert plain_stuck(rules, state, 100_000) is not False, names_of(state)
    assert verdicts[True] >= 1 and verdicts[False] >= 50, verdicts


def names_of(state: State) -> list[str]:
    """The tableau, readable, for a failure message."""
    return [" ".join(card_name(card) for card in pile) for pile in state.tableau]
