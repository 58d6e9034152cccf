"""Helpers shared by benchit's own benchmarks: running commands with a clock, and writing results."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "benchmarks" / "scripts"
RESULTS = REPO / "benchmarks" / "results"
PYTHON = sys.executable
BENCHIT = [PYTHON, "-m", "benchit"]
# No network here: the scripts build models from configs, and nothing may try to download.
ENV = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def parser(description: str) -> argparse.ArgumentParser:
    """An argument parser with the options every benchmark takes."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--json", type=Path, default=None, help="write the result here as JSON")
    p.add_argument("--quick", action="store_true", help="small settings, to check that the benchmark works")
    return p


def timed(
    command: Sequence[Any], cwd: Path | None = None, check: bool = True, env: dict[str, str] | None = None
) -> tuple[float, subprocess.CompletedProcess[str]]:
    """Run ``command`` with its output captured (in ``env``, default ``ENV``); return its wall time in
    seconds and the process."""
    start = time.perf_counter()
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd or tempfile.gettempdir(), env=env or ENV, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - start
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return elapsed, done


def cache_results(cache: Path) -> list[dict[str, Any]]:
    """Every result record in a benchit cache (of every machine)."""
    return [json.loads(p.read_text()) for p in sorted(cache.glob("builds/*/results/*/*.json"))]


def describe_machine() -> dict[str, Any]:
    """The machine and its load, recorded with every benchmark result."""
    from benchit.measure.environment import host

    facts = host().to_dict()
    return {
        "cpu_model": facts["cpu_model"],
        "cpu_physical_cores": facts["cpu_physical_cores"],
        "cpu_logical_cores": facts["cpu_logical_cores"],
        "python": facts["python"],
        "versions": facts["versions"],
        "load_average": list(os.getloadavg()),
    }


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def finish(name: str, result: dict[str, Any], json_path: Path | None) -> dict[str, Any]:
    """Add the machine and time to ``result``, print a one-line verdict, write JSON if asked."""
    result = {"benchmark": name, "time": time.strftime("%Y-%m-%d %H:%M:%S"), **result, "machine": describe_machine()}
    passed = result.get("passed")
    verdict = "a study, no goal" if passed is None else "meets its goal" if passed else "MISSES its goal"
    print(f"{name}: {result.get('headline', '')} ({verdict})")
    if json_path:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(result, indent=2) + "\n")
    return result


def default_corpus(count: int = 20) -> list[Path]:
    """A mixed corpus of ``count`` light-to-mid scripts from models/: the self test, graph networks,
    and small torchvision models (in that order, each folder sorted by name)."""
    folders = [
        (REPO / "models" / "selftest", None),
        (REPO / "models" / "torchvision", ("mobilenet_v3_small", "squeezenet1_1", "shufflenet_v2_x0_5", "resnet18")),
        (REPO / "models" / "graph_convolutions", None),
    ]
    chosen: list[Path] = []
    for folder, names in folders:
        found = sorted(folder.glob("*.py"))
        if names is not None:
            found = [p for p in found if p.stem in names]
        chosen += found
    if len(chosen) < count:
        raise SystemExit(f"only {len(chosen)} scripts found under models/; pass script paths instead")
    return chosen[:count]


def relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


# Small torchvision models that scan in a few seconds each on two cores (random weights, one image).
SMALL_TORCHVISION = (
    "mobilenet_v3_small",
    "squeezenet1_0",
    "squeezenet1_1",
    "shufflenet_v2_x0_5",
    "shufflenet_v2_x1_0",
    "shufflenet_v2_x1_5",
    "mnasnet0_5",
    "mnasnet0_75",
    "mnasnet1_0",
    "regnet_x_400mf",
    "regnet_y_400mf",
    "regnet_x_800mf",
    "mobilenet_v2",
    "efficientnet_b0",
    "resnet18",
)


def aa_corpus(count: int = 20) -> list[Path]:
    """The A/A corpus: the self test (5 scripts, 6 models), then small torchvision models."""
    chosen = sorted((REPO / "models" / "selftest").glob("*.py"))
    chosen += [REPO / "models" / "torchvision" / f"{name}.py" for name in SMALL_TORCHVISION]
    missing = [relative(p) for p in chosen if not p.exists()]
    if missing:
        raise SystemExit(f"scripts missing: {', '.join(missing)}")
    return chosen[:count]


class Hogs:
    """``count`` CPU hogs (``python -c "while True: pass"``) for the length of a ``with`` block;
    each is killed on the way out, whatever happened inside."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.processes: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Hogs:
        for _ in range(self.count):
            self.processes.append(subprocess.Popen([PYTHON, "-c", "while True: pass"]))
        time.sleep(1.0)  # let them reach the run queue before the scan starts
        return self

    def __exit__(self, *exc: object) -> None:
        for process in self.processes:
            process.kill()
        for process in self.processes:
            process.wait()
        self.processes.clear()


def compare_caches(base: Path, new: Path, *options: Any) -> dict[str, Any]:
    """``benchit compare BASE NEW`` with its JSON report: the comparison (``counts``, ``pairs``),
    and the exit status and terminal output under ``returncode`` and ``stdout``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "compare.json"
        done = subprocess.run(
            [*BENCHIT, "compare", base, new, "--format", "json", "-o", out, *options],
            env=ENV,
            capture_output=True,
            text=True,
            cwd=folder,
        )
        if not out.exists():
            raise RuntimeError(f"benchit compare failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
        comparison: dict[str, Any] = json.loads(out.read_text())["comparison"]
    return {**comparison, "returncode": done.returncode, "stdout": done.stdout}


def verdict_counts(comparison: dict[str, Any]) -> dict[str, Any]:
    """The verdicts of a comparison, with inconclusive ones counted by the kind of their reason
    (``busy``, ``too few rounds``, ...)."""
    counts: dict[str, Any] = {}
    reasons: dict[str, int] = {}
    for pair in comparison["pairs"]:
        counts[pair["verdict"]] = counts.get(pair["verdict"], 0) + 1
        if pair["verdict"] == "inconclusive":
            for part in pair["reason"].split("; "):
                kind = part.partition(":")[0]
                reasons[kind] = reasons.get(kind, 0) + 1
    if reasons:
        counts["inconclusive_by_reason"] = reasons
    return counts


def load_average() -> float:
    return os.getloadavg()[0]
