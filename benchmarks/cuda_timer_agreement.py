"""Agreement of benchit's CUDA timing with a hand-written CUDA-event loop.

Goal: within 3% for models from launch-bound to GPU-bound. Each model runs eval under
``torch.inference_mode()`` as benchit's torch runtime does, on the same inputs, in paired rounds
(the order alternating from round to round). The hand-written loop is the textbook one:

    start.record(); for _ in range(n): model(*inputs); end.record(); end.synchronize()
    ms = start.elapsed_time(end) / n

benchit's side is ``benchit.measure.timing.measure`` with the CUDA device's own timer (device
events, read after one synchronisation). The figure is the median of the rounds' ratios.

    python benchmarks/cuda_timer_agreement.py [--rounds 5] [--json FILE]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import torchvision
from _common import finish, median, parser

from benchit.backends.devices import CUDA
from benchit.backends.runtimes.torch import TorchEager
from benchit.config import TimingSettings
from benchit.measure.timing import measure

GOAL = 0.03


def hand_loop(step: Callable[[], object], seconds: float, latency_s: float) -> float:
    """Milliseconds a call: warm-up, then one pair of events around ``n`` calls lasting about ``seconds``."""
    for _ in range(10):
        step()
    torch.cuda.synchronize()
    n = max(20, round(seconds / max(latency_s, 1e-6)))
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    for _ in range(n):
        step()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / n


class PairedEventTimer:
    """benchit's timer until 2026-11-26, measured beside it for the record: a pair of events
    around each call (the gaps between calls left out, a record added to each)."""

    def run(self, step: Callable[[], object], iterations: int) -> list[float]:
        events = [
            (torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(iterations)
        ]
        for start, end in events:
            start.record()
            step()
            end.record()
        torch.cuda.synchronize()
        return [start.elapsed_time(end) * 1e-3 for start, end in events]


def models() -> dict[str, Callable[[], tuple[torch.nn.Module, tuple[Any, ...]]]]:
    """From a launch-bound MLP (tens of microseconds) to GPU-bound batches, built lazily on cuda."""

    def mlp() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        layers = [torch.nn.Linear(256, 256), torch.nn.ReLU()] * 3
        return torch.nn.Sequential(*layers, torch.nn.Linear(256, 10)), (torch.randn(1, 256),)

    def resnet50_b1() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        return torchvision.models.resnet50(weights=None), (torch.rand(1, 3, 224, 224),)

    def resnet50_b64() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        return torchvision.models.resnet50(weights=None), (torch.rand(64, 3, 224, 224),)

    def bert_base_b8() -> tuple[torch.nn.Module, tuple[Any, ...]]:
        from transformers import BertConfig, BertModel

        return BertModel(BertConfig()), (torch.randint(0, 30000, (8, 128)),)

    return {"mlp": mlp, "resnet50_b1": resnet50_b1, "resnet50_b64": resnet50_b64, "bert_base_b8": bert_base_b8}


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    rounds = 2 if args.quick else args.rounds
    settings = TimingSettings(min_time_s=0.5, max_time_s=2.0, rounds=1)
    device = CUDA()
    device.check()
    torch.manual_seed(0)
    rows = []
    for name, build in models().items():
        model, inputs = build()
        model = model.eval().to("cuda")
        inputs = tuple(x.to("cuda") for x in inputs)
        runtime = TorchEager()
        with runtime.context():
            step = runtime.prepare(model, inputs, {}, device, Path(".")).step
            ours, theirs, paired = [], [], []
            for index in range(rounds):
                for side in ["benchit", "hand", "paired"] if index % 2 == 0 else ["paired", "hand", "benchit"]:
                    if side == "benchit":
                        ours.append(measure(step, device.timer(), settings).median_ms)
                    elif side == "paired":
                        paired.append(measure(step, PairedEventTimer(), settings).median_ms)
                    else:
                        latency = (ours[-1] if ours else 1.0) * 1e-3
                        theirs.append(hand_loop(step, 1.0, latency))
        ratios = [a / b for a, b in zip(ours, theirs, strict=True)]
        ratio = median(ratios)
        paired_ratio = median([a / b for a, b in zip(paired, theirs, strict=True)])
        rows.append(
            {
                "model": name,
                "benchit_ms": ours,
                "hand_loop_ms": theirs,
                "round_ratios": ratios,
                "ratio": ratio,
                "agrees": abs(ratio - 1) <= GOAL,
                "paired_event_ms": paired,
                "paired_ratio": paired_ratio,
            }
        )
        print(
            f"  {name}: benchit {median(ours):.4f} ms, hand loop {median(theirs):.4f} ms, ratio {ratio:.3f}"
            f" (pairs of events, as before: {median(paired):.4f} ms, {paired_ratio:.3f}) (rounds {', '.join(f'{r:.3f}' for r in ratios)})",
            flush=True,
        )
        del model, inputs, step
        torch.cuda.empty_cache()
    worst = max(abs(r["ratio"] - 1) for r in rows)
    finish(
        "cuda_timer_agreement",
        {
            "goal": f"|benchit / hand-written CUDA-event loop - 1| <= {GOAL:.0%}",
            "passed": worst <= GOAL,
            "headline": "benchit / hand-written CUDA-event loop: "
            + ", ".join(f"{r['model']} {r['ratio']:.3f}" for r in rows)
            + f" (worst {worst:.1%}, goal <= {GOAL:.0%}; {torch.cuda.get_device_name()})",
            "gpu": torch.cuda.get_device_name(),
            "torch": torch.__version__,
            "models": rows,
            "commands": ["python benchmarks/cuda_timer_agreement.py"],
        },
        args.json,
    )


if __name__ == "__main__":
    main()
