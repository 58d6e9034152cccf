"""(b) benchit's per-iteration harness overhead against a bare ``perf_counter`` loop, on a tiny model.

Goal: the calibrated overhead (an empty step timed by benchit's loop, recorded with every
result) stays under 1 us per iteration; that also keeps it under 1% of the median of any model
slower than 100 us. The bias it adds to a real number is shown on a tiny model: benchit's
median against the per-iteration time of a bare loop around the same call.

    python benchmarks/overhead.py [--rounds 5] [--json FILE]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import torch
from _common import BENCHIT, cache_results, finish, median, parser, timed

from benchit.config import TimingSettings
from benchit.host import HostTimer
from benchit.measure.environment import physical_cores
from benchit.measure.timing import measure, overhead_ns

GOAL_NS = 1000.0
TINY = """# labels: name::tiny author::benchit task::benchmark
import torch
model = torch.nn.Linear(4, 4).eval()
with torch.no_grad():
    model(torch.randn(1, 4))
"""


def loop_costs_ns(step: object, iterations: int, blocks: int) -> tuple[float, float]:
    """Per-iteration wall time of the plainest loop there is (a clock read before and after a
    block of calls) and of benchit's timer loop around the same calls, in alternating blocks;
    medians over blocks, so a block hit by another process does not count."""
    clock = time.perf_counter_ns
    timer = HostTimer()
    bare, harness = [], []
    for _ in range(blocks):
        start = clock()
        for _ in range(iterations):
            step()  # type: ignore[operator]
        bare.append((clock() - start) / iterations)
        start = clock()
        timer.run(step, iterations)  # type: ignore[arg-type]
        harness.append((clock() - start) / iterations)
    return median(bare), median(harness)


def recorded_by_the_cli() -> float:
    """The overhead a real ``benchit benchmark`` run records with its result."""
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "tiny.py"
        script.write_text(TINY)
        fast = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2"]
        timed([*BENCHIT, "benchmark", script, "--cache-dir", Path(folder) / "cache", *fast])
        [result] = cache_results(Path(folder) / "cache")
        return result["info"]["overhead_ns"]


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    rounds = 2 if args.quick else args.rounds
    torch.set_num_threads(physical_cores())
    model = torch.nn.Linear(4, 4).eval()
    x = torch.randn(1, 4)
    settings = TimingSettings(min_time_s=0.2 if args.quick else 1.0)
    bare, loop, bench, calibrated = [], [], [], []
    with torch.inference_mode():

        def step() -> object:
            return model(x)

        for _ in range(rounds):  # interleaved rounds: both sides see the same machine
            bare_ns, harness_ns = loop_costs_ns(step, 200, 200)
            bare.append(bare_ns)
            loop.append(harness_ns)
            bench.append(measure(step, HostTimer(), settings).median_ms * 1e6)
            calibrated.append(overhead_ns(HostTimer()))
    cli = recorded_by_the_cli()
    model_ns, loop_ns, bench_ns, overhead = median(bare), median(loop), median(bench), median(calibrated)
    added = loop_ns - model_ns
    passed = overhead < GOAL_NS and cli < GOAL_NS and added < GOAL_NS
    finish(
        "overhead",
        {
            "goal": f"< {GOAL_NS:.0f} ns per iteration (and so < 1% of any median above 100 us)",
            "measured": (
                f"{overhead:.0f} ns calibrated, {cli:.0f} ns recorded by the CLI,"
                f" {added:.0f} ns/iteration more than a bare loop"
            ),
            "passed": passed,
            "headline": (
                f"overhead {overhead:.0f} ns/iteration (the CLI records {cli:.0f} ns) = {overhead / 1e5:.2%} of a"
                f" 100 us model; tiny Linear(4,4): bare loop {model_ns:.0f} ns/iteration, benchit's timer loop"
                f" {loop_ns:.0f} ns ({added:+.0f} ns), benchit's median {bench_ns:.0f} ns"
            ),
            "calibrated_overhead_ns": overhead,
            "cli_recorded_overhead_ns": cli,
            "overhead_of_100us_model": overhead / 1e5,
            "tiny_model_bare_loop_ns": model_ns,
            "tiny_model_timer_loop_ns": loop_ns,
            "timer_loop_added_ns": added,
            "ratio_timer_loop_to_bare": loop_ns / model_ns,
            "tiny_model_benchit_median_ns": bench_ns,
            "rounds": {"bare_ns": bare, "timer_loop_ns": loop, "benchit_median_ns": bench, "calibrated_ns": calibrated},
            "threads": torch.get_num_threads(),
            "commands": ["python benchmarks/overhead.py"],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
