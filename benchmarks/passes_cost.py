"""The cost of passes: the same scan with the default ``--passes 2`` and with ``--passes 1``.

Goal (issue 38): the default scan with passes costs at most 1.3x the same scan in one pass. Both
scans keep the default timing (5 rounds, ``--min-time 1``, ``--max-time 10``): passes divide the
rounds, they do not add any; what a second pass adds is its process (the script run again, each
runtime prepared and warmed up again). The scans alternate (one pass, two passes, two, one, ...),
each into a fresh cache, and the figure is the ratio of the medians; the results' interval
half-widths and between-pass spreads are recorded beside it.

    python benchmarks/passes_cost.py [--runs 3] [--count 20] [--options '...'] [--quick] [--json FILE]
"""

from __future__ import annotations

import statistics
from typing import Any

from _common import REPO, aa_corpus, finish, parser, relative
from rounds_overhead import scan

GOAL = 1.3


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=3, help="scans with each setting (alternating)")
    p.add_argument("--count", type=int, default=20, help="scripts in the scan (benchmarks/_common.aa_corpus)")
    p.add_argument("--options", default="", help="more benchit options for both, e.g. '--runtime torch,ort'")
    args = p.parse_args()
    extra = args.options.split()
    scripts = aa_corpus(3 if args.quick else args.count)
    runs = 2 if args.quick else args.runs
    sides = {"one": ["--passes", "1"], "two": ["--passes", "2"]}
    scans: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    for index in range(runs):
        for side in ("one", "two") if index % 2 == 0 else ("two", "one"):
            scans[side].append(scan(REPO, scripts, args.quick, extra + sides[side]))
            s = scans[side][-1]
            print(
                f"  {side} pass(es) {index + 1}: {s['scan_s']:.1f} s, {s['ok']} ok, {s['noisy']} noisy,"
                f" CI ±{(s['median_ci_half_width'] or 0):.2%}, {s['contended']} contended,"
                f" load before {s['load_average_before']:.2f}",
                flush=True,
            )
    one = statistics.median(s["scan_s"] for s in scans["one"])
    two = statistics.median(s["scan_s"] for s in scans["two"])
    ratio = two / one
    walls = {side: ", ".join(f"{s['scan_s']:.1f}" for s in scans[side]) for side in scans}
    finish(
        "passes_cost",
        {
            "goal": f"--passes 2 / --passes 1 scan wall time <= {GOAL}",
            "measured": f"{ratio:.3f}",
            "passed": ratio <= GOAL,
            "headline": (
                f"{len(scripts)}-script scan{' (quick timing)' if args.quick else ''}"
                f"{' ' + args.options if extra else ''}: --passes 1 {walls['one']} s, --passes 2 {walls['two']} s"
                f" (alternating); ratio of medians {ratio:.3f} (goal <= {GOAL}); median CI half-width"
                f" one pass {statistics.median(s['median_ci_half_width'] or 0 for s in scans['one']):.2%},"
                f" two {statistics.median(s['median_ci_half_width'] or 0 for s in scans['two']):.2%}"
            ),
            "options": extra,
            "scripts": [relative(s) for s in scripts],
            "one": scans["one"],
            "two": scans["two"],
            "ratio_of_medians": ratio,
            "command": f"python -m benchit benchmark SCRIPTS --cache-dir FRESH {args.options} --passes 1|2"
            f" (alternating, x{runs} each)",
        },
        args.json,
    )


if __name__ == "__main__":
    main()
