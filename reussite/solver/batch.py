"""Solving many deals: the per-deal pure function, results files that resume, and the summary statistics.

``solve_deal(game_id, options, number, budget)`` is what a worker runs, on this machine's process pool or on
a Dask cluster alike: it returns one row (a plain dict) and depends on nothing but its arguments (and the
installed plugins). ``reussite winnability`` and ``tools/bench_solver.py`` both use it.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from reussite.errors import UserError
from reussite.messages import N_
from reussite.saves import loads_line
from reussite.solver.search import Budget, Verdict, solve
from reussite.variant import options_label

#: The columns of a results file, in order (CSV header; JSON lines use the same keys).
COLUMNS = ("game", "options", "number", "budget", "verdict", "moves", "nodes", "positions", "seconds",
           "stopped_by", "memory_mb", "rss_mb", "line")

_HOST = None


def _host():
    global _HOST
    if _HOST is None:
        from reussite.host import Host

        _HOST = Host.load()
    return _HOST


def budget_label(budget: Budget) -> str:
    """A budget as one canonical string, stored with each row so that a resumed run keeps the same budget."""
    def num(value) -> str:
        if value is None:
            return "-"
        return f"{value:g}" if isinstance(value, float) else str(value)

    return f"seconds={num(budget.seconds)};nodes={num(budget.nodes)};memory_mb={num(budget.memory_mb)}"


def budget_words(tr, budget: Budget) -> str:
    """A budget as a reader says it ("2 s, 3,000 positions, 1,024 MB"); :func:`budget_label` is the stored form."""
    parts = []
    if budget.seconds is not None:
        parts.append(tr.format(tr.gettext("{seconds:g} s"), seconds=budget.seconds))
    if budget.nodes is not None:
        parts.append(tr.format(tr.ngettext("{nodes:,} position", "{nodes:,} positions", budget.nodes),
                               nodes=budget.nodes))
    if budget.memory_mb is not None:
        parts.append(tr.format(tr.gettext("{memory:,g} MB"), memory=budget.memory_mb))
    return ", ".join(parts) or "-"


def rss_mb() -> float:
    """This process's memory high-water mark (ru_maxrss, in kB on Linux); 0 where it is not known."""
    try:
        import resource
    except ImportError:  # not on Windows
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def wall_limit(budget: Budget) -> float:
    """Seconds on the clock one deal may take, whatever its code does (a plugin's companion that sleeps uses no
    CPU time, which the budget counts): twice a budget in seconds plus 10 s, as the page's solver allows, else
    a second for each 100 positions of the budget and at least a minute (a safety net, not a measure)."""
    if budget.seconds is not None:
        return 2 * budget.seconds + 10.0
    return max(60.0, (budget.nodes or 0) / 100)


class WallTimeout(Exception):
    """A deal's code did not answer within :func:`wall_limit`."""


def _within_wall(limit: float, work):
    """``work()``, stopped by SIGALRM after ``limit`` seconds on the clock where this is the main thread of a
    Unix process (a pool worker, or the command itself with --jobs 1); elsewhere (a Dask worker's thread)
    unbounded, as before."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        return work()

    def expired(signum, frame):
        raise WallTimeout

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return work()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def solve_deal(game_id: str, options: Mapping[str, str], number: int, budget: Budget) -> dict:
    """Deal ``game_id`` number ``number`` with ``options`` and solve it within ``budget``: one results row. A
    deal whose code does not answer within :func:`wall_limit` is "unknown", stopped by "wall", and named on
    stderr with its plugin."""
    host = _host()
    game = host.new_game(game_id, number, dict(options))
    limit = wall_limit(budget)
    try:
        result = _within_wall(limit, lambda: solve(game, budget))
    except WallTimeout:
        plugin = getattr(type(game), "plugin_name", "") or "?"
        print(f"{game_id} {number}: the game's code (plugin {plugin}) did not answer within {limit:g} s on the "
              "clock; counted unknown", file=sys.stderr)
        return {"game": game_id, "options": options_label(game.option_values), "number": number,
                "budget": budget_label(budget), "verdict": Verdict.UNKNOWN.value, "moves": 0, "nodes": 0,
                "positions": 0, "seconds": round(limit, 4), "stopped_by": "wall", "memory_mb": 0.0,
                "rss_mb": round(rss_mb(), 1), "line": ""}
    if result.stopped_by == "interrupted":
        raise KeyboardInterrupt  # Ctrl+C: this deal is not done, and no row says it is
    return {
        "game": game_id,
        "options": options_label(game.option_values),
        "number": number,
        "budget": budget_label(budget),
        "verdict": result.verdict.value,
        "moves": len(result.line),
        "nodes": result.nodes,
        "positions": result.positions,
        "seconds": round(result.seconds, 4),
        "stopped_by": result.stopped_by or "",
        "memory_mb": round(result.memory_mb, 1),
        "rss_mb": round(rss_mb(), 1),
        "line": " ".join(result.notation(game)),
    }


# -- the deal range -----------------------------------------------------------------------------------------

def parse_deals(text: str) -> range:
    """``1-1000`` or a single number; raises UserError for anything else (``5-1`` included)."""
    from reussite.cards import MAX_GAME_NUMBER, MIN_GAME_NUMBER

    raw = text.strip()
    first, sep, last = raw.partition("-")
    try:
        lo = int(first)
        hi = int(last) if sep else lo
    except ValueError:
        raise UserError(N_("{deals!r} is not a range of deals: write it like 1-1000"), deals=text) from None
    if lo > hi:
        raise UserError(N_("the range of deals {deals!r} is empty: its first number is above its last"),
                        deals=text)
    if lo < MIN_GAME_NUMBER or hi > MAX_GAME_NUMBER:
        raise UserError(N_("deal numbers go from {low} to {high}, not {deals!r}"), low=MIN_GAME_NUMBER,
                        high=MAX_GAME_NUMBER, deals=text)
    return range(lo, hi + 1)


# -- results files ------------------------------------------------------------------------------------------

def _is_json(path: Path) -> bool:
    return path.suffix.lower() in (".jsonl", ".json", ".ndjson")


def _typed(row: dict) -> dict:
    """A row read back from CSV (all strings) with its numbers as numbers."""
    out = dict(row)
    if out.get("verdict") not in VERDICTS:
        raise ValueError(f"verdict {out.get('verdict')!r} is not one of {', '.join(VERDICTS)}")
    for name in ("number", "moves", "nodes", "positions"):
        out[name] = int(out[name])
    for name in ("seconds", "memory_mb", "rss_mb"):
        out[name] = float(out[name])
    return out


#: The verdicts a results row may hold.
VERDICTS = tuple(v.value for v in Verdict)


def read_rows(path: Path) -> Iterable[tuple[int, dict]]:
    """(line number, row) for each row of a results file; raises UserError naming a line that is unreadable."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:  # a hand edit in another encoding: name the line, as for any bad row
        raise UserError(N_("{file}:{line}: not a results row ({error})"), file=str(path),
                        line=data.count(b"\n", 0, exc.start) + 1,
                        error=f"byte 0x{data[exc.start]:02x} is not UTF-8 text") from None
    # A last line without its newline was cut short by an interrupted run: it does not count (RowWriter drops
    # it and the deal is solved again).
    text = text[:text.rfind("\n") + 1]
    if _is_json(path):
        for k, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = loads_line(line)  # within the bounds of every JSON the program reads
                if not isinstance(row, dict):
                    raise ValueError("not an object")
                yield k, _typed(row)
            except (ValueError, KeyError, TypeError) as exc:
                raise UserError(N_("{file}:{line}: not a results row ({error})"), file=str(path), line=k,
                                error=str(exc)) from None
        return
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames is None:
        return
    if tuple(reader.fieldnames) != COLUMNS:
        raise UserError(N_("{file}:1: not a results file of 'reussite winnability' (columns: {columns})"),
                        file=str(path), line=1, columns=",".join(reader.fieldnames))
    while True:
        k = reader.line_num + 1  # where the next row starts
        try:
            row = next(reader, None)  # the csv module's own refusals (a field past its limit) too
            if row is None:
                return
            k = reader.line_num
            if None in row or any(row[c] is None for c in COLUMNS):
                raise ValueError("missing columns")
            typed = _typed(row)
        except (ValueError, KeyError, TypeError, csv.Error) as exc:
            raise UserError(N_("{file}:{line}: not a results row ({error})"), file=str(path), line=k,
                            error=str(exc)) from None
        yield k, typed


def done_rows(path: Path, game_id: str, options: str, budget: str) -> dict[int, dict]:
    """The rows already in ``path`` for this game and options, by deal number. A row for them with another
    budget is an error: its figures could not be summed with the new ones."""
    done: dict[int, dict] = {}
    if not path.exists() or path.stat().st_size == 0:
        return done
    for k, row in read_rows(path):
        if row["game"] != game_id or row["options"] != options:
            continue
        if row["budget"] != budget:
            raise UserError(N_("{file}:{line}: this row was solved with another budget ({theirs}, not {ours}); "
                               "use another --out file or the same budget"),
                            file=str(path), line=k, theirs=row["budget"], ours=budget)
        done[row["number"]] = row
    return done


class RowWriter:
    """Appends rows to a results file as they come, flushed at once so an interrupted run keeps them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.json = _is_json(path)
        if path.exists() and path.stat().st_size:
            # A row cut short by an interrupted run is dropped (read_rows skipped it): it is solved again.
            data = path.read_bytes()
            if not data.endswith(b"\n"):
                with path.open("r+b") as fp:
                    fp.truncate(data.rfind(b"\n") + 1)
        fresh = not path.exists() or path.stat().st_size == 0
        self.fp = path.open("a", encoding="utf-8", newline="")
        self.csv = None if self.json else csv.DictWriter(self.fp, fieldnames=COLUMNS, lineterminator="\n")
        if fresh and self.csv is not None:
            self.csv.writeheader()
        self.fp.flush()

    def write(self, row: dict) -> None:
        if self.csv is not None:
            self.csv.writerow({c: row[c] for c in COLUMNS})
        else:
            self.fp.write(json.dumps({c: row[c] for c in COLUMNS}, ensure_ascii=False) + "\n")
        self.fp.flush()

    def close(self) -> None:
        self.fp.close()


# -- statistics ---------------------------------------------------------------------------------------------

def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval (95% by default) for a proportion; (0, 1) when there is no trial."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0 for no values."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


@dataclass
class Summary:
    won: int
    lost: int
    unknown: int
    times: list[float]  # seconds, sorted
    nodes: int
    max_rss_mb: float

    @classmethod
    def of(cls, rows: Iterable[dict]) -> Summary:
        rows = list(rows)
        count = {v.value: 0 for v in Verdict}
        for row in rows:
            count[row["verdict"]] += 1
        return cls(count["won"], count["lost"], count["unknown"], sorted(float(r["seconds"]) for r in rows),
                   sum(int(r["nodes"]) for r in rows), max((float(r["rss_mb"]) for r in rows), default=0.0))

    @property
    def total(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def decided(self) -> int:
        return self.won + self.lost

    def as_json(self) -> dict:
        low, high = wilson(self.won, self.decided)
        t = self.times
        return {
            "deals": self.total, "won": self.won, "lost": self.lost, "unknown": self.unknown,
            "decided_pct": 100 * self.decided / self.total if self.total else 0.0,
            "winnable_pct": 100 * self.won / self.decided if self.decided else None,
            "wilson95_pct": [100 * low, 100 * high],
            "lower_bound_pct": 100 * self.won / self.total if self.total else 0.0,
            "upper_bound_pct": 100 * (self.won + self.unknown) / self.total if self.total else 0.0,
            "seconds": {"p50": percentile(t, 0.5), "p90": percentile(t, 0.9), "p99": percentile(t, 0.99),
                        "max": t[-1] if t else 0.0, "total": sum(t)},
            "nodes_per_second": self.nodes / sum(t) if sum(t) else 0.0,
            "max_rss_mb": self.max_rss_mb,
        }


def summary_lines(summary: Summary, tr) -> list[str]:
    """The summary for people, through the translator ``tr``."""
    _ = tr.gettext
    s = summary.as_json()
    lines = [
        tr.format(tr.ngettext("{count} deal: won {won}, lost {lost}, unknown {unknown} (decided {decided:.1f}%)",
                              "{count} deals: won {won}, lost {lost}, unknown {unknown} (decided {decided:.1f}%)",
                              summary.total),
                  count=summary.total, won=summary.won, lost=summary.lost, unknown=summary.unknown,
                  decided=s["decided_pct"]),
    ]
    if summary.decided:
        lines.append(tr.format(
            _("winnable: {pct:.1f}% of the decided deals (95% Wilson interval {low:.1f}%–{high:.1f}%)"),
            pct=s["winnable_pct"], low=s["wilson95_pct"][0], high=s["wilson95_pct"][1]))
    else:
        lines.append(_("winnable: no deal decided"))
    lines.append(tr.format(_("bounds counting the unknown deals as lost, then as won: {low:.1f}% to {high:.1f}%"),
                           low=s["lower_bound_pct"], high=s["upper_bound_pct"]))
    t = s["seconds"]
    lines.append(tr.format(_("solve time per deal: median {p50:.2f} s, 90% {p90:.2f} s, 99% {p99:.2f} s, "
                             "max {max:.2f} s; {nps:,.0f} nodes per second"), nps=s["nodes_per_second"], **t))
    return lines


# -- running a range ----------------------------------------------------------------------------------------

class Progress:
    """A progress bar on stderr: redrawn in place on a terminal, a line every tenth of the way otherwise."""

    def __init__(self, total: int, stream, tr) -> None:
        self.total, self.stream, self.tr = total, stream, tr
        self.done = 0
        self.counts = {v.value: 0 for v in Verdict}
        self.tty = hasattr(stream, "isatty") and stream.isatty()
        self.next_line = 0

    def update(self, row: dict) -> None:
        self.done += 1
        self.counts[row["verdict"]] += 1
        if not self.tty and self.done < self.next_line and self.done != self.total:
            return
        self.next_line = self.done + max(1, self.total // 10)
        width = 30
        filled = width * self.done // max(1, self.total)
        text = self.tr.gettext("{bar} {done}/{total}  won {won}  lost {lost}  unknown {unknown}").format(
            bar="[" + "#" * filled + "." * (width - filled) + "]", done=self.done, total=self.total,
            **self.counts)
        if self.tty:
            self.stream.write("\r" + text + ("\n" if self.done == self.total else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty and self.done != self.total:
            self.stream.write("\n")
            self.stream.flush()


def run_local(tasks: list[tuple], jobs: int | None, on_row) -> None:
    """Solve ``tasks`` (argument tuples of :func:`solve_deal`) on a local process pool; ``on_row`` gets each
    row as it comes."""
    if jobs == 1:
        for task in tasks:
            on_row(solve_deal(*task))
        return
    from concurrent.futures import ProcessPoolExecutor, as_completed

    pool = ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1, initializer=_ignore_sigint)
    try:
        futures = [pool.submit(solve_deal, *task) for task in tasks]
        for future in as_completed(futures):
            on_row(future.result())
    except BaseException:
        # Ctrl+C reaches only this process (the workers ignore it): stop the deals under way, which are not
        # written, and start no other.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        raise
    pool.shutdown()


def _ignore_sigint() -> None:
    """A pool worker's start: Ctrl+C is the parent's to handle, and the worker ends with its parent, however
    the parent ends (SIGTERM or SIGKILL leave it no time to stop its pool)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _end_with_parent()


def _end_with_parent() -> None:
    parent = os.getppid()
    try:  # Linux: the kernel sends SIGKILL when the parent dies
        import ctypes
        import signal

        if ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGKILL), 0, 0, 0) == 0:  # PR_SET_PDEATHSIG
            if os.getppid() != parent:  # the parent died before the call
                os._exit(1)
            return
    except (OSError, AttributeError):
        pass
    import threading
    import time

    def watch() -> None:  # elsewhere: look every second (a worker adopted by another process is orphaned)
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def run_dask(tasks: list[tuple], scheduler, on_row) -> None:
    """The same on a Dask cluster: ``scheduler`` is its address (``tcp://HOST:8786``) or a ``Client``."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise UserError(N_("--scheduler needs dask.distributed: pip install 'reussite[dask]'")) from None
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler) if own else scheduler
    except (OSError, TimeoutError, ValueError) as exc:
        raise UserError(N_("cannot reach the Dask scheduler {address}: {error}"), address=str(scheduler),
                        error=str(exc)) from None
    try:
        futures = [client.submit(solve_deal, *task, pure=False) for task in tasks]
        try:
            for future in as_completed(futures):
                on_row(future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        if own:
            client.close()


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


__all__ = ["COLUMNS", "RowWriter", "Summary", "budget_label", "done_rows", "options_label", "parse_deals",
           "percentile", "read_rows", "rss_mb", "run_dask", "run_local", "solve_deal", "summary_lines", "wilson",
           "default_jobs"]

if __name__ == "__main__":  # pragma: no cover
    sys.exit("use 'reussite winnability'")
