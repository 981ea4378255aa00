"""The plumbing of the JSON API under ``/api/``, shared by every app of the site.

Every answer under ``/api/`` is JSON, errors included: ``{"error": "..."}`` with its status.
A refusal changes nothing. Requests are read defensively: whatever a client sends (a body
that is not JSON, nested a thousand deep, a form upload, a method the endpoint does not
take) gets a 4xx that says what is wrong, never a 500. A client past a limit gets
:class:`TooMany`: 429 with a ``Retry-After`` header, JSON under ``/api/`` and a short page
elsewhere.
"""

from __future__ import annotations

import datetime
import json
import logging
import math
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.views.csrf import csrf_failure as django_csrf_failure

from solitaire.engine.errors import SolitaireError

View = Callable[..., HttpResponse]
API_PREFIX = "/api/"
logger = logging.getLogger(__name__)


class Refused(Exception):
    """A request the API turns down; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class TooMany(Exception):
    """A client past one of the site's limits: 429, to be asked again after ``retry_after``
    seconds (at least 1)."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.message = message
        self.retry_after = max(1, math.ceil(retry_after))


def error(status: int, message: str) -> JsonResponse:
    """The API's refusal: ``{"error": message}``."""
    return JsonResponse({"error": message}, status=status)


def too_many(request: HttpRequest, limit: TooMany) -> HttpResponse:
    """The answer past a limit: JSON under ``/api/``, a short page elsewhere; both 429 with
    ``Retry-After``."""
    if _under_api(request):
        response: HttpResponse = error(429, limit.message)
    else:
        from django.shortcuts import render

        context = {"message": limit.message, "seconds": limit.retry_after}
        response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(limit.retry_after)
    return response


class TooManyAnswer:
    """Middleware: a :class:`TooMany` raised by any view becomes its 429 answer."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Serve the request."""
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The 429 for a limit; anything else goes on to Django's handling."""
        return too_many(request, exception) if isinstance(exception, TooMany) else None


def endpoint(*methods: str) -> Callable[[View], View]:
    """Allow only ``methods`` (and HEAD wherever GET is), and turn refusals and engine errors
    into JSON errors.
    """
    allowed = (*methods, "HEAD") if "GET" in methods else methods

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in allowed:
                response = error(405, f"use {' or '.join(methods)} here")
                response["Allow"] = ", ".join(allowed)
                return response
            try:
                return view(request, *args, **kwargs)
            except Refused as refusal:
                return error(refusal.status, refusal.message)
            except TooMany as limit:
                return too_many(request, limit)
            except SolitaireError as problem:
                return error(400, str(problem))

        return wrapper

    return decorate


def reads(request: HttpRequest) -> bool:
    """Whether the request only reads (GET or HEAD)."""
    return request.method in ("GET", "HEAD")


def body(request: HttpRequest) -> dict[str, Any]:
    """The request's JSON object (an empty body counts as ``{}``)."""
    if (request.content_type or "").startswith("multipart/"):
        raise Refused(415, "send the request body as JSON (Content-Type: application/json)")
    try:
        raw = request.body
    except RequestDataTooBig:
        raise Refused(400, "the request body is too large") from None
    except RawPostDataException:  # the body was read as a form already
        raise Refused(415, "send the request body as JSON") from None
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "the request body is not valid JSON") from None
    except RecursionError:
        raise Refused(400, "the request body is nested too deeply") from None
    if not isinstance(data, dict):
        raise Refused(400, "send a JSON object")
    return data


def integer(data: dict[str, Any], key: str) -> int:
    """``data[key]`` as an int, refusing a missing key, a bool, a float or a string."""
    if key not in data:
        raise Refused(400, f"{key} is missing")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused(400, f"{key} must be a whole number")
    return value


def text(data: dict[str, Any], key: str) -> str:
    """``data[key]`` as a string, refusing a missing key or another type."""
    if key not in data:
        raise Refused(400, f"{key} is missing")
    value = data[key]
    if not isinstance(value, str):
        raise Refused(400, f"{key} must be a string")
    return value


def texts(data: dict[str, Any], key: str, most: int) -> list[str]:
    """``data[key]`` as a list of 1 to ``most`` strings, refusing a missing key, another
    type, an empty list or a longer one."""
    if key not in data:
        raise Refused(400, f"{key} is missing")
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Refused(400, f"{key} must be a list of strings")
    if not 1 <= len(value) <= most:
        raise Refused(400, f"{key} must hold 1 to {most} items, not {len(value)}")
    return value


def date(data: dict[str, Any], key: str) -> datetime.date:
    """``data[key]`` as a date written YYYY-MM-DD."""
    value = text(data, key)
    try:
        return datetime.date.fromisoformat(value) if len(value) == 10 else _bad_date(key)
    except ValueError:
        return _bad_date(key)


def _bad_date(key: str) -> datetime.date:
    raise Refused(400, f"{key} must be a date written YYYY-MM-DD")


def flag(data: dict[str, Any], key: str) -> bool:
    """``data[key]`` as a bool (missing is False), refusing another type."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise Refused(400, f"{key} must be true or false")
    return value


def _under_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF refusals: JSON under ``/api/``, Django's own page elsewhere."""
    if _under_api(request):
        return error(403, "CSRF check failed: send the csrftoken cookie back as X-CSRFToken")
    return django_csrf_failure(request, reason=reason)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """400s that Django raises before a view runs (a malformed upload, say)."""
    if _under_api(request):
        return error(400, "the request could not be read: send a JSON object")
    from django.views.defaults import bad_request as page

    return page(request, exception or Exception("bad request"))


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404s: JSON under ``/api/``, the site's page elsewhere."""
    if _under_api(request):
        return error(404, "there is nothing here")
    from django.views.defaults import page_not_found

    return page_not_found(request, exception or Exception("not found"))


def server_error(request: HttpRequest) -> HttpResponse:
    """500s: JSON under ``/api/`` (the fault is logged), the site's page elsewhere."""
    if _under_api(request):
        return error(500, "the server failed to answer this request; nothing was changed")
    from django.views.defaults import server_error as page

    return page(request)


class HeadWithoutBody:
    """Middleware: an answer to HEAD carries the headers GET would, and no body."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        """Serve the request; for HEAD, drop the body but keep its length."""
        response = self.get_response(request)
        if request.method == "HEAD" and not response.streaming:
            length = len(response.content)
            response.content = b""
            response["Content-Length"] = str(length)
        return response
