"""Mutation test of the native core's C code (not a test in the default run): each mutant changes one line of
``reussite/solver/_native.pyx`` (a condition, an index, a table read), is compiled on its own, and the native
core's tests (``tests/solver/test_native.py``) run against it in a fresh process. A mutant is caught when they
fail; one that survives is a behaviour of the core no test holds to the Python engine.

    python tools/native_mutants.py                # every mutant, on all cores
    python tools/native_mutants.py --only flip room --jobs 1 --thorough

The mutant is put in place of ``reussite.solver._native`` by a ``sitecustomize`` module on the path of the
test process and its workers; the tree is not touched. Needs Cython and a C compiler, as the core's build does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "reussite" / "solver" / "_native.pyx"
TESTS = ROOT / "tests" / "solver" / "test_native.py"

#: (name, what the mutant does, the line as it is, the line as mutated): each line occurs once in the source.
MUTANTS = (
    ("flip", "a card left on top is never turned up",
     "if self.flips[s] and n and pos[self.S + s] >= n:", "if self.flips[s] and n and pos[self.S + s] > n:"),
    ("finish-suit", "a finished run may mix suits",
     "if (c[i] & 3) != (c[i - 1] & 3) or (c[i] >> 2) + 1 != (c[i - 1] >> 2):",
     "if (c[i] >> 2) + 1 != (c[i - 1] >> 2):"),
    ("uncover", "a stack turns its card up while another still covers it",
     "if self.flips[j] and n and pos[self.S + j] >= n and not self.covered(pos, j):",
     "if self.flips[j] and n and pos[self.S + j] >= n:"),
    ("refill-order", "a refill takes from the last source first",
     "src = self.refill_sources[j]", "src = self.refill_sources[self.nrefill_sources - 1 - j]"),
    ("twin", "a whole pile never moves onto a twin, even one with cards",
     "if n == size and ld == 0 and self.twin[dst] == self.twin[src]:",
     "if n == size and self.twin[dst] == self.twin[src]:"),
    ("room", "a stack takes one card more than its room",
     "if ld + n > self.room[dst]:", "if ld + n > self.room[dst] + 1:"),
    ("accepts", "an empty stack takes from what it takes with cards",
     "if not (self.accepts if ld else self.empty_accepts)[dst * 5 + self.kind[src]]:",
     "if not self.accepts[dst * 5 + self.kind[src]]:"),
    ("covered-source", "a covered stack gives its cards",
     "            if self.any_covered and self.covered(pos, src):\n                continue\n"
     "            c = self.cards(pos, src)",
     "            c = self.cards(pos, src)"),
    ("run", "a run goes one card further than the table says",
     "if not self.on[(src * NKEYS + key) * NKEYS + upper]:",
     "if not self.on[(src * NKEYS + key) * NKEYS + upper] and longest > 1:"),
    ("group-moves", "a run goes onto a foundation in one piece, bottom card first",
     "if not self.takes[(dst * NKEYS + below) * NKEYS + key]:",
     "if not self.takes[(dst * NKEYS + below) * NKEYS + c[size - n + i - 1]]:"),
    ("spaces-target", "an empty target pile doubles the run it takes",
     "spaces = free - (1 if pos[dst] == 0 and self.space[dst] else 0)", "spaces = free"),
    ("can-fill", "a pile's bottom card counts as filling an empty pile",
     "if self.kind[src] != K_TABLEAU or n < pos[src]:", "if self.kind[src] != K_TABLEAU or n <= pos[src]:"),
    ("deal-order", "the stock deals its top card onto the last pile",
     "self.move_cards(pos, self.stock, self.dealt[i], 1, 0)",
     "self.move_cards(pos, self.stock, self.dealt[total - 1 - i], 1, 0)"),
    ("waste-order", "the cards turned onto the waste keep the stock's order",
     "self.move_cards(pos, self.stock, self.waste, self.deal_count, 1)",
     "self.move_cards(pos, self.stock, self.waste, self.deal_count, 0)"),
    ("late", "the piles the stock deals onto never join their group",
     "if dealing and self.late[s]:", "if self.late[s]:"),
    ("redeals-key", "the redeals used are left out of the key",
     "        if self.redeals >= 0:\n            a += fmix(self.salt_a[self.S] + pos[2 * self.S])",
     "        if self.redeals >= 1000:\n            a += fmix(self.salt_a[self.S] + pos[2 * self.S])"),
    ("pair-next", "two free cards pair only when next to each other in the list",
     "            for j in range(k + 1, nfree):\n                if row[free_key[j]]:",
     "            for j in range(k + 1, min(k + 2, nfree)):\n                if row[free_key[j]]:"),
    ("pair-alone", "a card removed alone must be face up twice over",
     "            if self.alone[free_key[k]]:", "            if self.alone[free_key[k]] and k > 0:"),
    ("waste-pair", "the waste's top card is matched with itself, not with the card under it",
     "if self.match[self.cards(pos, w)[n - 1] * NKEYS + self.cards(pos, w)[n - 2]]:",
     "if self.match[self.cards(pos, w)[n - 1] * NKEYS + self.cards(pos, w)[n - 1]]:"),
    ("stock-play", "a stock play stops one click short of a whole turn",
     "if seen[top] or clicks > 255:", "if seen[top] or clicks > 255 or (clicks > 1 and not c[self.stock]):"),
    ("safe-level", "a card is safe one level too early",
     "if lv[0] > complete[0] or lv[1] > complete[1] or lv[2] > complete[2] or lv[3] > complete[3]:",
     "if lv[0] > complete[0] + 1 or lv[1] > complete[1] or lv[2] > complete[2] or lv[3] > complete[3]:"),
    ("face-up", "a face-up pickup leaves the lowest face-up card",
     "            elif self.pickup[src] == P_FACE_UP:\n                longest = up\n",
     "            elif self.pickup[src] == P_FACE_UP:\n                longest = up - 1 if up > 1 else up\n"),
    ("refill-full", "a refill tops up a pile that still has cards",
     "            if pos[s]:\n                continue\n            for j in range(self.nrefill_sources):",
     "            if pos[s] > 1:\n                continue\n            for j in range(self.nrefill_sources):"),
    ("won", "a game is won with one card left off the foundations",
     "            if pos[self.won[i]]:\n                return 0",
     "            if pos[self.won[i]] > 1:\n                return 0"),
    ("beam-safe", "a beam's line leaves out the safe moves its positions played",
     "                        node[1].append(safe[0])\n", "                        pass\n"),
    ("beam-order", "a beam's line gives its steps from the last to the first",
     "[mv for part in reversed(taken) for mv in part]", "[mv for part in taken for mv in part]"),
    ("fold", "a folded stack is keyed by its size alone",
     "                a = (a ^ (0x100 | self.alike[s * NKEYS + c[n - 1]])) * 0x100000001b3ULL\n"
     "                b = (b + self.alike[s * NKEYS + c[n - 1]] + 0x101) * 0x9e3779b97f4a7c15ULL",
     "                a = (a ^ 0x100) * 0x100000001b3ULL\n"
     "                b = (b + 0x101) * 0x9e3779b97f4a7c15ULL"),
)


def mutate(source: str, old: str, new: str, name: str) -> str:
    if source.count(old) != 1:
        raise SystemExit(f"mutant {name}: the line to change occurs {source.count(old)} times in {SOURCE}, not once")
    return source.replace(old, new)


def build(name: str, source: str, where: Path) -> Path:
    """The mutated core compiled into ``where`` (its own module file, named as the real one)."""
    where.mkdir(parents=True)
    pyx = where / "_native.pyx"
    pyx.write_text(source)
    subprocess.run([sys.executable, "-m", "cython", "-3", str(pyx)], check=True, cwd=where)
    include = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['include'])"],
                             check=True, capture_output=True, text=True).stdout.strip()
    suffix = subprocess.run([sys.executable, "-c", "import sysconfig; print(sysconfig.get_config_var('EXT_SUFFIX'))"],
                            check=True, capture_output=True, text=True).stdout.strip()
    module = where / f"_native{suffix}"
    subprocess.run([os.environ.get("CC", "cc"), "-O2", "-shared", "-fPIC", f"-I{include}", "-o", str(module),
                    str(where / "_native.c")], check=True)
    # Found before the real module, when the package imports it.
    (where / "sitecustomize.py").write_text(
        "import importlib.abc, importlib.util, sys\n\n\n"
        "class _Mutant(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'reussite.solver._native':\n"
        f"            return importlib.util.spec_from_file_location(name, {str(module)!r})\n"
        "        return None\n\n\n"
        "sys.meta_path.insert(0, _Mutant())\n")
    return module


def run(name: str, old: str, new: str, base: Path, thorough: bool) -> tuple[str, bool, float, str]:
    """Build mutant ``name`` and run the core's tests against it: (name, caught, seconds, first failure)."""
    started = time.monotonic()
    where = base / name
    build(name, mutate(SOURCE.read_text(), old, new, name), where)
    path = os.pathsep.join(p for p in (str(where), os.environ.get("PYTHONPATH", "")) if p)
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("CI", None)
    if thorough:
        env["CI"] = "true"
    env["REUSSITE_NATIVE"] = "1"
    probe = subprocess.run([sys.executable, "-c", "import reussite.solver._native as m; print(m.__file__)"],
                           env=env, capture_output=True, text=True, cwd=base)
    if str(where) not in probe.stdout:
        raise SystemExit(f"mutant {name}: the test process did not load it ({probe.stdout or probe.stderr})")
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-n", "0",
                           str(TESTS)], env=env, capture_output=True, text=True, cwd=ROOT)
    failed = [line for line in done.stdout.splitlines() if line.startswith("FAILED")]
    return name, done.returncode != 0, time.monotonic() - started, (failed[0] if failed else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="the mutants to run (default: all)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants built and tested at once")
    parser.add_argument("--thorough", action="store_true", help="the tests as CI runs them (CI=true)")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m[0] in args.only]
    unknown = set(args.only or ()) - {m[0] for m in MUTANTS}
    if unknown:
        parser.error(f"no mutant named {', '.join(sorted(unknown))}; there are {', '.join(m[0] for m in MUTANTS)}")
    if shutil.which(os.environ.get("CC", "cc")) is None:
        parser.error("no C compiler (cc) on the PATH")
    base = Path(tempfile.mkdtemp(prefix="native-mutants-"))
    try:
        # The control: the core as it is, built and loaded the same way, must pass, or every mutant would
        # look caught.
        _, failed, _, failure = run("control", "cdef class Core:", "cdef class Core:", base, args.thorough)
        if failed:
            print(f"the core's tests fail on the core as it is, built here: {failure or 'see pytest'}")
            return 2
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda m: run(m[0], m[2], m[3], base, args.thorough), chosen))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    survived = 0
    for (name, what, _, _), (_, caught, seconds, failure) in zip(chosen, results, strict=True):
        survived += not caught
        print(f"{'caught  ' if caught else 'SURVIVED'} {name:15} {seconds:5.0f} s  {what}"
              + (f"\n{'':26}{failure}" if failure else ""))
    print(f"{len(chosen) - survived} of {len(chosen)} mutants caught")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
