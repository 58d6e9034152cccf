"""Lanes: eight scripts on a fake four-instance accelerator, with -j 1 and with -j 4.

Goal (issue 41): the scan with ``-j 4`` takes at most 0.35x the wall time of the scan with ``-j 1``.
The device is the tests' ``lanes-accel`` (tests/samples.py ``LANES``): its runtime's step waits on
the device (sleeps) without using the CPU, as a GPU kernel does, so four lanes can measure at once
even on a small machine; its lanes need no host cores of their own (``LANES_CORES=0``). The scans
alternate (-j 1, -j 4, -j 4, -j 1, ...), each into a fresh cache; the figure is the ratio of the
medians, with how many measurements overlapped in the -j 4 scans.

    python benchmarks/lanes_scaling.py [--runs 1] [--wait-ms 5] [--quick] [--json FILE]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from _common import BENCHIT, ENV, REPO, finish, median, parser, timed

GOAL = 0.35
SCRIPT = """# labels: name::lanes{i} author::benchit task::benchmark
import torch

torch.manual_seed({i})
torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.ReLU()).eval()(torch.randn(4, 16))
"""


def overlaps(cache: Path) -> int:
    """How many measurement windows start before the one before them ends (sorted by start)."""
    results = [json.loads(p.read_text()) for p in cache.glob("builds/*/results/*/lanes-accel-*.json")]
    windows = sorted((r["info"]["measure_start"], r["info"]["measure_end"]) for r in results if r["status"] == "ok")
    return sum(b[0] < a[1] for a, b in zip(windows, windows[1:], strict=False))


def lock_waits(cache: Path) -> float:
    """The seconds the scan's scripts waited for locks held by others (their records' ``lock_wait_s``)."""
    records = [json.loads(p.read_text()) for p in cache.glob("scripts/*.json")]
    return round(sum(r.get("lock_wait_s") or 0.0 for r in records), 2)


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=1, help="scans with each -j (alternating)")
    p.add_argument("--wait-ms", type=float, default=5.0, help="how long each step waits on the device")
    args = p.parse_args()
    sys.path.insert(0, str(REPO / "tests"))
    from samples import LANES

    timing = ["--min-time", "0.5", "--max-time", "1"] if args.quick else ["--min-time", "2", "--max-time", "3"]
    work = Path(tempfile.mkdtemp(prefix="benchit-lanes-"))
    (work / "plugins").mkdir()
    (work / "plugins" / "lanes_plugin.py").write_text(LANES)
    scripts = []
    for i in range(8):
        path = work / "scripts" / f"lanes{i}.py"
        path.parent.mkdir(exist_ok=True)
        path.write_text(SCRIPT.format(i=i))
        scripts.append(path)
    # A lock folder of its own (TMPDIR): on a machine shared with other benchit users, a scan would
    # otherwise wait for their measurements, which is not what this measures (lock waits recorded).
    (work / "tmp").mkdir()
    env = {**ENV, "LANES_WAIT_S": str(args.wait_ms / 1000), "LANES_CORES": "0", "PYTHONPATH": str(REPO),
           "TMPDIR": str(work / "tmp")}  # fmt: skip
    times: dict[int, list[float]] = {1: [], 4: []}
    overlapped: list[int] = []
    waits: dict[int, list[float]] = {1: [], 4: []}
    order = [j for r in range(args.runs) for j in ((1, 4) if r % 2 == 0 else (4, 1))]
    for n, jobs in enumerate(order):
        cache = work / f"cache{n}"
        command = [*BENCHIT, "benchmark", *scripts, "--plugins-dir", work / "plugins", "--device", "lanes-accel",
                   "--runtime", "sleepy", "-j", jobs, "--cache-dir", cache, "--passes", "1", "--quiet-wait", "0",
                   *timing]  # fmt: skip
        seconds, _ = timed(command, env=env)
        times[jobs].append(seconds)
        waits[jobs].append(lock_waits(cache))
        if jobs == 4:
            overlapped.append(overlaps(cache))
        print(f"  -j {jobs}: {seconds:.1f} s", flush=True)
    ratio = median(times[4]) / median(times[1])
    result: dict[str, Any] = {
        "headline": f"-j 4 took {ratio:.2f}x the wall time of -j 1 (goal: at most {GOAL}x); "
        f"{median(times[1]):.1f} s against {median(times[4]):.1f} s, eight scripts on four lanes",
        "passed": ratio <= GOAL,
        "ratio": ratio,
        "seconds_j1": times[1],
        "seconds_j4": times[4],
        "overlapping_measurements_j4": overlapped,
        "lock_wait_s_j1": waits[1],
        "lock_wait_s_j4": waits[4],
        "wait_ms": args.wait_ms,
        "timing": timing,
    }
    finish("lanes_scaling", result, args.json)


if __name__ == "__main__":
    main()
