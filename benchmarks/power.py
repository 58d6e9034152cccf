"""Power: a model made 10% slower is called ``slower`` by ``benchit compare``, and one made 2x slower always.

Each pair is two scans of ``benchmarks/scripts/slowdown_mlp.py`` into fresh caches, one without
and one with ``BENCHIT_SLOWDOWN`` (the forward applies its layer 10% or 2x more often; the order
of the two scans alternates from pair to pair), then ``benchit compare BASE NEW``. Goal, with
``--threads 1``: ``slower`` in at least 18 of 20 pairs at 10%, and in every pair at 2x. The actual
slowdown is measured, not assumed: the median over pairs of NEW's median over BASE's.

    python benchmarks/power.py [--pairs 20] [--pairs-2x 5] [--threads 1|default] [--json FILE]
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from _common import BENCHIT, ENV, SCRIPTS, cache_results, compare_caches, finish, load_average, parser, relative, timed

SCRIPT = SCRIPTS / "slowdown_mlp.py"
GOAL = 0.9  # at least 18 of 20


def scan(cache: Path, slowdown: float, threads: str, quick: bool) -> float:
    """One scan of the slowdown script into ``cache``; its wall time."""
    command = [*BENCHIT, "benchmark", SCRIPT, "--cache-dir", cache, "--progress", "none"]
    command += [] if threads == "default" else ["--threads", threads]
    command += ["--min-time", "0.3", "--max-time", "3"] if quick else []
    elapsed, _ = timed(command, env={**ENV, "BENCHIT_SLOWDOWN": str(slowdown)})
    return elapsed


def evidence(cache: Path) -> dict[str, Any]:
    """The one result's round medians and contention evidence, to see why a pair was not called slower."""
    [result] = cache_results(cache)
    info, stats = result.get("info") or {}, result.get("stats") or {}
    keys = (
        "cpu_wait_fraction",
        "cpu_pressure",
        "steal_fraction",
        "runnable_others",
        "blocks_discarded",
        "speed_probe_us",
        "parallel_probe_us",
    )
    return {
        "rounds_ms": stats.get("rounds_ms"),
        "contended_reason": info.get("contended_reason"),
        **{key: info.get(key) for key in keys},
        "load_average": (result.get("environment") or {}).get("load_average"),
    }


def pair(index: int, slowdown: float, threads: str, quick: bool) -> dict[str, Any]:
    """One paired run: a fresh scan without and one with the slowdown, compared."""
    with tempfile.TemporaryDirectory() as folder:
        base, new = Path(folder) / "base", Path(folder) / "new"
        order = [(base, 1.0), (new, slowdown)]
        for cache, factor in order if index % 2 == 0 else reversed(order):
            scan(cache, factor, threads, quick)
        comparison = compare_caches(base, new)
        sides = {name: evidence(cache) for name, cache in (("base", base), ("new", new))}
    [found] = comparison["pairs"]
    change = found["change"] or {}
    row = {
        "verdict": found["verdict"],
        "reason": found["reason"],
        "median_ratio": found["new_median_ms"] / found["base_median_ms"],
        "ratio": change.get("ratio"),
        "ratio_ci": [change.get("ratio_low"), change.get("ratio_high")],
        "p_value": change.get("p_value"),
        "base_median_ms": found["base_median_ms"],
        "new_median_ms": found["new_median_ms"],
        "base_contended": found["base_contended"],
        "new_contended": found["new_contended"],
        "first": "base" if index % 2 == 0 else "new",
        "base": sides["base"],
        "new": sides["new"],
        "load_average": load_average(),
    }
    print(
        f"  x{slowdown:g} pair {index + 1}: {row['verdict']}, ratio {row['median_ratio']:.3f}"
        f" [{row['ratio_ci'][0] or 0:.3f}, {row['ratio_ci'][1] or 0:.3f}] {row['reason']}"
        f" (probe {sides['base']['speed_probe_us']} / {sides['new']['speed_probe_us']} us,"
        f" parallel {sides['base']['parallel_probe_us']} / {sides['new']['parallel_probe_us']} us)",
        flush=True,
    )
    return row


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    verdicts: dict[str, int] = {}
    for row in rows:
        verdicts[row["verdict"]] = verdicts.get(row["verdict"], 0) + 1
    ratios = [row["median_ratio"] for row in rows]
    return {
        "pairs": len(rows),
        "slower": verdicts.get("slower", 0),
        "verdicts": verdicts,
        "actual_ratio_median": statistics.median(ratios),
        "actual_ratio_range": [min(ratios), max(ratios)],
        "runs": rows,
    }


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--pairs", type=int, default=20, help="pairs at 10%% slower")
    p.add_argument("--pairs-2x", type=int, default=5, help="pairs at 2x slower")
    p.add_argument("--threads", default="1", help="benchit's --threads, or 'default' for its default")
    p.add_argument("--slowdown", type=float, default=1.1)
    args = p.parse_args()
    pairs, pairs_2x = (4, 2) if args.quick else (args.pairs, args.pairs_2x)
    load_before = load_average()
    small = summary([pair(i, args.slowdown, args.threads, args.quick) for i in range(pairs)])
    double = summary([pair(i, 2.0, args.threads, args.quick) for i in range(pairs_2x)])
    power = small["slower"] / pairs
    passed = power >= GOAL and double["slower"] == pairs_2x
    percent = f"{args.slowdown - 1:.0%}"
    finish(
        {"1": "power", "default": "power_default_threads"}.get(args.threads, f"power_threads_{args.threads}"),
        {
            "goal": f">= {GOAL:.0%} of pairs slower at {percent}, all at 2x (--threads {args.threads})",
            "measured": (
                f"{small['slower']}/{pairs} at {percent} (actual x{small['actual_ratio_median']:.3f};"
                f" {small['verdicts'].get('faster', 0)} faster),"
                f" {double['slower']}/{pairs_2x} at 2x (actual x{double['actual_ratio_median']:.3f})"
            ),
            "passed": passed,
            "headline": (
                f"{relative(SCRIPT)} with --threads {args.threads}{', quick timing' if args.quick else ''}:"
                f" {percent} slower (measured x{small['actual_ratio_median']:.3f}, range"
                f" {small['actual_ratio_range'][0]:.3f}-{small['actual_ratio_range'][1]:.3f}) called slower in"
                f" {small['slower']}/{pairs} pairs (verdicts {small['verdicts']}); 2x (measured"
                f" x{double['actual_ratio_median']:.3f}) in {double['slower']}/{pairs_2x};"
                f" load average {load_before:.2f} at start"
            ),
            "threads": args.threads,
            "slowdown": args.slowdown,
            "small": small,
            "double": double,
            "commands": [
                f"python -m benchit benchmark {relative(SCRIPT)} --threads {args.threads} --cache-dir FRESH"
                f" [with BENCHIT_SLOWDOWN={args.slowdown:g} or 2]",
                "python -m benchit compare BASE NEW --format json",
            ],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
