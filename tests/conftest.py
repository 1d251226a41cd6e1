"""Shared fixtures: the plugin host, the CLI run in-process, and a fresh venv with the built wheel."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent

# Hypothesis profiles: "quick" for a local run (few, fixed examples), "ci" with eight times as many, fresh
# ones on every run, chosen when CI=true; HYPOTHESIS_PROFILE names one explicitly. Tests that need another
# count scale it from settings().max_examples, so both profiles keep their proportions.
_HYPOTHESIS = dict(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
settings.register_profile("quick", max_examples=25, derandomize=True, **_HYPOTHESIS)
settings.register_profile("ci", max_examples=200, derandomize=False, print_blob=True, **_HYPOTHESIS)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "quick"))


@pytest.fixture(autouse=True)
def _own_data_dir(monkeypatch, tmp_path_factory):
    """No test writes statistics or autosaves into the real player's data folder (nor reads them)."""
    monkeypatch.setenv("REUSSITE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture
def python_search(monkeypatch):
    """The Python searches alone, the native core off (reussite.solver.native): for tests of how they search."""
    monkeypatch.setenv("REUSSITE_NATIVE", "0")


@pytest.fixture(scope="session")
def host():
    from reussite.host import Host

    return Host.load()


@dataclass
class CliResult:
    code: int
    out: str
    err: str


@pytest.fixture
def run_cli(monkeypatch):
    """Run ``reussite ARGS`` in-process; the locale environment is cleared unless ``env`` says otherwise."""
    from reussite.cli import main

    def run(*args: str, env: dict[str, str] | None = None) -> CliResult:
        for name in ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            monkeypatch.delenv(name, raising=False)
        for name, value in (env or {}).items():
            monkeypatch.setenv(name, value)
        out, err = io.StringIO(), io.StringIO()
        code = main(list(args), out=out, err=err)
        return CliResult(code, out.getvalue(), err.getvalue())

    return run


@dataclass
class Venv:
    """A virtual environment made for one test session, with Réussite installed from its built wheel."""

    path: Path
    wheel: Path

    @property
    def bin(self) -> Path:
        return self.path / "bin"

    def environ(self) -> dict[str, str]:
        """This process's environment, pointed at the venv (and not at this checkout)."""
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        return env

    def run(self, *args: str | os.PathLike, check: bool = True, **kw) -> subprocess.CompletedProcess:
        proc = subprocess.run([str(a) for a in args], capture_output=True, text=True, env=self.environ(), **kw)
        if check and proc.returncode != 0:
            raise AssertionError(f"{args} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
        return proc

    def pip_install(self, *targets: str | os.PathLike) -> None:
        # A plugin source folder is built with the venv's own setuptools (and wheel, see fresh_venv): pip's
        # default build isolation would install setuptools into a new build environment for every folder,
        # about 2 s of CPU each, which is all that flag changes; the plugin is still built and installed.
        self.run(self.bin / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q",
                 "--no-build-isolation", *targets)

    def reussite(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return self.run(self.bin / "reussite", *args, check=check)


def source_copy(dest: Path, folder: Path = ROOT) -> Path:
    """This checkout's sources (or ``folder`` of it, a distribution such as classics/) copied to ``dest``, to
    build from: builds side by side (one per test worker) would share its build/ folder, and a build/ left
    there would bring stale compiled modules."""
    shutil.copytree(folder, dest, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".*cache", ".hypothesis", "test-artifacts"))
    return dest


@pytest.fixture
def copy_sources():
    """:func:`source_copy`, for a test that builds from this checkout itself."""
    return source_copy


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory) -> Path:
    """Réussite built as a wheel from this checkout (no editable magic), its solver compiled where it can be
    (setup.py)."""
    out = tmp_path_factory.mktemp("wheel")
    source = source_copy(tmp_path_factory.mktemp("source") / "reussite")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(source)],
        check=True, capture_output=True, text=True,
    )
    (wheel,) = out.glob("reussite-*.whl")
    return wheel


@pytest.fixture(scope="session")
def fresh_venv(tmp_path_factory, built_wheel) -> Venv:
    """A new venv (no system site-packages) with the wheel and its dependencies installed.

    Shared by the session's packaging tests: each test that adds a plugin distribution to it names its own
    game ids, so tests do not depend on each other's plugins.
    """
    path = tmp_path_factory.mktemp("venv") / "env"
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    env = Venv(path, built_wheel)
    # What the plugins' builds need without isolation (a Python 3.12 venv has no setuptools of its own).
    env.pip_install(str(built_wheel), "setuptools>=61", "wheel")
    return env
