"""The pages: home, the card table, rules, statistics."""

from __future__ import annotations

import json
import re

import pytest

from solitaire.engine.games import FEATURED
from solitaire.site.play.models import Game


def test_the_home_page_lists_every_game(client) -> None:
    html = client.get("/").content.decode()
    for game in FEATURED:
        assert f'href="/play/{game}/"' in html
        assert f'href="/rules/{game}/"' in html


@pytest.mark.parametrize("game", FEATURED)
def test_the_table_page_carries_the_game_and_the_settings(client, game) -> None:
    response = client.get(f"/play/{game}/")
    assert response.status_code == 200
    html = response.content.decode()
    record = Game.objects.get()
    assert f'data-game="{game}"' in html
    assert f'data-game-id="{record.pk}"' in html
    assert 'id="game-data"' in html and 'id="settings-data"' in html
    assert 'type="module"' in html and re.search(r"solitaire/js/table\.[0-9a-f]{12}\.js", html)
    assert "csrftoken" in response.cookies
    data = json.loads(
        html.split('id="game-data" type="application/json">')[1].split("</script>")[0]
    )
    assert data["id"] == record.pk and data["game"] == game


def test_the_templates_hold_no_inline_javascript(client) -> None:
    html = client.get("/play/streets/").content.decode()
    for chunk in html.split("<script")[1:]:
        opening = chunk.split(">", 1)[0]
        assert 'type="application/json"' in opening or "src=" in opening, opening
    assert "onclick=" not in html


def test_a_reload_resumes_the_unfinished_game(client) -> None:
    client.get("/play/streets/")
    client.get("/play/streets/")
    assert Game.objects.count() == 1


def test_a_deal_number_deals_it_and_keeps_the_shareable_address(client) -> None:
    response = client.get("/play/streets/?deal=17")
    record = Game.objects.get()
    assert record.deal == 17
    assert response.status_code == 200
    assert response.context["record"] == record
    assert response.context["share_query"] == "?deal=17"


def test_someone_elses_game_is_not_found(client, alice_api) -> None:
    game = alice_api.new("streets", 1)
    assert client.get(f"/play/streets/?id={game['id']}").status_code == 404


def test_a_bad_game_id_is_not_found(client) -> None:
    for query in ("id=abc", "id=99999999999999999999999"):
        assert client.get(f"/play/streets/?{query}").status_code == 404, query


def test_an_unknown_game_is_not_found(client) -> None:
    assert client.get("/play/chess/").status_code == 404
    assert client.get("/rules/chess/").status_code == 404


@pytest.mark.parametrize("game", FEATURED)
def test_each_game_has_a_rules_page(client, game) -> None:
    response = client.get(f"/rules/{game}/")
    assert response.status_code == 200
    html = response.content.decode()
    for section in ("setup", "rules", "win", "tips", "solver", "questions"):
        assert f'id="{section}"' in html


def test_the_rules_page_says_when_no_survey_is_published(client, settings, tmp_path) -> None:
    settings.SURVEY_DIR = str(tmp_path)
    html = client.get("/rules/streets/").content.decode()
    assert "survey-pending" in html
    (tmp_path / "streets.json").write_text("not json")
    assert "survey-pending" in client.get("/rules/streets/").content.decode()


def test_the_rules_page_counts_a_survey_file(client, settings, tmp_path) -> None:
    rows = [
        {
            "deal": 1,
            "result": "won",
            "positions": 10,
            "seconds": 0.5,
            "budget": 1000,
            "solution": "",
        },
        {
            "deal": 2,
            "result": "lost",
            "positions": 10,
            "seconds": 1.5,
            "budget": 1000,
            "solution": "",
        },
        {
            "deal": 3,
            "result": "won",
            "positions": 10,
            "seconds": 2.5,
            "budget": 1000,
            "solution": "",
        },
    ]
    (tmp_path / "blockade.json").write_text(json.dumps(rows))
    settings.SURVEY_DIR = str(tmp_path)
    response = client.get("/rules/blockade/")
    survey = response.context["survey"]
    assert (survey["won"], survey["lost"], survey["unknown"], survey["total"]) == (2, 1, 0, 3)
    assert survey["median_seconds"] == 1.5
    html = response.content.decode()
    assert "solitaire survey blockade --deals 1-3 --budget 1000" in html
    # the budget, with a thousands separator
    assert '<td data-label="Budget (positions)">1,000</td>' in html
    # 2 of 3 proved won and none undecided: the Wilson interval of 2 of 3, both ends.
    assert survey["winnable"] == [20.8, 93.9]
    assert "between 20.8% and 93.9% of Blockade deals can be won" in html


def test_the_rules_page_names_the_hard_wins_phase_of_a_survey(client, settings, tmp_path) -> None:
    row = {"result": "unknown", "positions": 10, "seconds": 0.5, "budget": 1000, "solution": ""}
    rows = [{**row, "deal": 1}, {**row, "deal": 2, "hard": 5000, "method": ""}]
    (tmp_path / "blockade.json").write_text(json.dumps(rows))
    settings.SURVEY_DIR = str(tmp_path)
    response = client.get("/rules/blockade/")
    assert response.context["survey"]["hard"] == 5000
    html = response.content.decode()
    assert "solitaire survey blockade --deals 1-2 --budget 1000 --hard 5000" in html


def test_the_rules_page_gives_the_unseen_deals_survey_with_its_command(
    client, settings, tmp_path
) -> None:
    row = {"result": "won", "positions": 10, "seconds": 0.5, "budget": 1000, "solution": ""}
    (tmp_path / "blockade.json").write_text(json.dumps([{**row, "deal": 1}]))
    settings.SURVEY_DIR = str(tmp_path)
    assert client.get("/rules/blockade/").context["unseen"] is None
    assert "survey-unseen" not in client.get("/rules/blockade/").content.decode()
    (tmp_path / "unseen").mkdir()
    unseen = [
        {**row, "deal": 401, "stranded": 5000},
        {**row, "deal": 402, "result": "lost", "stranded": 5000},
        {**row, "deal": 403, "result": "unknown", "stranded": 5000},
    ]
    (tmp_path / "unseen" / "blockade.json").write_text(json.dumps(unseen))
    response = client.get("/rules/blockade/")
    figures = response.context["unseen"]
    assert (figures["won"], figures["lost"], figures["unknown"]) == (1, 1, 1)
    html = response.content.decode()
    assert "On deals 401-403, which its settings were not chosen on" in html
    assert "solitaire survey blockade --deals 401-403 --budget 1000 --stranded 5000" in html
    # the page's own survey is still the first file's
    assert response.context["survey"]["won"] == 1


def test_static_files_are_served(client) -> None:
    response = client.get("/static/solitaire/css/site.css")
    assert response.status_code == 200


def test_the_rules_page_follows_a_survey_file_that_changes(client, settings, tmp_path) -> None:
    settings.SURVEY_DIR = str(tmp_path)
    row = {"deal": 1, "result": "won", "positions": 1, "seconds": 0.1, "budget": 10}
    survey_file = tmp_path / "streets.json"
    survey_file.write_text(json.dumps([row]))
    assert client.get("/rules/streets/").context["survey"]["won"] == 1
    survey_file.write_text(json.dumps([row, {**row, "deal": 2, "result": "lost"}]))
    counted = client.get("/rules/streets/").context["survey"]
    assert (counted["won"], counted["lost"], counted["total"]) == (1, 1, 2)
