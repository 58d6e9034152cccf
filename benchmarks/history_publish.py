"""(h) Publishing into the history: synthetic caches of 5,000 and 20,000 results into new SQLite files.

Goal: at least 5,000 results/s, for the whole ``benchit publish`` command (start-up, reading the
cache's files, writing the database) on the 5,000-result cache, and for the database writes alone
(``history.publish``). Reading the cache alone is measured in one process and by forked readers
(``collect.entries``, as the command reads a large cache). Also measured: the start-up (the whole command on a one-result cache: the
interpreter, imports, a new database's schema), the whole command on 20,000 results (the start-up
spread over more results), and the rate after start-up.

    python benchmarks/history_publish.py [--results 5000] [--large 20000] [--samples 200] [--repeats 3] [--json FILE]
"""

from __future__ import annotations

import compileall
import random
import resource
import tempfile
import time
from pathlib import Path

from _common import BENCHIT, finish, median, parser, timed

import benchit
from benchit.records import Invocation, Machine, Result, ScriptStatus, Stats
from benchit.runrecords import BuildRecord, ScriptRecord
from benchit.store import forked
from benchit.store.cache import Cache

GOAL_PER_S = 5000.0
PER_SCRIPT = 10  # builds per script; each build has five results (runtimes)
RUNTIMES = ("torch", "ort", "compile", "quant", "other")


def make_cache(root: Path, results: int, samples: int, seed: int = 0) -> Cache:
    """A cache of exactly ``results`` results: scripts of PER_SCRIPT builds, each measured with the RUNTIMES."""
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
                median_ms = rng.uniform(0.1, 50.0)
                kept = tuple(sorted(median_ms * rng.lognormvariate(0.0, 0.05) for _ in range(samples)))
                stats = Stats(samples, median_ms, median_ms, median_ms * 0.99, median_ms * 1.01, kept[0], kept[-1],
                              0.01, 0.02, kept[-1], kept[-1], 0.01, 5, 0.3, False, samples_ms=kept,
                              rounds_ms=tuple(median_ms * rng.lognormvariate(0.0, 0.01) for _ in range(5)),
                              round_iterations=(samples // 5,) * 5)  # fmt: skip
                env = {"versions": {"torch": "2.14.1"}, "benchit": "0.1.0", "load_average": [rng.random()] * 3}
                cache.write_result(name, Result("cpu", runtime, "ok", stats=stats, environment=env, machine=machine,
                                                script_digest="d" * 64, finished=1.7e9 + s))  # fmt: skip
                written += 1
        cache.write_script(ScriptRecord(key, f"/m/{key}.py", f"{key}.py", "d" * 64, status=ScriptStatus.OK,
                                        builds=tuple(builds), benchit_version="0.1.0", finished=1.7e9 + s))  # fmt: skip
        s += 1
    return cache


def _command(cache: Cache, folder: Path, count: int, repeats: int) -> tuple[float, list[float], list[float]]:
    """The whole ``benchit publish`` of ``cache`` into a new file, ``repeats`` times: the median
    seconds, each run's wall time, and each run's CPU time (user and system: what the command
    itself used, whoever else wants the machine's CPUs)."""
    times, cpu = [], []
    for _ in range(repeats):
        db = Path(folder) / f"cmd-{time.monotonic_ns()}.db"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        elapsed, done = timed([*BENCHIT, "publish", cache.root, "--db", db])
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        assert f"published {count} results" in done.stdout, done.stdout
        times.append(elapsed)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return median(times), times, cpu


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--results", type=int, default=5000)
    p.add_argument("--large", type=int, default=20000, help="the larger cache's results (0: none)")
    p.add_argument("--samples", type=int, default=200)
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    from benchit.history import collect, engine, publish

    # As installed: pip writes each module's bytecode at install time. Here an editable checkout
    # (under PYTHONDONTWRITEBYTECODE, as on this machine) would compile every edited module at
    # each start-up, a twentieth of a 5,000-result publication.
    compileall.compile_dir(str(Path(benchit.__file__).parent), quiet=1)
    results, large = (250, 500) if args.quick else (args.results, args.large)
    repeats = 1 if args.quick else args.repeats
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        startup, startup_times, startup_cpu = _command(make_cache(root / "one", 1, args.samples), root, 1, repeats)
        cache = make_cache(root / "cache", results, args.samples)
        count = len(collect.entries(cache))
        took, took_times, took_cpu = _command(cache, root, count, repeats)
        reads: dict[str, list[float]] = {"one": [], "forked": []}
        for _ in range(repeats):  # reading the cache alone: in this process, and by forked readers
            for way, jobs in (("one", 1), ("forked", None)):
                start = time.perf_counter()
                collect.entries(Cache(cache.root), jobs=jobs)
                reads[way].append(count / (time.perf_counter() - start))
        writes = []
        for n in range(repeats):
            entries = collect.entries(cache)
            url = engine.resolve(str(root / f"api{n}.db"))
            start = time.perf_counter()
            publish.publish(url, [entries], "run", {})
            writes.append(count / (time.perf_counter() - start))
        big: dict[str, object] = {}
        if large:
            big_cache = make_cache(root / "large", large, args.samples)
            big_took, big_times, big_cpu = _command(big_cache, root, large, repeats)
            big = {"large_results": large, "large_command_s": big_took, "large_command_times_s": big_times,
                   "large_command_cpu_s": big_cpu, "large_command_results_per_s": large / big_took,
                   "large_command_results_per_cpu_s": large / median(big_cpu)}  # fmt: skip
    rate, write_rate = count / took, median(writes)
    after = count / max(took - startup, 1e-9)
    large_text = f", {big['large_command_results_per_s']:,.0f} results/s for {large:,}" if big else ""
    finish(
        "history_publish",
        {
            "headline": f"benchit publish of {count:,} results: {rate:,.0f} results/s end to end{large_text} "
            f"(start-up {startup:.2f} s, then {after:,.0f} results/s; {count / median(took_cpu):,.0f} results per CPU "
            f"second); reading the cache {median(reads['one']):,.0f} results/s in one process, "
            f"{median(reads['forked']):,.0f} by forked readers on {forked.cpus()} CPUs; database writes "
            f"{write_rate:,.0f} results/s ({args.samples} kept samples each)",
            "read_results_per_s_one_process": median(reads["one"]),
            "read_results_per_s_forked": median(reads["forked"]),
            "cpus": forked.cpus(),
            "results": count,
            "samples_per_result": args.samples,
            "command_s": took,
            "command_times_s": took_times,
            "command_results_per_s": rate,
            "command_cpu_s": took_cpu,
            "command_results_per_cpu_s": count / median(took_cpu),
            "startup_s": startup,
            "startup_times_s": startup_times,
            "startup_cpu_s": startup_cpu,
            "after_startup_results_per_s": after,
            **big,
            "write_results_per_s": write_rate,
            "passed": rate >= GOAL_PER_S and write_rate >= GOAL_PER_S,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
