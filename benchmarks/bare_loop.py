"""The control for benchit's timing benchmarks: a script's model timed by a bare ``perf_counter``
loop in a fresh ``python`` process, with nothing of benchit's timing involved.

The script runs under benchit's capture only to hand over its model and inputs; then the model is
warmed up for ``--warmup`` seconds and timed call by call for ``--seconds`` under
``torch.inference_mode()`` with ``--threads`` intra-op threads. Prints one JSON line:
``{"median_ms": ..., "iterations": ...}``.

    python benchmarks/bare_loop.py SCRIPT [--threads N] [--seconds 3] [--warmup 1]
"""

from __future__ import annotations

import argparse
import json
import runpy
import statistics
import sys
import time
from pathlib import Path


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("script", type=Path)
    p.add_argument("--threads", type=int, required=True)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--warmup", type=float, default=1.0)
    args = p.parse_args()

    import torch

    from benchit.scan.capture import Capture

    torch.set_num_threads(args.threads)
    sys.argv = [str(args.script)]
    with Capture(args.script) as capture:
        runpy.run_path(str(args.script), run_name="__main__")
    first = next(iter(capture.captured.values()))
    model, inputs, kwargs = first.module.eval(), first.args, first.kwargs
    samples = []
    with torch.inference_mode():
        end = time.perf_counter() + args.warmup
        while time.perf_counter() < end:
            model(*inputs, **kwargs)
        end = time.perf_counter() + args.seconds
        while (now := time.perf_counter()) < end:
            model(*inputs, **kwargs)
            samples.append(time.perf_counter() - now)
    print(json.dumps({"median_ms": statistics.median(samples) * 1e3, "iterations": len(samples)}))


if __name__ == "__main__":
    main()
