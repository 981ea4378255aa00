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
