"""Training coverage: the share of models that are ``ok`` in eval whose train step is ``ok`` too.

The sample is the torchvision corpus, every 10th timm script and every 10th transformers script
(sorted by name; ``--every`` changes the step, ``--torchvision-every`` thins torchvision). Each is
scanned once with ``--mode eval,train`` on one runtime, into ``--cache`` (a scan that stopped
resumes there); the figure is read back from ``benchit report``. Failures are grouped by reason.
Goal: at least 90% of the models that are ``ok`` in eval train ``ok`` on eager torch.

    python benchmarks/train_coverage.py [--runtime torch] [--cache DIR] [--every 10] [--json FILE]
"""

from __future__ import annotations

import csv
import json
import re
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _common import BENCHIT, REPO, finish, parser, timed

GOAL = 0.9
# Enough timing to run each train step a few times; the figure is about statuses, not speed.
TIMING = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "2", "--warmup-time", "0.1", "--rounds", "1"]


def sample(every: int, torchvision_every: int) -> list[Path]:
    """The scripts of the sample, the three corpora taken in turn (so that a scan stopped part-way
    still holds some of each), each in name order."""
    models = REPO / "models"
    lists = [[p for p in sorted((models / c).glob("*.py")) if not p.name.startswith("_")][::step]
             for c, step in (("torchvision", torchvision_every), ("timm", every), ("transformers", every))]  # fmt: skip
    turns = [lst[i] for i in range(max(map(len, lists))) for lst in lists if i < len(lst)]
    return turns


def reason_group(error: str) -> str:
    """A failure's reason without the model-specific details (shapes, names, numbers)."""
    text = re.sub(r"\[[^\]]*\]|'[^']*'|\"[^\"]*\"|\b\d[\d.e+-]*\b", "…", error.strip().splitlines()[0] if error else "")
    return text[:140]


def coverage(rows: list[dict[str, str]], runtime: str) -> dict[str, Any]:
    """Models (top-level builds) ok in eval on ``runtime``, how many of them train ok, the rest by reason."""
    by_build: dict[str, dict[str, dict[str, str]]] = {}
    for row in rows:
        if row.get("runtime") == runtime and row.get("build_name") and not row.get("parent_build"):
            by_build.setdefault(row["build_name"], {})[row.get("mode") or "eval"] = row
    eval_ok = {b: modes for b, modes in by_build.items() if modes.get("eval", {}).get("status") == "ok"}
    train_ok = [b for b, modes in eval_ok.items() if modes.get("train", {}).get("status") == "ok"]
    reasons: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for modes in eval_ok.values():
        train = modes.get("train")
        if train is not None and train.get("status") == "ok":
            continue
        if train is None:  # the script ended (timeout, Ctrl-C) after the eval measurement
            group = f"no train result: the script ended {modes['eval'].get('script_status')} first"
        else:
            group = f"{train.get('status')}: {reason_group(train.get('error') or '')}"
        reasons[group] += 1
        examples.setdefault(group, Path(modes["eval"].get("script") or "").name)
    parity = Counter(modes["train"].get("parity_verdict") or "none" for b, modes in eval_ok.items() if b in train_ok)
    return {
        "runtime": runtime,
        "models": len(by_build),
        "eval_ok": len(eval_ok),
        "train_ok": len(train_ok),
        "share": len(train_ok) / len(eval_ok) if eval_ok else None,
        "goal": GOAL,
        "failures": [{"reason": r, "count": n, "example": examples[r]} for r, n in reasons.most_common()],
        "train_parity": dict(parity),
    }


def not_in_figure(rows: list[dict[str, str]], runtime: str) -> dict[str, Any]:
    """The scripts of the sample with no model ``ok`` in eval on ``runtime`` (so outside the
    share), by how the script ended (a timeout before any eval result is its own group)."""
    scripts: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        scripts.setdefault(row["script"], []).append(row)
    groups: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for script, found in scripts.items():
        evals = [r for r in found if r.get("runtime") == runtime and (r.get("mode") or "eval") == "eval"]
        if any(r.get("status") == "ok" and not r.get("parent_build") for r in evals):
            continue
        status = found[0].get("script_status") or "unknown"
        error = next((r.get("error") or "" for r in evals if r.get("error")), "") or found[0].get("script_error") or ""
        group = f"script {status}" + (f": {reason_group(error)}" if error and status != "timeout" else "")
        groups[group] += 1
        examples.setdefault(group, Path(script).name)
    return {"scripts": sum(groups.values()), "by_reason": [{"reason": g, "count": n, "example": examples[g]}
                                                           for g, n in groups.most_common()]}  # fmt: skip


def _script_records(cache: Path, wanted: set[str]) -> list[dict[str, Any]]:
    """The cache's script records of the sample's scripts (``wanted``: resolved paths)."""
    records = [json.loads(p.read_text()) for p in sorted(cache.glob("scripts/*.json"))]
    return [r for r in records if str(Path(r.get("script") or "").resolve()) in wanted]


def script_times(cache: Path, wanted: set[str]) -> dict[str, Any]:
    """Per-script wall time from the cache's script records: all of it, and without the waits for
    the host lock (another scan's measurement on this shared machine)."""
    records = [r for r in _script_records(cache, wanted) if r.get("duration_s") is not None]
    if not records:
        return {}
    durations = [float(r["duration_s"]) for r in records]
    own = [float(r["duration_s"]) - float(r.get("lock_wait_s") or 0) for r in records]
    return {
        "scripts": len(records),
        "median_s": round(statistics.median(durations), 1),
        "mean_s": round(statistics.fmean(durations), 1),
        "median_without_lock_wait_s": round(statistics.median(own), 1),
        "mean_without_lock_wait_s": round(statistics.fmean(own), 1),
        "total_s": round(sum(durations), 1),
        "lock_wait_total_s": round(sum(durations) - sum(own), 1),
    }


def load_during(cache: Path, wanted: set[str]) -> dict[str, Any]:
    """The machine's 1-minute load average as each result's measurement began."""
    builds = {b for r in _script_records(cache, wanted) for b in r.get("builds") or []}
    loads = []
    for build in sorted(builds):
        for path in sorted(cache.glob(f"builds/{build}/results/*/*.json")):
            load = json.loads(path.read_text()).get("environment", {}).get("load_average")
            if isinstance(load, list) and load:
                loads.append(float(load[0]))
    if not loads:
        return {}
    return {"measurements": len(loads), "min": min(loads), "median": statistics.median(loads), "max": max(loads)}


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--runtime", default="torch")
    p.add_argument("--cache", type=Path, default=None, help="cache to scan into (a stopped scan resumes)")
    p.add_argument("--every", type=int, default=10)
    p.add_argument("--torchvision-every", type=int, default=1)
    p.add_argument("--timeout", type=float, default=150)
    p.add_argument("--limit", type=int, default=0, help="only the first N scripts of the sample's order")
    p.add_argument("--threads", default="2")
    p.add_argument("--jobs", default="1", help="scripts run side by side (benchit -j)")
    p.add_argument("--device", default="cpu", help="benchit --device (cuda on a GPU machine)")
    p.add_argument("--report-only", action="store_true", help="read --cache as it is; scan nothing")
    args = p.parse_args()
    every, torchvision_every = args.every * (5 if args.quick else 1), args.torchvision_every * (10 if args.quick else 1)
    scripts = sample(every, torchvision_every)
    # Absolute: benchit runs in a temporary folder (``timed``), where a relative path would point.
    cache = (args.cache or Path(tempfile.mkdtemp(prefix="train-coverage-")) / "cache").resolve()
    if args.limit:
        scripts = scripts[: args.limit]
    runtimes = "torch" if args.runtime == "torch" else f"torch,{args.runtime}"
    command = [*BENCHIT, "benchmark", *scripts, "--mode", "eval,train", "--runtime", runtimes]
    command += [*TIMING, "--timeout", args.timeout, "--threads", args.threads, "--quiet-wait", "0", "-j", args.jobs]
    command += ["--device", args.device]
    command += ["--progress", "plain", "--cache-dir", cache]
    elapsed = 0.0 if args.report_only else timed(command, check=False)[0]
    table = cache.parent / "report.csv"
    timed([*BENCHIT, "report", "--cache-dir", cache, "--output", table])
    with table.open(newline="") as f:
        # The sample's scripts only: a cache resumed with another thinning holds others too.
        wanted = {str(path.resolve()) for path in scripts}
        rows = [row for row in csv.DictReader(f) if str(Path(row["script"]).resolve()) in wanted]
    scripts_ok = Counter(row["script_status"] for row in {r["script"]: r for r in rows}.values())
    result = {
        "sample": f"every {torchvision_every} torchvision script, every {every} timm and transformers script"
        + (f", the first {args.limit} in turn" if args.limit else ""),
        "scripts": len(scripts),
        "limit": args.limit or None,
        "timeout_s": args.timeout,
        "device": args.device,
        "script_statuses": dict(scripts_ok),
        "wall_s": round(elapsed, 1),
        "cache": str(cache),
        "coverage": [coverage(rows, "torch")] + ([coverage(rows, args.runtime)] if args.runtime != "torch" else []),
        "not_in_figure": not_in_figure(rows, args.runtime),
        "script_time": script_times(cache, wanted),
        "load_during_scan": load_during(cache, wanted),
    }
    for figure in result["coverage"]:
        share = figure["share"]
        print(
            f"{figure['runtime']}: {figure['train_ok']}/{figure['eval_ok']} eval-ok models train ok"
            + (f" ({share:.1%}; goal {GOAL:.0%})" if share is not None else "")
        )
        for failure in figure["failures"]:
            print(f"  {failure['count']} x {failure['reason']}  (e.g. {failure['example']})")
    print(f"not in the figure (no model ok in eval): {result['not_in_figure']['scripts']} scripts")
    for group in result["not_in_figure"]["by_reason"]:
        print(f"  {group['count']} x {group['reason']}  (e.g. {group['example']})")
    print(f"per script: {result['script_time']}; load: {result['load_during_scan']}")
    eager = result["coverage"][0]
    result["passed"] = eager["share"] is not None and eager["share"] >= GOAL
    result["headline"] = "; ".join(
        f"{f['runtime']} {f['train_ok']}/{f['eval_ok']}" + (f" = {f['share']:.1%}" if f["share"] is not None else "")
        for f in result["coverage"]
    )
    finish(f"train_coverage_{args.runtime}", result, args.json)


if __name__ == "__main__":
    main()
