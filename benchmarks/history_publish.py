"""(h) Publishing into the history: a synthetic cache of 5,000 results into a new SQLite file.

Goal: at least 5,000 results/s, for the whole ``benchit publish`` command (start-up, reading the
cache's files, writing the database) and for the database writes alone (``history.publish``).

    python benchmarks/history_publish.py [--results 5000] [--samples 200] [--repeats 3] [--json FILE]
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from _common import BENCHIT, finish, median, parser, timed

from benchit.records import BuildRecord, Invocation, Machine, Result, ScriptRecord, ScriptStatus, Stats
from benchit.store.cache import Cache

GOAL_PER_S = 5000.0
PER_SCRIPT = 10  # builds per script; each build has five results (runtimes)
RUNTIMES = ("torch", "ort", "compile", "quant", "other")


def make_cache(root: Path, results: int, samples: int, seed: int = 0) -> Cache:
    rng = random.Random(seed)
    cache = Cache(root)
    cache.create()
    machine = Machine("bench-machine", "bench", "CPU")
    scripts = max(1, results // (PER_SCRIPT * len(RUNTIMES)))
    for s in range(scripts):
        key = f"model_{s:05d}"
        builds = [f"{key}_{b:08x}" for b in range(PER_SCRIPT)]
        for b, name in enumerate(builds):
            invocation = Invocation(f"{s:04x}{b:04x}", f"Model{s}", 1000, {}, "(1, 3)", 1, "x.py:1")
            cache.write_build(BuildRecord(name, f"/m/{key}.py", key, "d" * 64, invocation=invocation))
            for runtime in RUNTIMES:
                median_ms = rng.uniform(0.1, 50.0)
                kept = tuple(sorted(median_ms * rng.lognormvariate(0.0, 0.05) for _ in range(samples)))
                stats = Stats(samples, median_ms, median_ms, median_ms * 0.99, median_ms * 1.01, kept[0], kept[-1],
                              0.01, 0.02, kept[-1], kept[-1], 0.01, 5, 0.3, False, samples_ms=kept,
                              rounds_ms=tuple(median_ms * rng.lognormvariate(0.0, 0.01) for _ in range(5)),
                              round_iterations=(samples // 5,) * 5)  # fmt: skip
                env = {"versions": {"torch": "2.14.1"}, "benchit": "0.1.0", "load_average": [rng.random()] * 3}
                cache.write_result(name, Result("cpu", runtime, "ok", stats=stats, environment=env, machine=machine,
                                                script_digest="d" * 64, finished=1.7e9 + s))  # fmt: skip
        cache.write_script(ScriptRecord(key, f"/m/{key}.py", f"{key}.py", "d" * 64, status=ScriptStatus.OK,
                                        builds=tuple(builds), benchit_version="0.1.0", finished=1.7e9 + s))  # fmt: skip
    return cache


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--results", type=int, default=5000)
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    from benchit.history import collect, engine, publish

    results = 250 if args.quick else args.results
    command, writes = [], []
    with tempfile.TemporaryDirectory() as folder:
        cache = make_cache(Path(folder) / "cache", results, args.samples)
        count = len(collect.entries(cache))
        for n in range(1 if args.quick else args.repeats):
            db = Path(folder) / f"cmd{n}.db"
            elapsed, _ = timed([*BENCHIT, "publish", cache.root, "--db", db])
            command.append(count / elapsed)
            entries = collect.entries(cache)
            url = engine.resolve(str(Path(folder) / f"api{n}.db"))
            start = time.perf_counter()
            publish.publish(url, entries, "run", {})
            writes.append(count / (time.perf_counter() - start))
    rate, write_rate = median(command), median(writes)
    finish(
        "history_publish",
        {
            "headline": f"benchit publish: {rate:,.0f} results/s end to end, {write_rate:,.0f} results/s of database writes "
            f"({count} results, {args.samples} kept samples each)",
            "results": count,
            "samples_per_result": args.samples,
            "command_results_per_s": rate,
            "write_results_per_s": write_rate,
            "passed": rate >= GOAL_PER_S and write_rate >= GOAL_PER_S,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
