"""What a script's process pays for Inductor's and the ONNX exporter's first steps: the same scans
with the code before the warm worker did them once (``--old-tree``) and after.

Each script's process used to make Inductor's check of the CPU's vector instructions (a small C++
program compiled and loaded, in the job's own fresh compile cache) and build the exporter's first
operator table; the warm worker now does both before it forks the scripts
(``backends/runtimes/inductor_warm.py``, ``onnx_warm.py``). Six small scripts, each a different
pointwise MLP, are scanned with ``--runtime torch-compile`` and with ``--runtime ort`` (one pass,
quick timing: the measuring is not the point), old and new code alternating, each into a fresh
cache; the figure is the ratio of the medians of the scan's wall time, and the time per script.

    python benchmarks/preload_warm.py --old-tree PATH [--runs 3] [--json FILE]
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from _common import ENV, PYTHON, REPO, cache_results, finish, load_average, parser, timed

SCRIPT = """import torch

torch.manual_seed({index})
model = torch.nn.Sequential(torch.nn.Linear(16, {width}), torch.nn.{act}(), torch.nn.Linear({width}, 4)).eval()
model(torch.randn(2, 16) * {scale})
"""
ACTS = ("ReLU", "GELU", "SiLU", "Tanh", "Sigmoid", "Hardswish")
QUICK = ["--min-time", "0", "--max-time", "0.2", "--warmup-time", "0.1", "--passes", "1", "--quiet-wait", "0"]


def corpus(folder: Path, count: int) -> list[Path]:
    scripts = []
    for index in range(count):
        path = folder / f"mlp_{index}.py"
        body = SCRIPT.format(index=index, width=32 + 8 * index, act=ACTS[index % len(ACTS)], scale=1 + index)
        path.write_text(f"# labels: name::mlp_{index} author::benchmarks task::test\n{body}")
        scripts.append(path)
    return scripts


def scan(tree: Path, scripts: list[Path], runtime: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as cache:
        load = load_average()
        command = [PYTHON, "-m", "benchit", "benchmark", *scripts, "--runtime", runtime, *QUICK, "--cache-dir", cache]
        elapsed, _ = timed(command, cwd=tree, env={**ENV, "PYTHONPATH": str(tree)})
        ok = sum(r["status"] == "ok" for r in cache_results(Path(cache)))
    return {"scan_s": elapsed, "ok": ok, "load_average_before": load}


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--old-tree", type=Path, required=True, help="a worktree of benchit before the warm modules")
    p.add_argument("--runs", type=int, default=3, help="scans with each code and runtime (alternating)")
    args = p.parse_args()
    old_tree = args.old_tree.resolve()
    if not (old_tree / "benchit" / "__init__.py").exists():
        raise SystemExit(f"--old-tree {old_tree}: no benchit package there")
    runs = 1 if args.quick else args.runs
    figures: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        scripts = corpus(Path(folder), 2 if args.quick else 6)
        for runtime in ("torch-compile", "ort"):
            scans: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
            for index in range(runs):
                for side in ("old", "new") if index % 2 == 0 else ("new", "old"):
                    scans[side].append(scan(old_tree if side == "old" else REPO, scripts, runtime))
                    s = scans[side][-1]
                    print(f"  {runtime} {side} {index + 1}: {s['scan_s']:.1f} s, {s['ok']} ok", flush=True)
            old = statistics.median(s["scan_s"] for s in scans["old"])
            new = statistics.median(s["scan_s"] for s in scans["new"])
            figures[runtime] = {
                "old": scans["old"],
                "new": scans["new"],
                "ratio_of_medians": new / old,
                "per_script_s": {"old": old / len(scripts), "new": new / len(scripts)},
            }
    headline = "; ".join(
        f"{runtime}: {len(scripts)} scripts in {f['per_script_s']['old'] * len(scripts):.1f} s (old) and"
        f" {f['per_script_s']['new'] * len(scripts):.1f} s (new), {f['ratio_of_medians']:.2f}x"
        for runtime, f in figures.items()
    )
    finish(
        "preload_warm",
        {
            "goal": "each script's process no longer pays for Inductor's vector-ISA check or the exporter's first table",
            "measured": headline,
            "passed": all(f["ratio_of_medians"] < 1.0 for f in figures.values()),
            "headline": headline,
            "old_tree": str(old_tree),
            "runs": runs,
            "options": QUICK,
            "figures": figures,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
