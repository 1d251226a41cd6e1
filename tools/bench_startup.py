"""Start-up benchmark: how long ``reussite games`` and ``reussite help`` take as fresh processes.

Goals: ``reussite games`` under 0.3 s, ``reussite help GAME`` under 0.15 s. The machine is shared and
noisy, so every command is timed in the same run as a bare ``python -c pass``, interleaved, and reported
as CPU time (user + system of the child) and wall time, each with its ratio to ``python -c pass``.

    PYTHONPATH=... python tools/bench_startup.py [--runs 15]

The commands run as ``python -m reussite.cli`` with this interpreter (no shell wrapper on PATH), with
bytecode caching on (in a temporary PYTHONPYCACHEPREFIX, after one warm-up run), as an installed copy
runs: with PYTHONDONTWRITEBYTECODE set, every start would compile every module again.
``--importtime`` prints the ten slowest imports of ``reussite help tournament --format markdown``.
``--venv DIR`` runs every command (and ``python -c pass``) with the python of a venv holding the wheel built
from this checkout (made or refreshed in DIR), as an installed copy runs and as soliterm runs from its own
venv: the system interpreter's ``site-packages`` ``.pth`` files (an editable install's finder, whatever else
the machine put there) then cost neither, and the ratio compares the programs, not their environments.
``--soliterm PATH`` adds soliterm's ``--list`` to the same run and prints ``reussite games`` / ``soliterm
--list`` (CPU medians), the goal being at most 1.0; soliterm is no dependency: install it in a throw-away
venv (``python -m venv /tmp/s && /tmp/s/bin/pip install soliterm``) and pass ``/tmp/s/bin/soliterm``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

CLI = [sys.executable, "-m", "reussite.cli"]
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "reussite games": [*CLI, "games"],
    "reussite help (usage)": [*CLI, "help", "--help"],
    "reussite help tournament --format markdown": [*CLI, "help", "tournament", "--format", "markdown"],
    "reussite help tournament --lang fr": [*CLI, "help", "tournament", "--lang", "fr"],
}


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def install_wheel(folder: str) -> str:
    """The python of the venv ``folder`` (created if missing), with the wheel of this checkout installed."""
    import venv
    from pathlib import Path

    python = Path(folder) / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(folder)
    out = tempfile.mkdtemp(prefix="reussite-bench-wheel-")
    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", out, str(root)], check=True,
                   capture_output=True)
    (wheel,) = Path(out).glob("reussite-*.whl")
    pip = [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, str(wheel)], check=True, capture_output=True)  # the dependencies, the first time
    subprocess.run([*pip, "--force-reinstall", "--no-deps", str(wheel)], check=True, capture_output=True)
    return str(python)


def run_once(cmd: list[str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one run of ``cmd``."""
    # getrusage, not os.times: times() counts in 10 ms clock ticks, too coarse for a 50 ms process.
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=ENV)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def importtime() -> None:
    proc = subprocess.run([sys.executable, "-X", "importtime", *CLI[1:], "help", "tournament", "--format",
                           "markdown"], capture_output=True, text=True, check=True, env=ENV)
    rows = []
    for line in proc.stderr.splitlines():
        parts = [p.strip() for p in line.removeprefix("import time:").split("|")]
        if len(parts) == 3 and parts[0].isdigit():
            rows.append((int(parts[1]), int(parts[0]), parts[2]))
    for cumulative, self_us, name in sorted(rows, reverse=True)[:10]:
        print(f"  {cumulative / 1000:7.1f} ms cumulative  {self_us / 1000:6.1f} ms self  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--importtime", action="store_true")
    parser.add_argument("--soliterm", metavar="PATH", help="soliterm's script, to compare 'reussite games' with")
    parser.add_argument("--venv", metavar="DIR", help="run from a venv with this checkout's wheel (see above)")
    args = parser.parse_args()
    if args.venv:
        python = install_wheel(args.venv)
        ENV.pop("PYTHONPATH", None)  # the installed copy, not a checkout
        for label, cmd in COMMANDS.items():
            COMMANDS[label] = [python, *cmd[1:]]
        CLI[0] = python
    if args.soliterm:
        COMMANDS["soliterm --list"] = [args.soliterm, "--list"]
    ENV["PYTHONPYCACHEPREFIX"] = tempfile.mkdtemp(prefix="reussite-bench-pyc-")
    for cmd in COMMANDS.values():
        run_once(cmd)  # warm-up: writes the bytecode cache
    times: dict[str, list[tuple[float, float]]] = {label: [] for label in COMMANDS}
    for _ in range(args.runs):  # interleaved, so a busy moment slows every command alike
        for label, cmd in COMMANDS.items():
            times[label].append(run_once(cmd))
    base_wall = statistics.median(w for w, _ in times["python -c pass"])
    base_cpu = statistics.median(c for _, c in times["python -c pass"])
    print(f"{'command':<44} {'wall median':>11} {'ratio':>6} {'cpu median':>10} {'ratio':>6}")
    for label, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        print(f"{label:<44} {wall * 1000:8.0f} ms {wall / base_wall:6.1f} {cpu * 1000:7.0f} ms {cpu / base_cpu:6.1f}")
    if args.soliterm:
        ratio = statistics.median(c for _, c in times["reussite games"]) / statistics.median(
            c for _, c in times["soliterm --list"])
        print(f"reussite games / soliterm --list (CPU medians): {ratio:.2f}")
    if args.importtime:
        print("slowest imports of reussite help tournament --format markdown:")
        importtime()


if __name__ == "__main__":
    main()
