"""Sign up, log in, log out and change password, at SPEC's URLs."""

from __future__ import annotations

from django.contrib.auth.models import User

from solitaire.site import settings as site_settings

PASSWORD = "a long and unusual passphrase"


def test_passwords_are_hashed_with_argon2(client, settings) -> None:
    settings.PASSWORD_HASHERS = site_settings.PASSWORD_HASHERS
    assert settings.PASSWORD_HASHERS[0].endswith("Argon2PasswordHasher")
    client.post(
        "/accounts/signup/", {"username": "dora", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert User.objects.get(username="dora").password.startswith("argon2")


def test_signup_makes_an_account_and_logs_it_in(client) -> None:
    response = client.post(
        "/accounts/signup/?next=/stats/",
        {"username": "erin", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == "/stats/"
    assert client.get("/stats/").context["user"].username == "erin"


def test_signup_refuses_passwords_that_differ(client) -> None:
    response = client.post(
        "/accounts/signup/", {"username": "erin", "password1": PASSWORD, "password2": "other"}
    )
    assert response.status_code == 200
    assert not User.objects.filter(username="erin").exists()


def test_signup_ignores_an_offsite_next(client) -> None:
    response = client.post(
        "/accounts/signup/?next=https://example.org/",
        {"username": "erin", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response["Location"] == "/"


def test_login_and_logout(client, alice) -> None:
    assert client.get("/accounts/login/").status_code == 200
    response = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/api/settings").status_code == 200


def test_password_change(client, alice) -> None:
    client.force_login(alice)
    new = "another long passphrase"
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new)


def test_the_admin_works_for_staff(client, alice) -> None:
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    assert client.get("/admin/play/game/").status_code == 200
    assert client.get("/admin/accounts/preferences/").status_code == 200
