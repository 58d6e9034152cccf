"""Overhead of rounds and contention detection: the same 20-script scan with the code before and after them.

Goal: on a quiet machine the new code's scan takes at most 5% more wall time than the old code's
for the same CI target (both with their default timing: ``--ci-tolerance 0.02``, ``--min-time 1``,
``--max-time 10``; the new one also with its default ``--rounds 5`` and contention detection).
The old code is a worktree of benchit from before them (``--old-tree``), run with
``PYTHONPATH=OLD_TREE`` from inside it. The scans alternate (old, new, old, new, ...), each into
a fresh cache, and the figure is the ratio of the medians. The achieved interval (the median
result's CI half-width) is recorded for both, to show the target was the same.

    python benchmarks/rounds_overhead.py --old-tree PATH [--runs 3] [--count 20] [--options '...']
        [--new-options '...'] [--json FILE]
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from _common import ENV, PYTHON, REPO, aa_corpus, cache_results, finish, load_average, parser, relative, timed

GOAL = 1.05


def scan(tree: Path, scripts: list[Path], quick: bool, extra: list[str]) -> dict[str, Any]:
    """One scan of ``scripts`` with the benchit of ``tree`` into a fresh cache (``extra``: more options, for both)."""
    command = [PYTHON, "-m", "benchit", "benchmark", *scripts]
    command += ["--min-time", "0.3", "--max-time", "3"] if quick else []
    command += extra
    with tempfile.TemporaryDirectory() as cache:
        load_before = load_average()
        elapsed, _ = timed([*command, "--cache-dir", cache], cwd=tree, env={**ENV, "PYTHONPATH": str(tree)})
        results = [r for r in cache_results(Path(cache)) if r["status"] == "ok"]
    halves = [
        (r["stats"]["median_ci_high_ms"] - r["stats"]["median_ci_low_ms"]) / 2 / r["stats"]["median_ms"]
        for r in results
    ]
    return {
        "scan_s": elapsed,
        "ok": len(results),
        "noisy": sum(bool(r["stats"].get("noisy")) for r in results),
        "median_ci_half_width": statistics.median(halves) if halves else None,
        "contended": sum(bool(r.get("contended")) for r in results),
        "quiet_wait_s": sum((r.get("info") or {}).get("quiet_wait_s") or 0.0 for r in results),
        "load_average_before": load_before,
    }


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--old-tree", type=Path, required=True, help="a worktree of benchit before rounds")
    p.add_argument("--runs", type=int, default=3, help="scans with each code (alternating)")
    p.add_argument("--count", type=int, default=20)
    p.add_argument(
        "--options",
        default="",
        help="more benchit options for both codes, e.g. '--ci-tolerance 0.5' (the machinery's cost alone)",
    )
    p.add_argument(
        "--new-options",
        default="",
        help="benchit options for the new code only, e.g. '--max-rounds 20' (options the old code lacks)",
    )
    args = p.parse_args()
    extra = args.options.split()
    new_extra = args.new_options.split()
    old_tree = args.old_tree.resolve()
    if not (old_tree / "benchit" / "__init__.py").exists():
        raise SystemExit(f"--old-tree {old_tree}: no benchit package there")
    scripts = aa_corpus(3 if args.quick else args.count)
    runs = 2 if args.quick else args.runs
    scans: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
    for index in range(runs):
        # Alternate which goes first, so drift of the machine hits both alike.
        for side in ("old", "new") if index % 2 == 0 else ("new", "old"):
            tree, options = (old_tree, extra) if side == "old" else (REPO, extra + new_extra)
            scans[side].append(scan(tree, scripts, args.quick, options))
            s = scans[side][-1]
            print(
                f"  {side} {index + 1}: {s['scan_s']:.1f} s, {s['ok']} ok, {s['noisy']} noisy,"
                f" CI ±{(s['median_ci_half_width'] or 0):.2%}, waited {s['quiet_wait_s']:.0f} s,"
                f" load before {s['load_average_before']:.2f}",
                flush=True,
            )
    old = statistics.median(s["scan_s"] for s in scans["old"])
    new = statistics.median(s["scan_s"] for s in scans["new"])
    ratio = new / old
    walls = {side: ", ".join(f"{s['scan_s']:.1f}" for s in scans[side]) for side in scans}
    finish(
        "rounds_overhead"
        + ("_" + "_".join(o.strip("-").replace(".", "") for o in extra + new_extra) if extra + new_extra else ""),
        {
            "goal": f"new / old scan wall time <= {GOAL}",
            "measured": f"{ratio:.3f}",
            "passed": ratio <= GOAL,
            "headline": (
                f"{len(scripts)}-script scan{' (quick timing)' if args.quick else ''}{' ' + args.options if extra else ''}{' (new code: ' + args.new_options + ')' if new_extra else ''}: old code"
                f" {walls['old']} s, new code"
                f" {walls['new']} s (alternating); ratio of medians"
                f" {ratio:.3f} (goal <= {GOAL}); median CI half-width old"
                f" {statistics.median(s['median_ci_half_width'] or 0 for s in scans['old']):.2%},"
                f" new {statistics.median(s['median_ci_half_width'] or 0 for s in scans['new']):.2%}"
            ),
            "old_tree": str(old_tree),
            "options": extra,
            "new_options": new_extra,
            "scripts": [relative(s) for s in scripts],
            "old": scans["old"],
            "new": scans["new"],
            "ratio_of_medians": ratio,
            "commands": [
                f"cd {old_tree} && PYTHONPATH={old_tree} python -m benchit benchmark SCRIPTS --cache-dir FRESH {args.options}".rstrip(),
                f"cd {REPO} && PYTHONPATH={REPO} python -m benchit benchmark SCRIPTS --cache-dir FRESH"
                f" {args.options} {args.new_options}  (alternating, x{runs} each)",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
