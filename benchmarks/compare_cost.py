"""(g) What ``benchit compare`` costs: the statistics per pair, on round medians, and the kept samples' size.

Goal: judging one pair of results (Welch's t-test on the log medians of 20 rounds a side) takes
under 50 ms, so comparing two caches of 1,000 results takes under a minute; and the kept samples
cost under 32 kB of JSON per result.

    python benchmarks/compare_cost.py [--repeats 20] [--json FILE]
"""

from __future__ import annotations

import json
import time

import numpy as np
from _common import finish, median, parser

from benchit.judge.stats import compare_rounds
from benchit.measure.timing import kept_samples

GOAL_MS = 50.0
GOAL_BYTES = 32 * 1024
ROUNDS = 20


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--repeats", type=int, default=20)
    args = p.parse_args()
    rng = np.random.default_rng(0)
    # A million raw latencies (seconds), as a long measurement of a fast model leaves: what is kept of them.
    raw = sorted(float(x) for x in 1e-4 * rng.lognormal(0.0, 0.2, 10**6))
    size = len(json.dumps(list(kept_samples(raw))))
    base = list(0.1 * rng.lognormal(0.0, 0.02, ROUNDS))
    new = list(0.105 * rng.lognormal(0.0, 0.02, ROUNDS))
    compare_rounds(base, new, 0.05)
    times = []
    for _ in range(1 if args.quick else args.repeats):
        start = time.perf_counter()
        compare_rounds(base, new, 0.05)
        times.append((time.perf_counter() - start) * 1000)
    per_pair = median(times)
    finish(
        "compare_cost",
        {
            "headline": f"{per_pair:.3f} ms per pair of {ROUNDS} rounds; samples_ms is {size / 1024:.1f} kB of JSON",
            "ms_per_pair": per_pair,
            "times_ms": times,
            "samples_json_bytes": size,
            "passed": per_pair < GOAL_MS and size < GOAL_BYTES,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
