"""Agreement with an independent timer: benchit's median against
``torch.utils.benchmark.Timer(...).blocked_autorange()`` with the same thread count, on CPU.

Goal: within 5% for models of different sizes. Both run in this process on the same model and
inputs, under ``torch.inference_mode()`` as benchit's torch runtime does, in paired rounds: each
round times the model with both, one right after the other (the order alternating from round to
round), so that both see the same machine. A shared virtual machine's speed drifts by tens of
percent over minutes, which a pair taken seconds apart cancels; the figure is the median of the
rounds' ratios (the ratio of the two sides' medians is recorded too).

    python benchmarks/timer_agreement.py [--rounds 5] [--threads N] [--json FILE]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import torch.utils.benchmark as torch_benchmark
import torchvision
from _common import finish, median, parser

from benchit.backends.runtimes.torch import TorchEager
from benchit.config import TimingSettings
from benchit.host import HostTimer
from benchit.measure.environment import physical_cores, run_queue_wait_ns
from benchit.measure.timing import measure

GOAL = 0.05


def waiting(action: Callable[[], float], threads: int) -> tuple[float, float]:
    """``action()``'s result, and the fraction of its thread-time spent waiting for a CPU."""
    start, waited = time.perf_counter(), run_queue_wait_ns() or 0
    value = action()
    wall = time.perf_counter() - start
    return value, ((run_queue_wait_ns() or 0) - waited) * 1e-9 / (wall * threads)


def models() -> dict[str, Callable[[], tuple[torch.nn.Module, tuple[Any, ...]]]]:
    """Models from tens of microseconds to a hundred milliseconds, built lazily."""

    def mlp() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        layers = [torch.nn.Linear(256, 256), torch.nn.ReLU()] * 3
        return torch.nn.Sequential(*layers, torch.nn.Linear(256, 10)), (torch.randn(1, 256),)

    def encoder_layer() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        layer = torch.nn.TransformerEncoderLayer(d_model=256, nhead=4, dim_feedforward=1024, batch_first=True)
        return layer, (torch.randn(1, 128, 256),)

    def mobilenet_v3_small() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        return torchvision.models.mobilenet_v3_small(weights=None), (torch.rand(1, 3, 224, 224),)

    def resnet50() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        return torchvision.models.resnet50(weights=None), (torch.rand(1, 3, 224, 224),)

    return {
        "mlp": mlp,
        "encoder_layer": encoder_layer,
        "mobilenet_v3_small": mobilenet_v3_small,
        "resnet50": resnet50,
    }


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--threads", type=int, default=physical_cores(), help="default: benchit's default")
    args = p.parse_args()
    rounds = 1 if args.quick else args.rounds
    settings = TimingSettings(min_time_s=0.2, max_time_s=2.0) if args.quick else TimingSettings()
    min_run_time = 0.3 if args.quick else 2.0
    torch.manual_seed(0)
    torch.set_num_threads(args.threads)
    rows = []
    for name, build in models().items():
        model, inputs = build()
        model.eval()
        runtime = TorchEager()
        with runtime.context():
            # The step benchit times: the torch runtime's own, on the model and inputs as given.
            step = runtime.prepare(model, inputs, {}, None, Path("."))  # type: ignore[arg-type]
            timer = torch_benchmark.Timer(
                stmt="model(*inputs)", globals={"model": model, "inputs": inputs}, num_threads=args.threads
            )
            ours, theirs, waits = [], [], []
            for index in range(rounds):
                sides = ["benchit", "timer"] if index % 2 == 0 else ["timer", "benchit"]
                for side in sides:
                    if side == "benchit":
                        value, wait = waiting(
                            lambda s=step.step: measure(s, HostTimer(), settings).median_ms, args.threads
                        )
                        ours.append(value)
                    else:
                        value, wait = waiting(
                            lambda t=timer: t.blocked_autorange(min_run_time=min_run_time).median * 1e3, args.threads
                        )
                        theirs.append(value)
                    waits.append(wait)
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        ratio = median(ratios)
        rows.append(
            {
                "model": name,
                "benchit_ms": ours,
                "timer_ms": theirs,
                "round_ratios": ratios,
                "ratio": ratio,
                "ratio_of_medians": median(ours) / median(theirs),
                "agrees": abs(ratio - 1) <= GOAL,
                "cpu_wait_fraction": waits,
            }
        )
        print(
            f"  {name}: benchit {median(ours):.4f} ms, Timer {median(theirs):.4f} ms, ratio {ratio:.3f}"
            f" (rounds {', '.join(f'{r:.3f}' for r in ratios)}), CPU wait up to {max(waits):.0%}"
        )
    worst = max(abs(r["ratio"] - 1) for r in rows)
    finish(
        "timer_agreement",
        {
            "goal": f"|benchit / Timer - 1| <= {GOAL:.0%}",
            "measured": ", ".join(f"{r['model']} {r['ratio']:.3f}" for r in rows) + f" ({args.threads} threads)",
            "passed": worst <= GOAL,
            "headline": "benchit / torch Timer: "
            + ", ".join(f"{r['model']} {r['ratio']:.3f}" for r in rows)
            + f" (worst {worst:.1%}, goal <= {GOAL:.0%}; {args.threads} threads)",
            "threads": args.threads,
            "models": rows,
            "commands": [f"python benchmarks/timer_agreement.py --threads {args.threads}"],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
