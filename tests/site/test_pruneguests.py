"""The pruneguests command deletes only old guest games."""

from __future__ import annotations

import datetime
from io import StringIO

from django.core.management import call_command
from django.utils import timezone

from solitaire.site.play.models import Game


def test_it_deletes_old_guest_games_and_keeps_the_rest(alice) -> None:
    old = timezone.now() - datetime.timedelta(days=400)
    stale = Game.objects.create(guest="token-a", game="streets", deal=1)
    fresh = Game.objects.create(guest="token-b", game="streets", deal=2)
    players = Game.objects.create(user=alice, game="streets", deal=3)
    Game.objects.filter(pk__in=[stale.pk, players.pk]).update(updated=old)
    out = StringIO()
    call_command("pruneguests", stdout=out)
    assert set(Game.objects.values_list("pk", flat=True)) == {fresh.pk, players.pk}
    assert "deleted 1 guest games" in out.getvalue()


def _session(data: dict[str, object], changed_days_ago: float) -> str:
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session

    store = SessionStore()
    store.update(data)
    store.create()
    expiry = timezone.now() + datetime.timedelta(
        seconds=settings.SESSION_COOKIE_AGE, days=-changed_days_ago
    )
    Session.objects.filter(pk=store.session_key).update(expire_date=expiry)
    return str(store.session_key)


def test_unplayed_guest_games_go_after_a_day_and_so_do_sessions_left_without_a_game(alice):
    from django.contrib.sessions.models import Session

    from solitaire.site.play.pruning import prune

    day_ago = timezone.now() - datetime.timedelta(hours=25)
    unplayed = Game.objects.create(guest="dealer", game="streets", deal=1, created=day_ago)
    played = Game.objects.create(guest="player", game="streets", deal=2, created=day_ago)
    Game.objects.filter(pk=played.pk).update(moves_made=3, first_move=day_ago)
    mine = Game.objects.create(user=alice, game="streets", deal=3, created=day_ago)
    sessions = {
        "dealer": _session({"guest": "dealer"}, 2),  # its only game goes: so does it
        "player": _session({"guest": "player"}, 2),
        "alice": _session({"_auth_user_id": str(alice.pk)}, 2),
        "new": _session({"guest": "nobody-yet"}, 0),  # changed today: kept for now
    }
    pruned = prune()
    assert (pruned.unplayed, pruned.idle, pruned.sessions) == (1, 0, 1)
    assert set(Game.objects.values_list("pk", flat=True)) == {played.pk, mine.pk}
    left = set(Session.objects.values_list("pk", flat=True))
    assert left == {sessions["player"], sessions["alice"], sessions["new"]}
    assert unplayed.pk not in left


def test_the_schedule_prunes_once_a_period_in_all_processes(settings, monkeypatch) -> None:
    from solitaire.site.play import pruning

    runs: list[int] = []
    monkeypatch.setattr(pruning, "prune", lambda: runs.append(1) or pruning.Pruned())
    pruning._run_when_due()
    pruning._run_when_due()  # another process in the same period: the cache says it is done
    assert runs == [1]
    settings.PRUNE_MINUTES = 0
    assert pruning.start_schedule() is None
