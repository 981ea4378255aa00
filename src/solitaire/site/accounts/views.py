"""Sign-up; log-in, log-out and password change are Django's own views."""

from __future__ import annotations

from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from solitaire.site import limits


def _next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/"
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe else "/"


def signup(request: HttpRequest) -> HttpResponse:
    """Make an account (``username``, ``password1``, ``password2``) and log it in.

    Logging in hands the guest's games and settings to the new account. Sign-ups are
    rate-limited per client and per address (``RATES["signups"]``): past either, 429 before
    the form is read.
    """
    if request.user.is_authenticated:
        return redirect(_next(request))
    if request.method == "POST":
        limits.count(request, "signups", "too many new accounts from here")
    form: UserCreationForm[User] = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect(_next(request))
    return render(request, "registration/signup.html", {"form": form, "next": _next(request)})
