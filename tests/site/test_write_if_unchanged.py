"""The version-checked UPDATE that writes every change: each changed field lands as the ORM
would write it, and a stale version or a closed game writes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.utils import timezone

from solitaire.site.play import records
from solitaire.site.play.models import Game, Result

pytestmark = pytest.mark.django_db


def _dealt() -> Game:
    return Game.objects.create(game="streets", deal=7, guest="g", **records.dealt("streets", 7))


def test_every_changed_field_is_written_and_read_back() -> None:
    record = _dealt()
    engine = records.resume(record)
    engine.push(str(next(iter(engine.legal_moves()))))
    records.keep(record, engine)
    when = timezone.now() - datetime.timedelta(minutes=3)
    record.undone, record.moves_made, record.first_move, record.updated = ["s"], 5, when, when
    record.result, record.finished, record.version = Result.STUCK, when, 1
    assert records.write_if_unchanged(record, 0)
    stored = Game.objects.get(pk=record.pk)
    for field in records.CHANGED:
        assert getattr(stored, field) == getattr(record, field), field


@pytest.mark.parametrize("result", [Result.WON, Result.ABANDONED])
def test_a_closed_game_is_not_written(result: Result) -> None:
    record = _dealt()
    Game.objects.filter(pk=record.pk).update(result=result)
    record.moves, record.version = ["s"], 1
    assert not records.write_if_unchanged(record, 0)
    assert Game.objects.get(pk=record.pk).moves == []


def test_a_stale_version_is_not_written() -> None:
    record = _dealt()
    Game.objects.filter(pk=record.pk).update(version=4)
    record.moves, record.version = ["s"], 4
    assert not records.write_if_unchanged(record, 3)
    stored = Game.objects.get(pk=record.pk)
    assert (stored.moves, stored.version) == ([], 4)
