"""The WSGI application, for ``solitaire serve`` or any WSGI server."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "solitaire.site.settings")

application = get_wsgi_application()
