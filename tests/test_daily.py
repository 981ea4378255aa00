"""The Daily deal: proved, shared, unpredictable and without repeats within a year."""

from __future__ import annotations

from datetime import date, timedelta
from itertools import pairwise

import pytest
from click.testing import CliRunner

from solitaire.cli import main
from solitaire.deals import daily
from solitaire.deals.daily import EPOCH, MIN_POOL, NO_REPEAT_DAYS, daily_deal, no_repeat_days
from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED


@pytest.mark.parametrize("game", FEATURED)
def test_no_daily_deal_repeats_within_a_year(game: str) -> None:
    days = [EPOCH + timedelta(days=n) for n in range(3 * 366)]
    deals = [daily_deal(game, day) for day in days]
    gap = no_repeat_days(len(proved_deals(game)[:500]))
    assert gap == min(NO_REPEAT_DAYS, len(proved_deals(game)[:500]) // 2)
    for start in range(len(deals) - gap):
        window = deals[start : start + gap]
        assert len(set(window)) == gap


@pytest.mark.parametrize("game", FEATURED)
def test_every_daily_deal_is_a_proved_deal(game: str) -> None:
    proved = {p.deal for p in proved_deals(game)}
    assert all(daily_deal(game, EPOCH + timedelta(days=n)) in proved for n in range(400))


def test_the_daily_deal_does_not_follow_from_yesterdays() -> None:
    deals = [daily_deal("stronghold", EPOCH + timedelta(days=n)) for n in range(200)]
    steps = {b - a for a, b in pairwise(deals)}
    assert len(steps) > 150


def test_the_games_have_different_daily_deals() -> None:
    day = date(2026, 11, 29)
    assert len({daily_deal(game, day) for game in FEATURED}) > 1


def test_a_private_key_changes_the_schedule(monkeypatch: pytest.MonkeyPatch) -> None:
    days = [EPOCH + timedelta(days=n) for n in range(30)]
    public = [daily_deal("blockade", day) for day in days]
    monkeypatch.setenv("SOLITAIRE_DAILY_KEY", "our own secret")
    assert [daily_deal("blockade", day) for day in days] != public


def test_the_command_prints_the_days_deal() -> None:
    result = CliRunner().invoke(main, ["daily", "stronghold", "--date", "2026-11-29"])
    assert result.exit_code == 0
    assert int(result.output) == daily_deal("stronghold", date(2026, 11, 29))


def test_the_command_refuses_a_bad_date() -> None:
    result = CliRunner().invoke(main, ["daily", "stronghold", "--date", "29/11/2026"])
    assert result.exit_code == 2
    assert "YYYY-MM-DD" in result.output


def test_there_is_no_daily_deal_before_the_first_day() -> None:
    with pytest.raises(ValueError, match="began on"):
        daily_deal("streets", EPOCH - timedelta(days=1))


def test_a_game_without_enough_proved_deals_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    short = proved_deals("stronghold")[: MIN_POOL - 1]
    monkeypatch.setattr(daily, "proved_deals", lambda game: short)
    with pytest.raises(ValueError, match=f"the Daily deal needs at least {MIN_POOL}"):
        daily_deal("stronghold", date(2026, 11, 29))


def test_a_short_list_keeps_a_deal_back_for_half_its_length(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    short = proved_deals("stronghold")[:40]
    monkeypatch.setattr(daily, "proved_deals", lambda game: short)
    monkeypatch.setattr(daily, "_schedules", {})
    deals = [daily_deal("stronghold", EPOCH + timedelta(days=n)) for n in range(200)]
    for start in range(len(deals) - 20):
        assert len(set(deals[start : start + 20])) == 20
    assert len(set(deals)) == 40
    assert len({b - a for a, b in pairwise(deals)}) > 20
