"""Shortening a winning line keeps the win and drops detours."""

from __future__ import annotations

import pytest

from solitaire.deals.winnable import proved_deals
from solitaire.engine.errors import IllegalMoveError
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout
from solitaire.engine.lines import shorten
from solitaire.engine.state import Move


def _stored(game: str) -> tuple[Layout, list[Move]]:
    proved = proved_deals(game)[0]
    return Layout.dealt(game, proved.deal), [Move.from_str(move) for move in proved.solution]


def test_a_detour_there_and_back_is_cut_out() -> None:
    start, line = _stored("stronghold")
    game = Game.replay(start, line[:3])
    there = next(m for m in game.legal_moves() if m.dst.kind == "t" and m.src.kind == "t")
    game.push(there)
    back = next(m for m in game.legal_moves() if (m.src, m.dst) == (there.dst, there.src))
    detour = [*line[:3], there, back, *line[3:]]
    assert Game.replay(start, detour).status == "won"
    short = shorten(start.rules, start.state, detour)
    assert len(short) <= len(line)
    assert Game.replay(start, short).status == "won"


@pytest.mark.parametrize("game", ["stronghold", "blockade", "streets-and-alleys"])
def test_a_stored_line_is_never_made_longer_and_still_wins(game: str) -> None:
    start, line = _stored(game)
    short = shorten(start.rules, start.state, line)
    assert len(short) <= len(line)
    assert Game.replay(start, short).status == "won"


def test_a_line_that_does_not_replay_is_refused() -> None:
    start, _line = _stored("stronghold")
    with pytest.raises(IllegalMoveError):
        shorten(start.rules, start.state, [Move.from_str("t0>t99")])
