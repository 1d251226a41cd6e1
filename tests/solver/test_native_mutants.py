"""The native core's C code, mutated one line at a time (tools/native_mutants.py): the core's tests catch every
mutant. Each mutant is a build of its own, so this runs under CI=true only, where Cython (the test extra) and a
C compiler are at hand."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from reussite.solver import native

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not (os.environ.get("CI") and native.enabled() and shutil.which("cc") and importlib.util.find_spec("Cython")),
    reason="mutants are built and tested under CI=true, with the native core on, Cython and a C compiler")


def test_every_mutant_of_the_native_core_is_caught():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "native_mutants.py"), "--jobs", "2"],
                          capture_output=True, text=True, cwd=ROOT, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SURVIVED" not in done.stdout and " mutants caught" in done.stdout
