"""Run every benchmark of benchit itself, one after the other, and write their results.

Each benchmark is a script of its own (see docs/performance.md); this runner executes them in
one session, side by side, and writes ``benchmarks/results/<name>.json``, ``all.json`` and a
``summary.md`` table of goal against measured figure.

    python benchmarks/run_all.py [--only NAME ...] [--quick] [--max-load 0.5 --wait 1800]

``rounds_overhead`` compares with a checkout of benchit from before rounds and contention
detection: ``BENCHIT_OLD_TREE=PATH`` (default ``../bench-new``, beside this checkout).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from _common import ENV, REPO, RESULTS, describe_machine

# name -> (script, extra arguments). The timing benchmarks run twice: with benchit's default
# threads (the physical cores) and with one thread, which a single busy core cannot disturb.
BENCHMARKS = {
    "overhead": ("overhead", []),
    "timer_agreement": ("timer_agreement", []),
    "timer_agreement_1thread": ("timer_agreement", ["--threads", "1"]),
    "analyze_only": ("analyze_only", []),
    "corpus_scan": ("corpus_scan", []),
    "rerun": ("rerun", []),
    "stability": ("stability", []),
    "stability_1thread": ("stability", ["--threads", "1"]),
    "aa_load": ("aa_load", []),
    "power": ("power", ["--threads", "1"]),
    "power_default_threads": ("power", ["--threads", "default"]),
    "rounds_overhead": ("rounds_overhead", ["--old-tree", os.environ.get("BENCHIT_OLD_TREE", "../bench-new")]),
    "train_overhead": ("train_overhead", ["--pairs", "3"]),
    "verdicts_across_runs": ("verdicts_across_runs", []),
}
TITLES = {
    "analyze_only": "(a) --analyze-only vs plain python, heavy scripts",
    "overhead": "(b) harness overhead per iteration",
    "corpus_scan": "(c) 20-script scan vs sum of plain python runs",
    "rerun": "(d) unchanged re-run vs first run",
    "stability": "(e) run-to-run stability, CV of 5 medians (default threads)",
    "stability_1thread": "(e) run-to-run stability, CV of 5 medians (--threads 1)",
    "timer_agreement": "agreement with torch.utils.benchmark.Timer (default threads)",
    "timer_agreement_1thread": "agreement with torch.utils.benchmark.Timer (1 thread)",
    "aa_load": "A/A under load: quiet vs 1 and 2 CPU hogs, 20 scripts",
    "power": "power: 10% slower called slower (--threads 1)",
    "power_default_threads": "power: 10% slower called slower (default threads)",
    "rounds_overhead": "rounds and contention detection: scan wall time vs the code before",
    "train_overhead": "train step (--mode train) vs a hand-written training loop",
    "verdicts_across_runs": "verdicts across runs: A/A of 5 scans, power against them, history step (issue 38)",
}


def wait_for_quiet(max_load: float, wait_s: float) -> float:
    """Wait (up to ``wait_s``) until the 1-minute load average is below ``max_load``."""
    deadline = time.monotonic() + wait_s
    while (load := os.getloadavg()[0]) > max_load and time.monotonic() < deadline:
        print(f"load average {load:.2f} > {max_load}; waiting for a quieter machine...", flush=True)
        time.sleep(30)
    return os.getloadavg()[0]


def git_commit() -> str | None:
    done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True)
    return done.stdout.strip() or None


def summary(results: dict[str, dict[str, Any]], started: dict[str, Any]) -> str:
    lines = [
        "# benchit benchmark results",
        "",
        f"Run {started['time']} on {started['machine']['cpu_model']} "
        f"({started['machine']['cpu_physical_cores']} cores), commit {started['commit']}, "
        f"load average at start {started['machine']['load_average'][0]:.2f}"
        + ("; --quick settings, not the real figures" if started["quick"] else ""),
        "",
        "| benchmark | goal | measured | verdict |",
        "| --- | --- | --- | --- |",
    ]
    for name in BENCHMARKS:
        if name not in results:
            continue
        r = results[name]
        verdict = "meets goal" if r.get("passed") else ("**misses goal**" if "passed" in r else "**failed to run**")
        cells = [TITLES[name], r.get("goal", ""), r.get("measured", r.get("error", "")), verdict]
        lines.append("| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |")
    lines += ["", "Details:", ""]
    lines += [f"- {name}: {results[name].get('headline', results[name].get('error', ''))}" for name in results]
    return "\n".join(lines) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="+", choices=list(BENCHMARKS), default=list(BENCHMARKS))
    p.add_argument("--quick", action="store_true", help="small settings, to check that everything works")
    p.add_argument("--max-load", type=float, default=None, help="wait until the load average is below this")
    p.add_argument("--wait", type=float, default=1800.0, help="seconds to wait for --max-load at most")
    p.add_argument("--out", type=Path, default=RESULTS)
    args = p.parse_args()
    if args.max_load is not None:
        wait_for_quiet(args.max_load, args.wait)
    args.out.mkdir(parents=True, exist_ok=True)
    started = {
        "time": time.strftime("%Y-%m-%d %H:%M:%S"),
        "commit": git_commit(),
        "quick": args.quick,
        "machine": describe_machine(),
    }
    results: dict[str, dict[str, Any]] = {}
    for name in args.only:
        path = args.out / f"{name}.json"
        script, extra = BENCHMARKS[name]
        command = [sys.executable, str(Path(__file__).parent / f"{script}.py"), *extra, "--json", str(path)]
        command += ["--quick"] if args.quick else []
        print(f"== {name}: {' '.join(command)}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(command, env=ENV, cwd=REPO)
        if done.returncode == 0 and path.exists():
            results[name] = json.loads(path.read_text())
        else:
            results[name] = {"error": f"exited with {done.returncode}"}
        results[name]["wall_s"] = time.perf_counter() - start
        results[name]["command"] = " ".join(["python", f"benchmarks/{script}.py", *extra])
    started["load_average_at_end"] = list(os.getloadavg())
    (args.out / "all.json").write_text(json.dumps({"run": started, "results": results}, indent=2) + "\n")
    text = summary(results, started)
    (args.out / "summary.md").write_text(text)
    print("\n" + text)


if __name__ == "__main__":
    main()
