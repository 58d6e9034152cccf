"""The cost of localisation: finding ``diverged_at`` in a 100-submodule model against the model's own parity check.

Goal (issue 40): localising one failure of a 100-submodule model costs under 10x the model's own
parity check. The model is 25 blocks of 4 layers (LayerNorm, Linear, an activation, Linear), GELU
everywhere but block 20, whose activation is SiLU (`--bug-block`); a runtime that adds an error to every SiLU output
plants the bug there. Two runtimes, both through the runtime contract as benchit calls it:
``hooks`` (eager torch with the error added by a forward hook: a prepare that costs nothing) and
``traced`` (``torch.jit.trace`` of the module, hooks traced in: a prepare that compiles each
submodule run alone). The parity check is what ``measure/bench.py`` does for the model: prepare,
one step, and ``compare`` against eager torch with its float64 reference; localisation is
``measure.localize.localize`` from its recording to its answer. Each is the median of ``--runs``.

    python benchmarks/localize_cost.py [--runs 5] [--width 64] [--quick] [--json FILE]
"""

from __future__ import annotations

import copy
import statistics
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import torch
from _common import finish, parser

from benchit.backends.devices import CPU
from benchit.contracts import Prepared, Runtime
from benchit.measure import localize
from benchit.measure.parity import DEFAULT_TOLERANCES, compare, flatten
from benchit.measure.precision import cast_value

GOAL = 10.0
BLOCKS = 25
warnings.filterwarnings("ignore", category=FutureWarning)  # torch.jit.trace's deprecation


class Block(torch.nn.Module):
    def __init__(self, width: int, act: torch.nn.Module) -> None:
        super().__init__()
        self.norm, self.up, self.act, self.down = (
            torch.nn.LayerNorm(width),
            torch.nn.Linear(width, 2 * width),
            act,
            torch.nn.Linear(2 * width, width),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.down(self.act(self.up(self.norm(x))))


def _model(width: int, buggy: int) -> torch.nn.Module:
    torch.manual_seed(0)
    blocks = [Block(width, torch.nn.SiLU() if i == buggy else torch.nn.GELU()) for i in range(BLOCKS)]
    return torch.nn.Sequential(*blocks).eval()


def _hooks(model: torch.nn.Module) -> list[Any]:
    return [
        m.register_forward_hook(lambda mod, i, o: o + 0.05) for m in model.modules() if isinstance(m, torch.nn.SiLU)
    ]


class Hooks(Runtime):
    name, devices = "hooks", ("cpu",)

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Any, artifacts: Path) -> Prepared:
        def step() -> Any:
            handles = _hooks(model)
            try:
                with torch.no_grad():
                    return model(*args, **kwargs)
            finally:
                for handle in handles:
                    handle.remove()

        return Prepared(step=step)


class Traced(Runtime):
    name, devices = "traced", ("cpu",)

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Any, artifacts: Path) -> Prepared:
        handles = _hooks(model)
        try:
            with torch.no_grad():
                traced = torch.jit.trace(model, args, check_trace=False)
        finally:
            for handle in handles:
                handle.remove()
        return Prepared(step=lambda: traced(*args))


def _parity_check(
    runtime: Runtime, model: torch.nn.Module, x: torch.Tensor, folder: Path
) -> tuple[float, dict[str, Any]]:
    """The model's own check as bench.py makes it, with eager's outputs and its float64 copy's computed in it."""
    start = time.perf_counter()
    with torch.inference_mode():
        reference = flatten(model(x))
    prepared = runtime.prepare(model, (x,), {}, CPU(), folder)
    outputs = flatten(prepared.step())

    def fp64() -> Any:
        with torch.inference_mode():
            return flatten(copy.deepcopy(model).double()(cast_value(x, torch.float64)))

    verdict = compare(reference, outputs, DEFAULT_TOLERANCES["fp32"], fp64=fp64)
    return time.perf_counter() - start, verdict


def main() -> None:
    p = parser(__doc__.splitlines()[0])
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--width", type=int, default=64, help="the blocks' width (input: 8 x 16 x width)")
    p.add_argument(
        "--bug-block", type=int, default=20, help="the block whose activation is wrong (24: the last, the worst case)"
    )
    args = p.parse_args()
    runs = 2 if args.quick else args.runs
    torch.set_num_threads(1)
    buggy = args.bug_block
    model = _model(args.width, buggy)
    x = torch.randn(8, 16, args.width)
    count = sum(1 for name, _ in model.named_modules() if name)
    figures: dict[str, Any] = {}
    for runtime in (Hooks(), Traced()):
        checks, searches, found = [], [], None
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as tmp:
                seconds, verdict = _parity_check(runtime, model, x, Path(tmp))
                assert verdict["verdict"] == "failed", verdict
                checks.append(seconds)
                found = localize.localize(model, (x,), {}, runtime, CPU(), Path(tmp), DEFAULT_TOLERANCES["fp32"],
                                          600.0, end_to_end=verdict["error_to_scale"])  # fmt: skip
                searches.append(found.seconds)
        assert found is not None and found.at == f"{buggy}.act", found
        check, search = statistics.median(checks), statistics.median(searches)
        figures[runtime.name] = {
            "parity_check_s": check,
            "localize_s": search,
            "ratio": search / check,
            "diverged_at": found.at,
            "checked": found.checked,
            "checks_s": checks,
            "localizes_s": searches,
        }
        print(f"  {runtime.name}: parity check {check * 1e3:.1f} ms, localisation {search * 1e3:.1f} ms "
              f"({found.checked} submodules run alone) -> {search / check:.2f}x, diverged_at {found.at}", flush=True)  # fmt: skip
    worst = max(f["ratio"] for f in figures.values())
    finish(
        "localize_cost",
        {
            "goal": f"localisation / the model's parity check < {GOAL}",
            "measured": f"{worst:.2f}",
            "passed": worst < GOAL,
            "headline": (
                f"{count}-submodule model ({BLOCKS} blocks x 4 layers, width {args.width}, bug in block {buggy}), 1 thread, "
                + ", ".join(
                    f"{n}: {f['localize_s'] * 1e3:.0f} ms vs {f['parity_check_s'] * 1e3:.0f} ms = {f['ratio']:.2f}x"
                    for n, f in figures.items()
                )
                + f" (medians of {runs})"
            ),
            "runtimes": figures,
            "submodules": count,
        },
        args.json,
    )


if __name__ == "__main__":
    main()
