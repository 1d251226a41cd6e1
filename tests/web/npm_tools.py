"""The npm tools the browser tests use (axe-core, Lighthouse), pinned here and installed once into a cache
folder, never shipped with the package. ``python3 tests/web/npm_tools.py`` installs them all (.ci/run does,
so that the test run does not spend its time in npm); a test that needs one installs it if it is missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

# name: (npm package, version, the file the tests use inside node_modules)
TOOLS = {
    "axe": ("axe-core", "4.14.1", "axe-core/axe.min.js"),
    # Lighthouse 13 wants Node 22; Debian's is 20.
    "lighthouse": ("lighthouse", "12.2.3", "lighthouse/cli/index.js"),
}


def folder(name: str) -> Path:
    package, version, _ = TOOLS[name]
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return cache / "reussite-tests" / f"{name}-{version}"


def installed(name: str) -> Path:
    """The tool's file, installed with npm first if it is not there; a clear error if npm is missing."""
    package, version, inside = TOOLS[name]
    target = folder(name) / "node_modules" / inside
    if not target.exists():
        npm = shutil.which("npm")
        if not npm:
            raise FileNotFoundError(f"npm is missing: install nodejs and npm to get {package} {version}")
        folder(name).mkdir(parents=True, exist_ok=True)
        subprocess.run([npm, "install", "--prefix", str(folder(name)), "--no-audit", "--no-fund", "--no-save",
                        "--save-exact", f"{package}@{version}"], check=True, capture_output=True, timeout=600)
    return target


def tool_or_skip(name: str) -> Path:
    """For a fixture: the tool, or a skip (a failure when CI is set) if npm is missing."""
    import pytest

    try:
        return installed(name)
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc} (CI is set, so this is a failure, not a skip)")
        pytest.skip(str(exc))


if __name__ == "__main__":
    for tool in TOOLS:
        print(f"{tool}: {installed(tool)}", file=sys.stderr)
