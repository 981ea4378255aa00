"""A Django check that makes the data folder ready, so that ``django-admin migrate`` works on
a fresh clone as ``solitaire serve`` does (Django runs the checks before migrating)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, register

from solitaire.site.env import prepare


@register()
def data_folder(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """Create the data folder and its secret key; an error if that is not possible."""
    try:
        prepare(settings.DATA_DIR)
    except OSError as error:
        return [
            Error(f"cannot prepare the data folder {settings.DATA_DIR}: {error}", id="site.E001")
        ]
    return []
