"""Every page carries the site's Content-Security-Policy: its own scripts, styles and images
only (django-csp)."""

from __future__ import annotations

import pytest

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}


def _policy(header: str) -> dict[str, str]:
    parts = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return {name: value for name, value in parts}


@pytest.mark.parametrize(
    "url",
    ["/", "/play/streets/", "/rules/streets/", "/stats/", "/accounts/login/", "/nowhere/"],
)
def test_every_page_carries_the_policy(guest, url) -> None:
    response = guest.client.get(url)
    assert response.status_code in (200, 404)
    policy = _policy(response["Content-Security-Policy"])
    assert {name: policy.get(name) for name in POLICY} == POLICY
    assert "unsafe-inline" not in response["Content-Security-Policy"]


def test_the_api_answers_carry_it_too(guest) -> None:
    assert "default-src 'self'" in guest.get("/api/settings")["Content-Security-Policy"]
