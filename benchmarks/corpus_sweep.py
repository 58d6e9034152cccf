"""(f) The ``--analyze-only`` sweep of a whole corpus with ``-j 2``: wall time per script.

Goal: at most 1.5 s per script for timm. Every script must end ``ok`` with exactly one model in
the report. ``--every N`` takes every Nth script (sorted by name) for a shorter run; its figure
is only a sample's.

    python benchmarks/corpus_sweep.py [--corpus timm] [--every N] [-j 2] [--timeout 60] [--json FILE]
"""

from __future__ import annotations

import csv
import json
import statistics
import tempfile
from collections import Counter
from pathlib import Path

from _common import BENCHIT, REPO, finish, parser, timed

GOALS = {"timm": 1.5}  # seconds of wall time per script


def sweep(
    scripts: list[Path], jobs: int, timeout: float, memory_limit: str
) -> tuple[float, dict[str, tuple[str, int]], list[float]]:
    """Wall time of one ``--analyze-only`` scan of ``scripts`` into a fresh cache, each script's
    status and number of models, read back from ``benchit report``, and the time benchit
    recorded for each script (its job, from start to exit)."""
    with tempfile.TemporaryDirectory() as folder:
        cache, table = Path(folder) / "cache", Path(folder) / "report.csv"
        command = [*BENCHIT, "benchmark", *scripts, "--analyze-only", "-j", jobs, "--timeout", timeout]
        elapsed, _ = timed([*command, "--memory-limit", memory_limit, "--cache-dir", cache], check=False)
        timed([*BENCHIT, "report", "--cache-dir", cache, "--output", table])
        with table.open(newline="") as f:
            rows = list(csv.DictReader(f))
        durations = [json.loads(p.read_text()).get("duration_s") for p in (cache / "scripts").glob("*.json")]
    models = Counter(row["script"] for row in rows if row["build_name"])
    status = {row["script"]: row["script_status"] for row in rows}
    paths = [str(s.resolve()) for s in scripts]
    found = {path: (status.get(path, "missing"), models[path]) for path in paths}
    return elapsed, found, sorted(d for d in durations if isinstance(d, (int, float)))


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--corpus", default="timm", help="a folder under models/ (default: timm)")
    p.add_argument("--every", type=int, default=1, help="take every Nth script, sorted by name (default: all)")
    p.add_argument("-j", "--jobs", type=int, default=2)
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--memory-limit", default="6G")
    args = p.parse_args()
    every = 100 if args.quick else args.every
    scripts = sorted((REPO / "models" / args.corpus).glob("*.py"))[::every]
    if not scripts:
        raise SystemExit(f"no scripts under models/{args.corpus}")
    elapsed, found, durations = sweep(scripts, args.jobs, args.timeout, args.memory_limit)
    slow = [d for d in durations if d > 10]
    per_script = elapsed / len(scripts)
    goal = GOALS.get(args.corpus)
    ok_one = sorted(s for s, (status, models) in found.items() if status == "ok" and models == 1)
    others = {Path(s).name: f"{status}, {models} models" for s, (status, models) in found.items() if s not in ok_one}
    sample = "every script" if every == 1 else f"every {every}th script"
    finish(
        f"corpus_sweep_{args.corpus}",
        {
            "goal": f"<= {goal} s per script" if goal else "none (figure only)",
            "measured": f"{per_script:.2f} s per script",
            "passed": goal is not None and per_script <= goal and not others,
            "headline": (
                f"models/{args.corpus}, {sample}: {len(scripts)} scripts in {elapsed:.0f} s with -j {args.jobs},"
                f" {per_script:.2f} s per script; {len(ok_one)} ok with one model"
                + (f", {len(others)} not" if others else "")
            ),
            "scripts": len(scripts),
            "wall_s": elapsed,
            "per_script_s": per_script,
            "ok_one_model": len(ok_one),
            # Where the time goes: each script's own time as benchit recorded it.
            "script_s_quartiles": statistics.quantiles(durations, n=4) if len(durations) > 1 else durations,
            "scripts_over_10_s": len(slow),
            "share_of_script_time_over_10_s": sum(slow) / sum(durations) if durations else 0.0,
            "not_ok": others,
            "commands": [
                f"python -m benchit benchmark SCRIPT... --analyze-only -j {args.jobs} --timeout {args.timeout:g}"
                f" --memory-limit {args.memory_limit} --cache-dir FRESH_TMP_DIR",
                "python -m benchit report --cache-dir FRESH_TMP_DIR --output report.csv",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
