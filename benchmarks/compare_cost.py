"""(g) What ``benchit compare`` costs: the statistics per pair, at the largest stored sample size.

Goal: judging one pair of results with 2,000 kept samples each (Mann-Whitney U and a 1,000-draw
bootstrap of the ratio of medians) takes under 50 ms, so comparing two caches of 1,000 results
takes under a minute; and the kept samples cost under 32 kB of JSON per result.

    python benchmarks/compare_cost.py [--rounds 20] [--json FILE]
"""

from __future__ import annotations

import json
import time

import numpy as np
from _common import finish, median, parser

from benchit.measure.timing import kept_samples
from benchit.report.stats import compare_samples

GOAL_MS = 50.0
GOAL_BYTES = 32 * 1024


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=20)
    args = p.parse_args()
    rng = np.random.default_rng(0)
    # A million raw latencies (seconds) per side, as a long measurement of a fast model leaves.
    base = sorted(float(x) for x in 1e-4 * rng.lognormal(0.0, 0.2, 10**6))
    new = sorted(float(x) for x in 1.05e-4 * rng.lognormal(0.0, 0.2, 10**6))
    kept_base, kept_new = kept_samples(base), kept_samples(new)
    size = len(json.dumps(list(kept_base)))
    compare_samples(kept_base, kept_new, 0.05)  # warm numpy up
    rounds = []
    for _ in range(1 if args.quick else args.rounds):
        start = time.perf_counter()
        compare_samples(kept_base, kept_new, 0.05)
        rounds.append((time.perf_counter() - start) * 1000)
    per_pair = median(rounds)
    finish(
        "compare_cost",
        {
            "headline": f"{per_pair:.1f} ms per pair of 2,000 samples; samples_ms is {size / 1024:.1f} kB of JSON",
            "ms_per_pair": per_pair,
            "rounds_ms": rounds,
            "samples_json_bytes": size,
            "passed": per_pair < GOAL_MS and size < GOAL_BYTES,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
