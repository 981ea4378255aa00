"""A change plays only what is new on the position kept with the game: no replay in a request,
and the kept position and status are always the ones a full replay gives.
"""

from __future__ import annotations

import random
import sys

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import solitaire
from solitaire.engine import status
from solitaire.engine.games import FEATURED
from solitaire.site.play import records
from solitaire.site.play.models import Game
from solitaire.solver import SolverJudge


def _replayed(pk: int) -> tuple[dict[str, object], str]:
    record = Game.objects.get(pk=pk)
    engine = records.replay(record)
    return engine.layout.to_dict(), engine.status


@pytest.mark.parametrize("game", FEATURED)
def test_the_kept_position_is_the_replayed_one_through_random_play(guest, game: str) -> None:
    rng = random.Random(game)
    current = guest.new(game, rng.randint(1, 10_000))
    for _ in range(60):
        url = f"/api/games/{current['id']}"
        roll = rng.random()
        if roll < 0.1 and current["can_undo"]:
            response = guest.post(f"{url}/undo", {"version": current["version"]})
        elif roll < 0.15 and current["can_redo"]:
            response = guest.post(f"{url}/redo", {"version": current["version"]})
        elif roll < 0.17:
            response = guest.post(f"{url}/restart", {"version": current["version"]})
        elif current["legal"]:
            response = guest.move(current, rng.choice(current["legal"]))
        else:
            break
        assert response.status_code == 200, response.content
        current = response.json()
        record = Game.objects.get(pk=current["id"])
        layout, status = _replayed(record.pk)
        assert record.layout == layout == current["layout"]
        assert record.status == status == current["status"]
        if status == "won":
            break


def test_moves_clicks_redo_and_restart_never_replay_the_game(guest, monkeypatch) -> None:
    game = guest.play(guest.new("streets", 3), "s", "s", "s")
    game = guest.post(f"/api/games/{game['id']}/undo", {"version": game["version"]}).json()

    def refuse(*args: object) -> None:
        raise AssertionError("a request replayed the game")

    monkeypatch.setattr(solitaire.Game, "replay", refuse)
    monkeypatch.setattr(solitaire.Game, "_recall_positions", refuse)
    url = f"/api/games/{game['id']}"
    game = guest.post(f"{url}/redo", {"version": game["version"]}).json()
    game = guest.play(game, "s", game["legal"][0])
    game = guest.post(f"{url}/click", {"pile": "s", "version": game["version"]}).json()
    read = guest.get(url).json()
    # Reading the game also says what is known of the deal; a change's answer leaves it out.
    assert read.pop("deal_verdict") == {"result": "won", "how": "survey"}
    assert read == {**game, "autocompleted": [], "elapsed": game["elapsed"]}
    restarted = guest.post(f"{url}/restart", {"version": game["version"]})
    assert restarted.status_code == 200 and restarted.json()["moves"] == []
    # Undo needs the position before the last move: that one replays (a trusted replay).
    monkeypatch.undo()
    again = guest.post(f"{url}/redo", {"version": restarted.json()["version"]}).json()
    undone = guest.post(f"{url}/undo", {"version": again["version"]}).json()
    assert undone["moves"] == [] and undone["layout"] == restarted.json()["layout"]


def test_checkgames_passes_when_every_kept_position_replays(guest, capsys) -> None:
    guest.play(guest.new("stronghold", 1), "t0>c0")
    call_command("checkgames")
    assert "1 games replayed" in capsys.readouterr().out


def test_checkgames_reports_a_kept_position_that_does_not_replay(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    record = Game.objects.get(pk=game["id"])
    record.layout = guest.new("stronghold", 1)["layout"]  # the deal, not the game
    record.save()
    with pytest.raises(CommandError, match="1 problem"):
        call_command("checkgames")


def test_a_game_kept_without_a_position_is_replayed_once_and_then_kept(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    Game.objects.filter(pk=game["id"]).update(layout=None)
    game = guest.play(game, "t0>t1" if "t0>t1" in game["legal"] else game["legal"][0])
    assert Game.objects.get(pk=game["id"]).layout == game["layout"]


def test_each_change_asks_the_solver_once_and_lists_the_legal_moves_once(
    guest, monkeypatch
) -> None:
    game = guest.play(guest.new("streets", 3), "s", "s")
    asked: list[str] = []
    listed: list[str] = []
    assess, legal_moves = SolverJudge.assess, status.legal_moves

    def counted_assess(self: SolverJudge, *args: object) -> tuple[bool, bool]:
        asked.append("assess")
        return assess(self, *args)  # type: ignore[arg-type]

    def counted_legal(*args: object) -> object:
        listed.append("legal")
        return legal_moves(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(SolverJudge, "assess", counted_assess)
    for module in list(sys.modules.values()):
        if getattr(module, "legal_moves", None) is legal_moves:
            monkeypatch.setattr(module, "legal_moves", counted_legal)
    url = f"/api/games/{game['id']}"
    for step in ("move", "undo", "redo", "click", "read"):
        asked.clear()
        listed.clear()
        if step == "move":
            response = guest.move(game, "s")
        elif step == "read":
            response = guest.get(url)
        else:
            extra = {"pile": "s"} if step == "click" else {}
            response = guest.post(f"{url}/{step}", {"version": game["version"], **extra})
        assert response.status_code == 200, (step, response.content)
        game = response.json()
        assert (step, asked, listed) == (step, ["assess"], ["legal"])
