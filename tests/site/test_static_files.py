"""Static files as served (issue 16, point 15): hashed names, gzip, a year's caching, every ES
module import rewritten to a file that exists; a favicon and an app manifest."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

PAGES = ["/", "/play/streets/", "/rules/stronghold/", "/stats/", "/accounts/login/"]
HASHED = re.compile(r"\.[0-9a-f]{12}\.")


def _get(client, url: str, **headers: str):
    response = client.get(url, headers=headers)
    if response.streaming:
        response.body = b"".join(response.streaming_content)
    else:
        response.body = response.content
    return response


def _links(html: str, rel: str) -> list[str]:
    return re.findall(rf'<link rel="{rel}" href="([^"]+)"', html)


@pytest.mark.parametrize("page", PAGES)
def test_every_page_links_a_favicon_and_the_app_manifest(client, page) -> None:
    html = client.get(page).content.decode()
    (icon,) = _links(html, "icon")
    assert HASHED.search(icon) and icon.endswith(".svg")
    response = _get(client, icon)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in response.body
    assert _links(html, "manifest") == ["/manifest.webmanifest"]


def test_the_app_manifest_says_how_to_install_the_site(client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Solitaire"
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        served = _get(client, icon["src"])
        assert served.status_code == 200, icon
        assert served["Content-Type"] == icon["type"]
    assert client.head("/manifest.webmanifest").status_code == 200
    assert client.post("/manifest.webmanifest").status_code == 405


def test_favicon_ico_leads_to_the_svg_icon(client) -> None:
    response = client.get("/favicon.ico")
    assert response.status_code == 302
    assert response["Location"].endswith(".svg")
    assert _get(client, response["Location"]).status_code == 200


def test_static_files_have_hashed_names_gzip_and_a_year_of_caching(client) -> None:
    html = client.get("/play/streets/").content.decode()
    urls = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert any(url.endswith(".js") for url in urls) and any(url.endswith(".css") for url in urls)
    for url in urls:
        assert HASHED.search(url), url
        plain = _get(client, url)
        zipped = _get(client, url, accept_encoding="gzip")
        assert plain.status_code == zipped.status_code == 200, url
        assert "immutable" in zipped["Cache-Control"], url
        max_age = int(re.search(r"max-age=(\d+)", zipped["Cache-Control"]).group(1))
        assert max_age >= 365 * 24 * 3600, url
        if url.endswith((".js", ".css", ".svg")) and len(plain.body) > 1000:
            assert zipped["Content-Encoding"] == "gzip", url
            assert len(zipped.body) < len(plain.body), url


def test_every_module_import_names_a_collected_hashed_file(static_root: Path) -> None:
    """The table's ES modules import each other by relative path: each import in a hashed
    module must name a hashed module that collectstatic wrote."""
    manifest = json.loads((static_root / "staticfiles.json").read_text())["paths"]
    modules = [name for name in manifest if name.endswith(".js") and "admin/" not in name]
    assert "solitaire/js/table.js" in modules
    checked = 0
    for name in modules:
        hashed = static_root / manifest[name]
        for target in re.findall(r"""from\s*["'](\.{1,2}/[^"']+)["']""", hashed.read_text()):
            resolved = (hashed.parent / target).resolve()
            assert resolved.exists(), f"{manifest[name]} imports {target}, which is missing"
            assert HASHED.search(resolved.name), f"{manifest[name]} imports plain {target}"
            checked += 1
    assert checked >= 10


def test_the_skip_link_is_the_first_thing_to_focus(client) -> None:
    for page, target in (("/play/streets/", "#board"), ("/rules/streets/", "#content")):
        html = client.get(page).content.decode()
        body = html.split("<body", 1)[1]
        first = re.search(r"<(a|button|input|select|textarea)\b[^>]*>", body).group(0)
        assert 'class="skip-link"' in first and f'href="{target}"' in first, (page, first)
