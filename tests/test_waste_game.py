"""The exact placement count and the waste game never call a won position lost.

- The exact count (``solitaire.solver.placement.fewest_piles``) is the least, over every
  choice of foundation heights, of the piles the rest needs: checked against a brute force
  over those choices on small sets of cards out.
- It is a lower bound on every table play reaches: in random games of Fours Up, every
  position's cards out fit its piles by the count, and so does every card just taken from
  the waste, with that card on top.
- The waste game (``solitaire.solver.wastegame``) proves lost only what a plain search of
  the engine's moves finds lost: on small built tables of two and three piles (in
  ``test_solver_soundness``, on the tables where it checks the dead-position test, whose
  plain searches are the cost), and on the tables here where it fires beyond the
  dead-position test; it never fires on a position of a stored winning line; and the C
  core plays the same waste game as the Python twin.
"""

from __future__ import annotations

import itertools
import random

import pytest
from test_solver_helpers import built, exhaustive, narrow

from solitaire.deals.winnable import proved_deals
from solitaire.engine.cards import rank_of, suit_of
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import WASTE, Move, State
from solitaire.solver.dead import cards_out
from solitaire.solver.kernel import Kernel, position_of
from solitaire.solver.placement import NO_PIVOT, can_leave, fewest_piles
from solitaire.solver.tables import Tables, tables

FOURS_UP = get_rules("fours-up")


def brute_piles(t: Tables, out: list[int], pivot: int) -> int:
    """The fewest piles by trying every height of every foundation: the definition that
    placement.py's dynamic programming computes."""
    avail = [[out[card] + (card == pivot) for card in t.sequence[s]] for s in range(4)]
    per_suit = []
    for s in range(4):
        options = []
        for low in range(-1, 13):
            for high in range(low, 13):
                home = [(q <= low) + (q <= high) for q in range(13)]
                if all(home[q] <= avail[s][q] for q in range(13)):
                    options.append((low, high, home))
        per_suit.append(options)
    best = 10**9
    for choice in itertools.product(*per_suit):
        for mode in ("home", "pile") if pivot >= 0 else ("none",):
            if mode == "home":
                suit, place = pivot & 3, t.homepos[pivot]
                if place not in choice[suit][:2]:
                    continue
            piles = _piles(t, avail, [home for _l, _h, home in choice], pivot, mode)
            if piles is not None:
                best = min(best, piles)
    return best


def _piles(
    t: Tables, avail: list[list[int]], home: list[list[int]], pivot: int, mode: str
) -> int | None:
    """Stoppers one a pile, and runs: the fewest chains of consecutive ranks that hold the
    rest, one ending at the pivot when it lies on a pile (None: it cannot)."""
    on_piles = [0] * 14
    stoppers = 0
    for s in range(4):
        for q, card in enumerate(t.sequence[s]):
            left = avail[s][q] - home[s][q]
            if t.stopper[card]:
                stoppers += left
            else:
                on_piles[t.rank[card]] += left
    ends_at = -1
    if mode == "pile":
        s, q = pivot & 3, t.homepos[pivot]
        if avail[s][q] - home[s][q] < 1:
            return None
        ends_at = t.rank[pivot]
    runs = 0
    for rank in range(13, 0, -1):
        above = on_piles[rank + 1] if rank < 13 else 0
        if rank + 1 == ends_at:
            above -= 1
        runs += max(0, on_piles[rank] - max(above, 0))
    return stoppers + runs


def small_out(rng: random.Random) -> list[int]:
    """Cards out for a brute force: every suit home to a low place or two, a few cards more
    of low places, some stoppers; the Fours (the bases) always home."""
    t = tables(FOURS_UP)
    out = [0] * 52
    for s in range(4):
        order = t.sequence[s]
        out[order[0]] = 2
        for q in range(1, 1 + rng.randrange(3)):
            out[order[q]] = rng.choice((1, 2))
        for _ in range(rng.randrange(3)):
            out[order[rng.randrange(1, 13)]] = min(2, out[order[rng.randrange(1, 13)]] + 1)
    return out


def test_the_count_is_the_least_over_every_choice_of_heights() -> None:
    t = tables(FOURS_UP)
    rng = random.Random(7)
    counts = set()
    for _ in range(40):
        out = small_out(rng)
        present = [card for card in range(52) if out[card] and t.homepos[card] > 0]
        pivot = rng.choice([*present, NO_PIVOT])
        if pivot >= 0:
            out[pivot] -= 1
        expected = min(brute_piles(t, out, pivot), t.piles + 1)
        assert min(fewest_piles(t, out, pivot), t.piles + 1) == expected, (out, pivot)
        counts.add(expected)
    assert len(counts) >= 4  # cases with few piles, many, and too many


def out_of(t: Tables, state: State) -> list[int]:
    """Copies of each card home or on a pile."""
    return cards_out(t, position_of(FOURS_UP, state))


def test_every_table_play_reaches_fits_its_count() -> None:
    """The count is a lower bound on the piles of any table: random games from the first
    deals, every position and every card just taken from the waste."""
    t = tables(FOURS_UP)
    rng = random.Random(3)
    taken = 0
    for number in range(1, 17):
        state = Layout.dealt("fours-up", number).state
        for _move in range(400):
            moves = list(legal_moves(FOURS_UP, state))
            if not moves:
                break
            move = rng.choice(moves)
            after = play(FOURS_UP, state, move)
            used = sum(1 for pile in after.tableau if pile)
            assert fewest_piles(t, out_of(t, after)) <= used
            if move.src.kind == WASTE:
                card = state.waste[-1]
                out = out_of(t, after)
                out[card] -= 1
                assert fewest_piles(t, out, card) <= used, (number, str(move))
                assert can_leave(t, out, card)
                taken += 1
            state = after
    assert taken > 200


BEYOND_DEAD = {
    2: (167, 177, 447, 504, 533, 919, 1432, 1639, 1801, 2175, 2454, 2675, 2803, 2875),
    3: (226, 399, 499, 584, 877, 1028, 1047, 1284, 1464, 1547, 1639, 1786, 1926, 1927, 2198),
}
"""Seeds of built tables (``built(rules, 6 + seed % 10, seed)``) that the waste game proves
lost and the dead-position test does not: found by trying seeds 0-2999 on two and three
piles, where these are all there are but one too large for the plain search."""


@pytest.mark.long
@pytest.mark.parametrize("piles", [2, 3])
def test_the_waste_game_proves_lost_what_the_dead_test_lets_through(piles: int) -> None:
    rules = narrow(FOURS_UP, piles)
    for seed in BEYOND_DEAD[piles]:
        state = built(rules, 6 + seed % 10, seed)
        kernel = Kernel(rules, state)
        pos = kernel.position(state)
        assert not kernel.dead(pos), seed
        assert kernel.waste_game(pos, 100_000, None)[0] == "lost", seed
        assert exhaustive(rules, state, 200_000) == "lost", seed


@pytest.mark.long
def test_no_position_on_a_stored_winning_line_is_lost_to_the_waste_game(native: type) -> None:
    """Every position of 60 stored Fours Up lines, in the core, as a solve asks: one kernel a
    line, the waste game from the deal first, then every position of the line, the keys it
    keeps lost growing all the way."""
    checked = 0
    for proved in proved_deals("fours-up")[:60]:
        state = Layout.dealt("fours-up", proved.deal).state
        kernel = native(FOURS_UP, state)
        result, _entered = kernel.waste_game(kernel.start(state)[0], 20_000, None)
        assert result != "lost", proved.deal
        for at, text in enumerate(proved.solution):
            state = play(FOURS_UP, state, Move.from_str(text))
            assert not kernel.waste_lost(kernel.position(state)), (proved.deal, at)
            checked += 1
    assert checked > 5000


def reachable(rules: Rules, state: State, limit: int) -> list[State]:
    """Up to ``limit`` positions reachable from ``state`` by the engine's moves, nearest
    first."""
    found, queue = {state}, [state]
    for here in queue:
        for move in legal_moves(rules, here):
            after = play(rules, here, move)
            if after not in found and len(found) < limit:
                found.add(after)
                queue.append(after)
    return queue


@pytest.mark.long
@pytest.mark.parametrize("piles", [2, 3])
def test_what_the_kept_keys_call_lost_a_plain_search_finds_lost(piles: int) -> None:
    """A kernel keeps the keys its waste games found lost. On built tables, after the waste
    game from the table (won or lost), every position reachable from it that the kept keys,
    or a short search from its stock and waste, call lost is lost to the plain search; and
    that happens on many positions."""
    rules = narrow(FOURS_UP, piles)
    confirmed = 0
    for seed in range(40):
        state = built(rules, 6 + seed % 7, seed)
        kernel = Kernel(rules, state)
        kernel.waste_game(kernel.position(state), 2_000, None)
        for reached in reachable(rules, state, 200):
            if kernel.waste_lost(kernel.position(reached)):
                verdict = exhaustive(rules, reached, 1500)
                assert verdict != "won", seed
                confirmed += verdict == "lost"
    assert confirmed >= 50


@pytest.mark.long
def test_the_core_plays_the_waste_game_of_the_python_twin(native: type) -> None:
    """The same answer after the same number of positions, on deals and built tables."""
    states = [Layout.dealt("fours-up", number).state for number in (1, 2, 4, 5, 10, 37, 40)]
    rules3 = narrow(FOURS_UP, 3)
    answers = []
    for state in states:
        slow, fast = Kernel(FOURS_UP, state), native(FOURS_UP, state)
        result = slow.waste_game(slow.start(state)[0], 5_000, None)
        assert fast.waste_game(fast.start(state)[0], 5_000, None) == result
        answers.append(result[0])
    for seed in range(60):
        state = built(rules3, 6 + seed % 7, seed)
        slow, fast = Kernel(rules3, state), native(rules3, state)
        result = slow.waste_game(slow.position(state), 5_000, None)
        assert fast.waste_game(fast.position(state), 5_000, None) == result, seed
        answers.append(result[0])
        for reached in reachable(rules3, state, 60):  # the keys kept lost, and the probes
            lost = slow.waste_lost(slow.position(reached))
            assert fast.waste_lost(fast.position(reached)) == lost, seed
            answers.append(f"kept {lost}")
    assert {"won", "lost", "kept True", "kept False"} <= set(answers)


def test_a_table_laid_out_by_hand_is_not_searched() -> None:
    """Piles that are not built runs: the waste game does not hold, and answers unknown."""
    state = State(
        tableau=((rank_code("A", "S"), rank_code("3", "C")),) + ((),) * 5,
        foundations=Layout.dealt("fours-up", 1).state.foundations,
        waste=(rank_code("K", "H"),),
    )
    kernel = Kernel(FOURS_UP, state)
    assert kernel.waste_game(kernel.position(state), 1000, None) == ("unknown", 0)


def rank_code(rank: str, suit: str) -> int:
    """A card's code from its rank and suit letters."""
    code = ("A23456789TJQK".index(rank)) * 4 + "CDHS".index(suit)
    assert rank_of(code) == "A23456789TJQK".index(rank) + 1 and "CDHS"[suit_of(code)] == suit
    return code
