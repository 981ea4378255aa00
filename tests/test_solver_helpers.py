"""Positions for the solver's tests (this module holds no tests): hand-made tables, nearly
won tables made by taking cards back off complete foundations, and a plain exhaustive search
to check the solver against.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import pickle
import random
from collections import deque
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from solitaire.engine.cards import code_of, parse_card, rank_of, suit_of
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules, Tableau
from solitaire.engine.state import State
from solitaire.solver.protocol import Core, Keys, RawMove

FAMILY_GAMES = (
    "forty-thieves",
    "lucas",
    "maria",
    "limited",
    "busy-aces",
    "deuces",
    "beleaguered-castle",
    "siegecraft",
)
"""The eight games of the families that joined the first five."""

Stage = Callable[[Core, Any, Keys, int, float | None], tuple[str, list[RawMove], int]]
"""A late stage of the solve (``portfolio.beams``, ``latebest.late_best_first``): kernel,
root, the solve's shared keys, the expansions it may spend and a deadline, to its answer,
its line and the expansions it spent."""


def stage_line(stage: Stage, kernel: Core, state: State, spend: int) -> tuple[str, list[str], int]:
    """``stage`` alone from ``state`` on ``kernel``: its answer, the whole line from ``state``
    (the opening safe moves included) and its expansions."""
    root, opening = kernel.start(state)
    result, line, used = stage(kernel, root, kernel.keyset(), spend, None)
    return result, [str(kernel.to_move(raw)) for raw in (*opening, *line)], used


def replays_to_a_win(layout: Layout, line: list[str]) -> bool:
    """Whether ``line``, played by the engine from ``layout``, wins."""
    return Game.replay(layout, line).status == "won"


def table(game: str, piles: Sequence[str], tops: Sequence[str]) -> State:
    """A table of ``game``: each pile's cards bottom to top ("TC KC"), and each foundation's
    top card from ``f0`` on (foundations not named stay as dealt).
    """
    rules = get_rules(game)
    found = rules.foundations
    tableau = [tuple(parse_card(name) for name in text.split()) for text in piles]
    tableau += [()] * (rules.tableau.piles - len(tableau))
    foundations = []
    for index in range(found.count):
        if index >= len(tops):
            foundations.append(found.dealt[index : index + 1])
            continue
        card = parse_card(tops[index])
        height = found.position[rank_of(card)] + 1
        suit = suit_of(card)
        foundations.append(tuple(code_of(rank, suit) for rank in found.sequence[:height]))
    return State(tuple(tableau), tuple(foundations), (None,) * rules.cells)


def won_table(rules: Rules) -> State:
    """Every card home."""
    found = rules.foundations
    suits = found.suits or tuple(i % 4 for i in range(found.count))
    piles = tuple(tuple(code_of(rank, suit) for rank in found.sequence) for suit in suits)
    return State(
        tableau=((),) * rules.tableau.piles,
        foundations=piles,
        cells=(None,) * rules.cells,
    )


def nearly_won(rules: Rules, cards: int, seed: int) -> State:
    """A table with ``cards`` cards taken off the foundations and laid out at random, the
    first ones one to a pile, so that no pile is empty when there are cards enough.
    """
    rng = random.Random(seed)
    state = won_table(rules)
    foundations = [list(pile) for pile in state.foundations]
    tableau: list[list[int]] = [[] for _ in state.tableau]
    cells = list(state.cells)
    stock: list[int] = []
    waste: list[int] = []
    fixed = 1 if rules.foundations.suits is not None else 0
    source = foundations[0]
    for _ in range(cards):
        # mostly from the same foundation as the card before: runs of one suit block best
        if len(source) <= fixed or rng.random() < 0.3:
            source = rng.choice([p for p in foundations if len(p) > fixed])
        card = source.pop()
        places = ["t"] * 4
        if rules.cells and None in cells:
            places.append("c")
        if rules.stock is not None:
            places.append("s")
            if rules.has_waste:
                places.append("w")
        place = rng.choice(places)
        bare = [p for p in tableau if not p]
        if bare:
            bare[0].append(card)
        elif place == "t":
            # under the others, often: a lower card buried under a higher one blocks
            pile = rng.choice(tableau)
            pile.insert(0 if rng.random() < 0.5 else len(pile), card)
        elif place == "c":
            cells[cells.index(None)] = card
        elif place == "s":
            stock.append(card)
        else:
            waste.append(card)
    if rules.refills and stock:
        # while the stock has cards no pile stays empty
        for pile in tableau:
            if not pile and stock:
                pile.append(stock.pop())
        if not all(tableau):
            stock.clear()
    return State(
        tableau=tuple(tuple(p) for p in tableau),
        foundations=tuple(tuple(p) for p in foundations),
        cells=tuple(cells),
        stock=tuple(stock),
        waste=tuple(waste),
    )


def scattered(rules: Rules, cards: int, seed: int) -> State:
    """A table with ``cards`` cards taken off the foundations and scattered at random: each
    one anywhere in a pile (empty piles allowed), in the free cell, or anywhere in the stock
    or the waste.

    The cards come mostly from the foundations of one suit, each time from one of them at
    random, so that in two-deck games the two foundations of a suit stand at different
    heights and both copies of a card are often out; now and then from one or two other
    foundations as well. Unlike :func:`nearly_won` tables, many of these are lost.
    """
    rng = random.Random(seed)
    state = won_table(rules)
    foundations = [list(pile) for pile in state.foundations]
    tableau: list[list[int]] = [[] for _ in state.tableau]
    cells = list(state.cells)
    stock: list[int] = []
    waste: list[int] = []
    fixed = 1 if rules.foundations.suits is not None else 0
    suit = rng.randrange(4)
    sources = [pile for pile in foundations if suit_of(pile[-1]) == suit]
    sources += rng.sample(foundations, rng.choice((0, 0, 1, 2)))
    places = ["t"] * len(tableau)
    if rules.stock is not None:
        places += ["s", "s"]
        if rules.has_waste:
            places += ["w", "w"]
    for _ in range(cards):
        left = [pile for pile in sources if len(pile) > fixed]
        left = left or [pile for pile in foundations if len(pile) > fixed]
        card = rng.choice(left).pop()
        place = rng.choice(places + (["c"] if None in cells else []))
        if place == "t":
            pile = rng.choice(tableau)
            pile.insert(rng.randint(0, len(pile)), card)
        elif place == "c":
            cells[cells.index(None)] = card
        else:
            pile = stock if place == "s" else waste
            pile.insert(rng.randint(0, len(pile)), card)
    if rules.refills and stock:
        # while the stock has cards no pile stays empty
        for pile in tableau:
            if not pile and stock:
                pile.append(stock.pop())
        if not all(tableau):
            stock.clear()
    return State(
        tableau=tuple(tuple(p) for p in tableau),
        foundations=tuple(tuple(p) for p in foundations),
        cells=tuple(cells),
        stock=tuple(stock),
        waste=tuple(waste),
    )


def built(rules: Rules, cards: int, seed: int) -> State:
    """Like :func:`scattered`, but a card goes on a pile only where play could lay it (on a
    card it fits, or on an empty pile), so that every pile is a built run, as in every
    position play reaches; the other cards go anywhere in the stock or the waste, mostly the
    waste. The positions that :mod:`solitaire.solver.dead` tests."""
    rng = random.Random(seed)
    state = won_table(rules)
    foundations = [list(pile) for pile in state.foundations]
    tableau: list[list[int]] = [[] for _ in state.tableau]
    stock: list[int] = []
    waste: list[int] = []
    suit = rng.randrange(4)
    sources = [pile for pile in foundations if suit_of(pile[-1]) == suit]
    sources += rng.sample(foundations, rng.choice((0, 1, 2)))
    for _ in range(cards):
        left = [pile for pile in sources if len(pile) > 1] or [
            pile for pile in foundations if len(pile) > 1
        ]
        card = rng.choice(left).pop()
        fits = [p for p in tableau if not p or card in rules.fits[p[-1]]]
        if fits and rng.random() < 0.5:
            rng.choice(fits).append(card)
        else:
            pile = stock if rng.random() < 0.25 else waste
            pile.insert(rng.randint(0, len(pile)), card)
    return State(
        tableau=tuple(tuple(p) for p in tableau),
        foundations=tuple(tuple(p) for p in foundations),
        cells=(None,) * rules.cells,
        stock=tuple(stock),
        waste=tuple(waste),
    )


def uneven(state: State) -> bool:
    """Whether two foundations of one suit stand at different heights, both started."""
    heights: dict[int, set[int]] = {}
    for pile in state.foundations:
        if pile:
            heights.setdefault(suit_of(pile[0]), set()).add(len(pile))
    return any(len(sizes) > 1 for sizes in heights.values())


def mirror(rules: Rules, state: State) -> object:
    """The position with the order of interchangeable piles forgotten: tableau piles (unless
    the stock still deals or refills by pile index), foundations, free cells.
    """
    return _mirror(_ordered(rules), state)


def _ordered(rules: Rules) -> bool:
    """Whether the order of the tableau piles matters while the stock holds cards."""
    return rules.stock is not None and (rules.stock.refill or rules.stock.to.name != "WASTE")


def _mirror(ordered: bool, state: State) -> object:
    """:func:`mirror`, with :func:`_ordered` worked out once by the caller."""
    tableau = state.tableau if ordered and state.stock else tuple(sorted(state.tableau))
    cells = tuple(sorted(-1 if card is None else card for card in state.cells))
    return (tableau, tuple(sorted(state.foundations)), cells, state.stock, state.waste)


KEPT = os.environ.get("SOLITAIRE_PLAIN_VERDICTS")
"""A folder where :func:`exhaustive` keeps its verdicts, for the passes of one ``make test``
(the Makefile sets it): the plain search uses the engine alone, so the plain-Python pass
finds there what the first pass worked out, and spends its time on what it checks, the
plain-Python solver; and :func:`kept_once` keeps there what the test workers would each
work out alike (``test_solver_pinned.positions``). Unset: nothing is kept."""

_known: dict[str, str | None] | None = None


def _engine_digest() -> str:
    """A digest of the code the plain search runs (the engine, and this file): a verdict
    kept under one digest is never read under another."""
    digest = hashlib.sha256()
    engine = Path(str(resources.files("solitaire"))) / "engine"
    for path in [*sorted(engine.rglob("*.py")), Path(__file__)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _kept() -> dict[str, str | None]:
    """The verdicts kept in :data:`KEPT` (a line cut short by a writer still at work is
    left out)."""
    global _known
    if _known is None:
        _known = {}
        assert KEPT is not None
        folder = Path(KEPT) / _engine_digest()
        for path in folder.glob("*.jsonl"):
            for line in path.read_text().splitlines():
                try:
                    key, verdict = json.loads(line)
                except ValueError:
                    continue
                _known[key] = verdict
    return _known


T = TypeVar("T")


def kept_once(name: str, inputs: list[Path], work: Callable[[], T]) -> T:
    """``work()``, kept in :data:`KEPT` under ``name`` for the other test workers and passes
    of the same run, as long as the engine and ``inputs`` (the files that ``work`` reads
    besides the engine) stay the same; with :data:`KEPT` unset, worked out each time. The
    file is written whole under another name and then renamed, so a reader never sees half
    of it; two workers that miss at once both work it out, and both write the same."""
    if KEPT is None:
        return work()
    digest = hashlib.sha256()
    for path in inputs:
        digest.update(path.read_bytes())
    path = Path(KEPT) / _engine_digest() / f"{name}-{digest.hexdigest()[:16]}.pickle"
    try:
        kept: T = pickle.loads(path.read_bytes())
        return kept
    except FileNotFoundError:
        pass
    result = work()
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}")
    partial.write_bytes(pickle.dumps(result))
    os.replace(partial, path)
    return result


def exhaustive(rules: Rules, state: State, limit: int) -> str | None:
    """Search every position by the engine alone, every legal move tried, no safe-move
    shortcut: "won", "lost", or None when more than ``limit`` positions are reachable.
    Positions are told apart only up to the order of interchangeable piles (:func:`mirror`).
    With :data:`KEPT` set, a verdict the same code already found for the same question is
    read back rather than searched again; a position inside a whole lost set an earlier
    search went through is lost without a search (:data:`_closed_lost`).
    """
    if KEPT is None:
        return _plain_search(rules, state, limit)
    key = hashlib.sha256(repr((rules, state, limit)).encode()).hexdigest()
    known = _kept()
    if key in known:
        return known[key]
    verdict = known[key] = _plain_search(rules, state, limit)
    folder = Path(KEPT) / _engine_digest()
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / f"{os.getpid()}.jsonl").open("a") as kept:
        kept.write(json.dumps([key, verdict]) + "\n")
    return verdict


_closed_lost: dict[Rules, dict[object, int]] = {}
"""Positions (by :func:`mirror`) inside a whole reachable set that a plain search found
lost, by game, with the size of that set. A position reachable from a lost one is lost, and
the positions it reaches are among the set's, so a search from it with a limit of at least
that size would say "lost" too: :func:`exhaustive` answers so without searching again (the
waste game's tests search many positions a few moves apart)."""


def _plain_search(rules: Rules, state: State, limit: int) -> str | None:
    ordered = _ordered(rules)
    closed = _closed_lost.get(rules, {}).get(_mirror(ordered, state))
    if closed is not None and closed <= limit:
        return "lost"
    seen = {_mirror(ordered, state)}
    queue = deque([state])
    cards = rules.cards
    while queue:
        position = queue.popleft()
        if sum(map(len, position.foundations)) == cards:  # State.home_count, inlined
            return "won"
        for move in legal_moves(rules, position):
            after = play(rules, position, move)
            key = _mirror(ordered, after)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                queue.append(after)
    # Every position reachable was seen and none is won: each of them is lost, and reaches
    # no more positions than these.
    lost = _closed_lost.setdefault(rules, {})
    for key in seen:
        lost[key] = min(lost.get(key, len(seen)), len(seen))
    return "lost"


def narrow(rules: Rules, piles: int) -> Rules:
    """The same game on fewer tableau piles, where small positions are often lost."""
    total = rules.cards - rules.foundations.fixed_cards()
    if rules.stock is None:
        deal = tuple(total // piles + (1 if i < total % piles else 0) for i in range(piles))
    else:
        deal = (1,) * piles
    return dataclasses.replace(rules, id=f"{rules.id}-narrow", tableau=Tableau(deal))
