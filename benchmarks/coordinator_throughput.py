"""How many results per second the coordinator of ``--executor ray`` takes in and writes to the cache.

Goal: at least 500 results/s, so that a fleet of hundreds of nodes never waits on the one process
that writes the cache. A synthetic flood of small results (no models, no Ray): the events a node
sends (an invocation, then one result per device x runtime, then the script's end) are fed to the
coordinator's own handler (``RayRunner._event``), which writes each result atomically, as in a scan.

    python benchmarks/coordinator_throughput.py [--scripts 40] [--results 50] [--json FILE]
"""

from __future__ import annotations

import base64
import tempfile
import time
from pathlib import Path

from _common import finish, parser

from benchit.config import Config
from benchit.execute.ray.executor import RayRunner
from benchit.execute.ray.placement import Node
from benchit.scan import discovery
from benchit.store.cache import Cache

GOAL = 500.0


class Quiet:
    def script_started(self, job: object) -> None: ...
    def invocation(self, job: object, build: str, invocation: object) -> None: ...
    def result(self, job: object, build: str, result: object) -> None: ...
    def script_finished(self, job: object) -> None: ...
    def script_skipped(self, script: object, reason: str) -> None: ...


def flood(scripts: int, results: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        corpus = root / "corpus"
        corpus.mkdir()
        for i in range(scripts):
            (corpus / f"s{i}.py").write_text("# labels: name::flood\nprint('x')\n")
        cache = Cache(root / "cache")
        cache.create()
        runtimes = tuple(f"r{i}" for i in range(results))
        config = Config(cache_dir=cache.root, runtimes=runtimes)
        runner = RayRunner(config, cache, Quiet(), [])
        runner.active, runner.where = {}, {}
        node = Node(id="f" * 56, ip="127.0.0.1", hostname="flood")
        found = discovery.discover([], [corpus], True, None)
        invocation = {"hash": "0123abcd", "model_class": "Linear", "params": 10, "signature": {}, "input_shapes": ""}
        stats = {"iterations": 100, "median_ms": 0.01, "mean_ms": 0.01}
        start = time.perf_counter()
        for index, script in enumerate(found, 1):
            job = runner._begin(script, index)
            assert job is not None
            runner.active[index] = job
            build = f"{job.key}_0123abcd"
            runner._event(
                node,
                {
                    "event": "message",
                    "job": index,
                    "message": {"type": "invocation", "build": build, "invocation": invocation},
                },
            )
            for runtime in runtimes:
                result = {"device": "cpu", "runtime": runtime, "status": "ok", "stats": stats, "info": {}}
                runner._event(
                    node,
                    {"event": "message", "job": index, "message": {"type": "result", "build": build, "result": result}},
                )
            runner._event(node, {"event": "message", "job": index, "message": {"type": "done"}})
            end = {
                "event": "end",
                "job": index,
                "status": "ok",
                "error": None,
                "log": base64.b64encode(b"x").decode(),
                "artifacts": {},
            }
            runner._event(node, end)
        elapsed = time.perf_counter() - start
        written = len(list(cache.root.glob("builds/*/results/**/*.json")))
    total = scripts * results
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
