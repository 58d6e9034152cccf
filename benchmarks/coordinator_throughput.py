"""How many results per second the coordinator of ``--executor ray`` takes in and writes to the cache.

Goal: at least 2,000 results/s, so that a fleet of hundreds of nodes never waits on the one process
that writes the cache, with every message checked against its job on the way (issue 22,
``benchit.execute.protocol``). A synthetic flood of small results (no models, no Ray): an executor that
answers every job at once with the typed events a node relays (``JobStarted``, an
``InvocationFound``, one ``ResultReady`` per device x runtime, ``Done``, ``JobExited``) runs under
the real coordinator (``benchit.execute.scheduler.Scheduler``), which locks, plans and writes each
result atomically, as in a scan.

    python benchmarks/coordinator_throughput.py [--scripts 40] [--results 50] [--json FILE]
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from _common import finish, parser

from benchit.config import Config
from benchit.contracts import Executor
from benchit.execute.scheduler import Scheduler
from benchit.messages import Done, Event, InvocationFound, JobExited, JobSpec, JobStarted, ResultReady
from benchit.records import Invocation, Machine, Result, ScriptStatus
from benchit.scan import discovery
from benchit.store.cache import Cache

GOAL = 2000.0
NODE = Machine(id="f" * 12, hostname="flood", cpu_model="none")
INVOCATION = Invocation("0123abcd", "Linear", 10, {}, "", 1, "flood.py:1")


class Quiet:
    def script_started(self, job: object) -> None: ...
    def invocation(self, job: object, build: str, invocation: object) -> None: ...
    def result(self, job: object, build: str, result: object) -> None: ...
    def script_finished(self, job: object) -> None: ...
    def script_skipped(self, script: object, reason: str) -> None: ...


class Flood(Executor):
    """Answers every job at once with what a node would relay for it."""

    name = "flood"

    def open(self, config: Config, preload: list[str]) -> None:
        self.config, self.queued = config, []

    def submit(self, spec: JobSpec) -> None:
        build = f"{spec.key}_{INVOCATION.hash}"
        messages = [JobStarted(NODE, 1), InvocationFound(build, INVOCATION)]
        messages += [ResultReady(build, Result("cpu", runtime, "ok")) for runtime in spec.config.runtimes]
        self.queued += [Event(spec.job_id, m) for m in (*messages, Done(), JobExited(0))]

    def events(self, timeout: float) -> list[Event]:
        out, self.queued = self.queued, []
        return out

    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None: ...

    def close(self) -> None: ...


def flood(scripts: int, results: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        corpus = root / "corpus"
        corpus.mkdir()
        for i in range(scripts):
            (corpus / f"s{i}.py").write_text("# labels: name::flood\nprint('x')\n")
        cache = Cache(root / "cache")
        cache.create()
        config = Config(cache_dir=cache.root, runtimes=tuple(f"r{i}" for i in range(results)), jobs=8)
        found = discovery.discover([], [corpus], True, None)
        start = time.perf_counter()
        finished = Scheduler(config, cache, Quiet(), Flood(), []).run(found)  # type: ignore[arg-type]
        elapsed = time.perf_counter() - start
        written = len(list(cache.root.glob("builds/*/results/**/*.json")))
    total = scripts * results
    statuses = [j.record.status for j in finished]
    assert len(finished) == scripts and all(s is ScriptStatus.OK for s in statuses), statuses
    assert written == total, f"{written} result files written, expected {total}"
    return {"results": total, "scripts": scripts, "seconds": elapsed, "results_per_s": total / elapsed}


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--scripts", type=int, default=40)
    p.add_argument("--results", type=int, default=50, help="results per script")
    args = p.parse_args()
    scripts, results = (5, 10) if args.quick else (args.scripts, args.results)
    rounds = [flood(scripts, results) for _ in range(3)]
    best = max(rounds, key=lambda r: r["results_per_s"])
    worst = min(rounds, key=lambda r: r["results_per_s"])
    finish(
        "coordinator_throughput",
        {
            "goal_results_per_s": GOAL,
            "rounds": rounds,
            "results_per_s_worst": worst["results_per_s"],
            "passed": worst["results_per_s"] >= GOAL,
            "headline": f"{worst['results_per_s']:.0f} results/s written by the coordinator "
            f"(worst of 3 rounds of {worst['results']} results; best {best['results_per_s']:.0f}/s)",
        },
        args.json,
    )


if __name__ == "__main__":
    main()
