"""(e) Run-to-run stability: five scans of the same mid-size model, each in a fresh worker and cache.

Goal: the coefficient of variation of the five medians is at most 3% on CPU. Each scan uses
benchit's default timing (warm up until settled, then at least 64 samples and 1 s, until the
median's 95% CI is within +-2%, at most 10 s).

    python benchmarks/stability.py [SCRIPT] [--runs 5] [--json FILE]
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from _common import BENCHIT, SCRIPTS, cache_results, finish, parser, relative, timed

GOAL = 0.03


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("script", nargs="?", type=Path, default=SCRIPTS / "resnet18.py")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--threads", type=int, default=None, help="passed to benchit (default: benchit's default)")
    args = p.parse_args()
    runs = 3 if args.quick else args.runs
    extra = ["--min-time", "0.2", "--max-time", "1"] if args.quick else []
    extra += ["--threads", str(args.threads)] if args.threads else []
    medians, scans = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as cache:
            elapsed, _ = timed([*BENCHIT, "benchmark", args.script, "--cache-dir", cache, *extra])
            [result] = [r for r in cache_results(Path(cache)) if r["status"] == "ok"]
        stats = result["stats"]
        medians.append(stats["median_ms"])
        scans.append(
            {
                "median_ms": stats["median_ms"],
                "ci_ms": [stats["median_ci_low_ms"], stats["median_ci_high_ms"]],
                "iterations": stats["iterations"],
                "noisy": stats["noisy"],
                "cv_of_samples": stats["cv"],
                "threads": result["environment"]["threads"],
                "load_average": result["environment"].get("load_average"),
                "cpu_wait_fraction": result["info"].get("cpu_wait_fraction"),
                "scan_s": elapsed,
            }
        )
        print(
            f"  run {len(medians)}: median {stats['median_ms']:.3f} ms, n={stats['iterations']},"
            f" noisy {stats['noisy']}, cpu wait {scans[-1]['cpu_wait_fraction']:.1%}"
        )
    cv = statistics.stdev(medians) / statistics.mean(medians)
    threads = scans[0]["threads"]
    waits = ", ".join(f"{s['cpu_wait_fraction']:.0%}" for s in scans)
    finish(
        "stability",
        {
            "goal": f"CV of medians <= {GOAL:.0%}",
            "measured": f"{cv:.2%}",
            "passed": cv <= GOAL,
            "headline": (
                f"{runs} scans of {relative(args.script)} with {threads} threads: medians"
                f" {', '.join(f'{m:.2f}' for m in medians)} ms, CV {cv:.2%} (goal <= {GOAL:.0%});"
                f" {sum(s['noisy'] for s in scans)} flagged noisy; CPU wait {waits}"
            ),
            "script": relative(args.script),
            "cv": cv,
            "threads": threads,
            "medians_ms": medians,
            "runs": scans,
            "commands": [
                f"python -m benchit benchmark {relative(args.script)} {' '.join(extra)} --cache-dir FRESH_TMP_DIR"
                f"  (x{runs})"
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
