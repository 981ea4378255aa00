"""How static files are stored by ``collectstatic`` and named in pages.

WhiteNoise's compressed manifest storage gives every file a name carrying a hash of its
content (``table.3f2a9c1b7d4e.js``) and writes a gzip copy beside it, so WhiteNoise can send
it compressed and tell browsers to keep it for a year: a changed file gets a new name.

The table's ES modules import each other by relative path (``import ... from "./api.js"``).
Django rewrites those imports to the hashed names too
(``support_js_module_import_aggregation``), so a page never mixes an old module with a new
one. ``tests/site/test_static_files.py`` checks that every import resolves.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """Hashed, compressed static files, with the imports of ES modules rewritten."""

    support_js_module_import_aggregation = True
