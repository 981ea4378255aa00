"""The eight family games on the site as the five are: a Hint from a proved deal's stored
line, the Daily deal for a logged-in player, and a rules page with the solver's figures."""

from __future__ import annotations

import pytest
from test_solver_helpers import FAMILY_GAMES

from solitaire.deals.daily import daily_deal, today
from solitaire.deals.winnable import proved_deals
from solitaire.site.play import hinting


def _never(task: dict[str, object]) -> dict[str, object]:
    raise AssertionError("the solver was asked")


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_a_proved_deal_is_hinted_from_its_stored_line(guest, settings, game: str) -> None:
    settings.SOLVER_PROCESSES = 0
    proved = proved_deals(game)[0]
    game_object = guest.play(guest.new(game, proved.deal), *proved.solution[:3])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(hinting, "hint_job", _never)
        hint = guest.post(f"/api/games/{game_object['id']}/hint").json()
    assert (hint["result"], hint["move"]) == ("won", proved.solution[3])


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_a_player_gets_the_daily_deal(alice_api, game: str) -> None:
    deal = daily_deal(game, today())
    answer = alice_api.post("/api/games", {"game": game, "daily": True})
    assert answer.status_code == 201, answer.content
    assert answer.json()["deal"] == deal


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_the_rules_page_shows_the_surveys_figures(client, game: str) -> None:
    html = client.get(f"/rules/{game}/").content.decode()
    assert "What our solver proved" in html
    assert "Reproduce it with" in html and f"solitaire survey {game} --deals 1-" in html
