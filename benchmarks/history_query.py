"""(h) ``benchit history`` over a large history: 2,000 series x 500 runs (1,000,000 results) in SQLite.

Goal: the whole command (start-up, the verdict of every series, its change point and the table)
answers in at most 2 s.

    python benchmarks/history_query.py [--series 2000] [--runs 500] [--repeats 3] [--json FILE]
"""

from __future__ import annotations

import resource
import tempfile
import time
from pathlib import Path

from _common import BENCHIT, finish, median, parser, timed
from _history import make

GOAL_S = 2.0


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--series", type=int, default=2000)
    p.add_argument("--runs", type=int, default=500)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    series, runs = (50, 40) if args.quick else (args.series, args.runs)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "history.db"
        start = time.perf_counter()
        make(db, series, runs)
        built = time.perf_counter() - start
        times, cpu, lines = [], [], []
        for _ in range(1 if args.quick else args.repeats):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            elapsed, done = timed([*BENCHIT, "history", "--db", db])
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times.append(elapsed)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)  # the command's own
            lines = done.stdout.splitlines()
        size = db.stat().st_size
    took = median(times)
    finish(
        "history_query",
        {
            "headline": f"benchit history over {series * runs:,} results ({series} series x {runs} runs): {took:.2f} s "
            f"({median(cpu):.2f} s of CPU)",
            "series": series,
            "runs": runs,
            "seconds": took,
            "times_s": times,
            "cpu_s": cpu,
            "db_bytes": size,
            "build_s": built,
            "summary": lines[-1] if lines else "",
            "passed": took <= GOAL_S and series * runs >= 1_000_000,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
