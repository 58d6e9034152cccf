"""``benchit triage`` of a 10,000-result cache: all of them failed, of 40 causes, written by the real cache writer.

Goal: the whole command (start-up, reading the cache, clustering, the JSON written) under 2 s.
Half of the results carry their failure (as a scan now records it), half are as an older cache
left them (the failure derived from the error text when read).

    python benchmarks/triage_cost.py [--results 10000] [--repeats 3] [--json FILE]
"""

from __future__ import annotations

import dataclasses
import json
import random
import tempfile
from pathlib import Path

from _common import BENCHIT, finish, median, parser, timed

from benchit import failures
from benchit.records import Invocation, Machine, Result, ScriptStatus
from benchit.runrecords import BuildRecord, ScriptRecord
from benchit.store.cache import Cache

PER_SCRIPT = 10
RUNTIMES = ("ort", "openvino")
GOAL_S = 2.0


def _error(rng: random.Random, cause: int) -> str:
    n = rng.randint(1, 4096)
    return (f"RuntimeError: kernel {cause} failed for aten::op{cause} at /tmp/run{n}/lib{n}.py:{n} on input "
            f"[{n}, 3, {n}] after {rng.random():.3f} ms\n  File \"/venv/site-packages/lib/core.py\", line {n}, "
            f"in run_{cause}")  # fmt: skip


def make_cache(root: Path, results: int, causes: int = 40, seed: int = 0) -> Cache:
    """A cache of ``results`` failed results, scripts of PER_SCRIPT builds on each of the RUNTIMES."""
    rng = random.Random(seed)
    cache = Cache(root)
    cache.create()
    machine = Machine("bench-machine", "bench", "CPU")
    written, s = 0, 0
    while written < results:
        key = f"model_{s:05d}"
        builds = []
        for b in range(PER_SCRIPT):
            if written >= results:
                break
            name = f"{key}_{b:08x}"
            builds.append(name)
            invocation = Invocation(f"{s:04x}{b:04x}", f"Model{s}", 1000, {}, "(1, 3)", 1, "x.py:1")
            cache.write_build(BuildRecord(name, f"/m/{key}.py", key, "d" * 64, invocation=invocation))
            for runtime in RUNTIMES[: results - written]:
                error = _error(rng, rng.randrange(causes))
                result = Result("cpu", runtime, "failed", error=error, machine=machine, script_digest="d" * 64)
                if written % 2:
                    result = dataclasses.replace(result, failure=failures.describe(runtime, error, where="prepare"))
                cache.write_result(name, result)
                written += 1
        cache.write_script(ScriptRecord(key, f"/m/{key}.py", f"{key}.py", "d" * 64, status=ScriptStatus.OK,
                                        builds=tuple(builds), benchit_version="0.1.0"))  # fmt: skip
        s += 1
    return cache


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--results", type=int, default=10_000)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    results = 500 if args.quick else args.results
    with tempfile.TemporaryDirectory() as folder:
        cache = make_cache(Path(folder) / "cache", results)
        out = Path(folder) / "triage.json"
        times = []
        for _ in range(args.repeats):
            seconds, _ = timed([*BENCHIT, "triage", str(cache.root), "--format", "json", "--output", str(out)])
            times.append(seconds)
        clusters = json.loads(out.read_text())["clusters"]
    took = median(times)
    finish("triage_cost", {
        "results": results,
        "clusters": len(clusters),
        "failures": sum(c["count"] for c in clusters),
        "seconds": times,
        "median_s": took,
        "goal_s": GOAL_S,
        "passed": took < GOAL_S,
    }, args.json)  # fmt: skip


if __name__ == "__main__":
    main()
