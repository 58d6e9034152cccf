"""The built-in ``torch-compile`` runtime: ``torch.compile`` the captured model, time compilation apart."""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import time
from pathlib import Path
from typing import Any

from benchit.contracts import Accelerator, Device, Generator, Prepared, Runtime
from benchit.errors import Unavailable
from benchit.markers import hookimpl

MODES = ("default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs")


class TorchCompile(Runtime):
    name = "torch-compile"
    devices = ("cpu", "cuda", "rocm", "xpu")
    description = "torch.compile (inductor by default); compile time recorded apart from latency"
    precisions = ("fp32", "fp16", "bf16")
    # In train mode the compiled forward trains through AOTAutograd; in generate mode transformers'
    # static cache with the decode step's forward compiled (``prepare_generate``).
    modes = ("eval", "train", "generate")
    identity_options = ("compile_mode", "compile_backend")

    def supports(self, device: Device) -> bool:
        return device.name in self.devices or isinstance(device, Accelerator)  # like eager torch

    def versions(self) -> dict[str, str]:
        import torch

        return {"torch": torch.__version__}

    def check(self, device: Device) -> None:
        super().check(device)
        if self.backend != "inductor":
            return
        # Inductor writes C++ on the CPU and Triton on GPUs; say which is missing before compiling.
        if device.name == "cpu" and not (shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")):
            raise Unavailable("torch.compile (inductor) on cpu needs a C++ compiler (c++, g++ or clang++) on PATH")
        if device.name != "cpu" and importlib.util.find_spec("triton") is None:
            raise Unavailable(f"torch.compile (inductor) on {device.name} needs triton, which is not installed")

    def train_context(self) -> Any:
        import contextlib

        stack = contextlib.ExitStack()
        stack.enter_context(super().train_context())
        if self.backend == "inductor":
            # Inductor draws random numbers (dropout) its own way unless told to call eager torch's
            # generator; with it, one step from a fixed seed is eager torch's step, so the training
            # parity check can judge it, as PyTorch's compile benchmark does for accuracy. The
            # forward and backward graphs are both compiled under it (the backward at its first call).
            import torch._inductor.config as inductor_config

            stack.enter_context(inductor_config.patch(fallback_random=True))
        return stack

    @property
    def mode(self) -> str:
        return self.options.get("compile_mode") or "default"

    @property
    def backend(self) -> str:
        return self.options.get("compile_backend") or "inductor"

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path) -> Prepared:
        import torch

        # A fresh dynamo state per build: earlier builds in this worker must not count
        # against recompile limits, and the graph counters below must be this model's.
        torch._dynamo.reset()
        counters = _dynamo_counters()
        if counters is not None:
            counters.clear()
        compiled = torch.compile(model, mode=None if self.mode == "default" else self.mode, backend=self.backend)
        # torch.compile is lazy: the first call compiles. Time it here so that the
        # core's warm-up and latency see only the steady state.
        start = time.perf_counter()
        compiled(*args, **kwargs)
        device.synchronize()
        info: dict[str, Any] = {
            "compile_s": time.perf_counter() - start,
            "compile_mode": self.mode,
            "compile_backend": self.backend,
        }
        if counters is not None:
            info["compile_graphs"] = int(counters["stats"].get("unique_graphs", 0))
            info["compile_graph_breaks"] = int(sum(counters["graph_break"].values()))
            # Jobs compile in a cache of their own (execute/scratch.py) unless the user shares one
            # with TORCHINDUCTOR_CACHE_DIR; a warm cache makes compile_s far shorter.
            info["compile_cache_hits"] = int(counters["inductor"].get("fxgraph_cache_hit", 0))
        return Prepared(step=lambda: compiled(*args, **kwargs), info=info)

    def prepare_generate(self, model: Any, device: Device, artifacts: Path) -> Generator:
        import torch

        torch._dynamo.reset()  # a fresh dynamo state: the recompile counts are this model's
        counters = _dynamo_counters()
        if counters is not None:
            counters.clear()
        return _static_generate(model, self.mode, self.backend)


def _static_generate(model: Any, mode: str, backend: str) -> Generator:
    """Generation as Hugging Face documents it for speed: a static cache (fixed shapes) and the
    forward compiled, through transformers' own path (``compile_config``, which compiles the
    decode step's call on the model's side and leaves ``model.forward`` alone for the other
    runtimes); on the CPU, where transformers compiles only when told to, told to."""
    from transformers import CompileConfig

    config = CompileConfig(fullgraph=False, dynamic=False, backend=backend, mode=mode)
    config._compile_all_devices = True  # type: ignore[assignment]  # transformers' own switch for devices it would not compile on

    def generate(**kwargs: Any) -> Any:
        return model.generate(**kwargs, cache_implementation="static", compile_config=config)

    return Generator(generate=generate, info={"compile_mode": mode, "compile_backend": backend, "cache": "static"})


def _dynamo_counters() -> Any:
    """Dynamo's graph and graph-break counters, or None where this torch does not expose them."""
    try:
        from torch._dynamo.utils import counters
    except ImportError:
        return None
    return counters


@hookimpl
def benchit_addoption(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("torch-compile runtime")
    group.add_argument("--compile-mode", choices=MODES, default="default", help="torch.compile mode (default: default)")
    group.add_argument(
        "--compile-backend",
        default="inductor",
        metavar="NAME",
        help="torch.compile backend (default inductor; aot_eager skips code generation)",
    )


@hookimpl
def benchit_preload(runtimes: list[str]) -> list[str]:
    # Inductor takes seconds to import, and its check of the CPU's vector instructions seconds more
    # in each job's fresh cache folder (``benchit.execute.inductor_check``): once in the warm worker.
    if TorchCompile.name not in runtimes:
        return []
    return ["torch._dynamo", "torch._inductor.compile_fx", "benchit.execute.inductor_warm"]


@hookimpl
def benchit_runtimes() -> list[type[Runtime]]:
    return [TorchCompile]
