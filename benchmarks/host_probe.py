"""A study, not a goal: does a small fixed CPU probe follow the host's slow phases that slow a model?

On a VM, a whole one-thread scan can run 25-35% slow with every contention counter inside the
guest at zero (docs/performance.md, "Power"). This alternates 0.2 s of the power benchmark's
model (``benchmarks/scripts/slowdown_mlp.py``: a 512x512 layer and tanh, 20 times, batch 8; one
thread) with two probes of about 1 ms each (a pure-Python loop, a 128x128 ``torch.mm`` loop), for
``--seconds``, and reports each probe's correlation with the model's medians: a probe that follows
them could tell ``compare`` that two scans ran on machines of different speed.

    python benchmarks/host_probe.py [--seconds 90] [--json FILE]
"""

from __future__ import annotations

import statistics
import time
from typing import Any

import torch
from _common import finish, parser


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=90.0)
    args = p.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    layer, x = torch.nn.Linear(512, 512), torch.randn(8, 512)
    a = torch.randn(128, 128)

    def step() -> None:
        with torch.inference_mode():
            y = x
            for _ in range(20):
                y = torch.tanh(layer(y))

    def probe_python() -> float:
        start, total = time.perf_counter(), 0
        for i in range(30_000):
            total += i * i
        return time.perf_counter() - start

    def probe_mm() -> float:
        start = time.perf_counter()
        for _ in range(20):
            torch.mm(a, a)
        return time.perf_counter() - start

    for _ in range(50):
        step()
    rows: list[tuple[float, float, float]] = []
    end = time.monotonic() + (10.0 if args.quick else args.seconds)
    while time.monotonic() < end:
        latencies = []
        start = time.perf_counter()
        while time.perf_counter() - start < 0.2:
            t = time.perf_counter()
            step()
            latencies.append(time.perf_counter() - t)
        python = statistics.median(probe_python() for _ in range(5))
        mm = statistics.median(probe_mm() for _ in range(5))
        rows.append((statistics.median(latencies) * 1e3, python * 1e3, mm * 1e3))
    model = [r[0] for r in rows]
    corr_python = statistics.correlation(model, [r[1] for r in rows])
    corr_mm = statistics.correlation(model, [r[2] for r in rows])
    result: dict[str, Any] = {
        "goal": "none (a study)",
        "measured": f"correlation with the model's medians: python {corr_python:.2f}, mm {corr_mm:.2f}",
        "passed": None,
        "headline": (
            f"{len(rows)} blocks of 0.2 s: model median {statistics.median(model):.3f} ms"
            f" (range {min(model):.3f}-{max(model):.3f}); correlation python probe {corr_python:.2f},"
            f" mm probe {corr_mm:.2f}"
        ),
        "rows_ms": rows,
    }
    finish("host_probe", result, args.json)


if __name__ == "__main__":
    main()
