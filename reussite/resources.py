"""Where the data packages (``reussite_help``, ``reussite_locale``) are on disk.

They are folders without ``__init__.py`` (so ``locale/`` never shadows the standard ``locale`` module when
running from a checkout), installed as namespace packages. ``importlib.resources.files`` fails on such a
package under an editable install, so this looks up the package's real folder instead.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path


@cache
def data_dir(package: str) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            if Path(location).is_dir():
                return Path(location)
    raise FileNotFoundError(f"the data package {package!r} is not installed (reinstall Réussite)")
