"""(e) Run-to-run stability: five scans of the same mid-size model, each in a fresh worker and cache.

Goal: the coefficient of variation of the five medians is at most 3% on CPU. Each scan uses
benchit's default timing (warm up until settled, then at least 64 samples and 1 s, until the
median's 95% CI is within +-2%, at most 10 s).

The machine's own run-to-run variation is measured alongside, as a control: each round also times
the same model with a bare ``perf_counter`` loop in a fresh ``python`` process
(``bare_loop.py``), right before or after the scan (the order alternates). Their CV is the floor
no harness can go below on this machine, and the per-round ratio benchit / bare shows whether
benchit adds variation of its own.

    python benchmarks/stability.py [SCRIPT] [--runs 5] [--threads N] [--json FILE]
"""

from __future__ import annotations

import json
import statistics
import tempfile
from pathlib import Path

from _common import BENCHIT, PYTHON, REPO, SCRIPTS, cache_results, finish, parser, relative, timed

from benchit.measure.environment import physical_cores

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
    threads = args.threads or physical_cores()
    control = [PYTHON, REPO / "benchmarks" / "bare_loop.py", args.script.resolve(), "--threads", threads]
    control += ["--seconds", "1", "--warmup", "0.3"] if args.quick else []
    medians, scans, bare = [], [], []

    def time_control() -> None:
        bare.append(json.loads(timed(control)[1].stdout.strip().splitlines()[-1])["median_ms"])

    for index in range(runs):
        if index % 2:
            time_control()
        with tempfile.TemporaryDirectory() as cache:
            elapsed, _ = timed([*BENCHIT, "benchmark", args.script.resolve(), "--cache-dir", cache, *extra])
            [result] = [r for r in cache_results(Path(cache)) if r["status"] == "ok"]
        if not index % 2:
            time_control()
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
            f" noisy {stats['noisy']}, cpu wait {scans[-1]['cpu_wait_fraction']:.1%};"
            f" bare loop {bare[-1]:.3f} ms"
        )
    cv = statistics.stdev(medians) / statistics.mean(medians)
    bare_cv = statistics.stdev(bare) / statistics.mean(bare)
    ratios = [m / b for m, b in zip(medians, bare, strict=True)]
    ratio_cv = statistics.stdev(ratios) / statistics.mean(ratios)
    assert threads == scans[0]["threads"], "benchit ran with another thread count than the control"
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
                f" {sum(s['noisy'] for s in scans)} flagged noisy; CPU wait {waits}."
                f" Control, a bare loop in a fresh process each round: medians"
                f" {', '.join(f'{m:.2f}' for m in bare)} ms, CV {bare_cv:.2%};"
                f" benchit / bare per round {', '.join(f'{r:.3f}' for r in ratios)} (CV {ratio_cv:.2%})"
            ),
            "script": relative(args.script),
            "cv": cv,
            "bare_loop_cv": bare_cv,
            "bare_loop_medians_ms": bare,
            "ratio_to_bare_loop": ratios,
            "ratio_to_bare_loop_cv": ratio_cv,
            "threads": threads,
            "medians_ms": medians,
            "runs": scans,
            "commands": [
                f"python -m benchit benchmark {relative(args.script)} {' '.join(extra)} --cache-dir FRESH_TMP_DIR"
                f"  (x{runs})",
                f"python benchmarks/bare_loop.py {relative(args.script)} --threads {threads}  (x{runs}, the control)",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
