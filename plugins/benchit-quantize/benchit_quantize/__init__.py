"""benchit plugin: the ``torch-int8`` runtime, dynamic int8 quantisation of Linear/LSTM/GRU layers on CPU.

This module is the whole plugin, and a template for writing one:

1. subclass ``benchit.Runtime``: set ``name``, ``devices`` and ``description``;
   ``check(device)`` raises ``benchit.Unavailable`` with a reason when it cannot run
   here; ``prepare(...)`` returns ``benchit.Prepared(step, info)``;
2. return the class from a ``@benchit.hookimpl`` function ``benchit_runtimes()``;
3. add options with ``benchit_addoption(parser)``; they arrive as ``self.options[dest]``;
4. name the module in the ``benchit`` entry-point group of ``pyproject.toml``.

benchit times ``step``, compares its outputs with eager torch (parity) and records ``info``
as ``info_<key>`` report columns; this plugin only says how to build the quantised model.
"""

from __future__ import annotations

import argparse
import copy
import time
from pathlib import Path
from typing import Any

import benchit

__version__ = "0.1.0"

# --int8-layers names -> the torch.nn layer types quantize_dynamic replaces.
LAYERS = ("linear", "lstm", "gru", "lstmcell", "grucell", "rnncell")


def layer_types(names: str) -> set[type]:
    """The ``torch.nn`` classes for a comma-separated list such as ``linear,lstm``."""
    import torch

    table = {
        "linear": torch.nn.Linear,
        "lstm": torch.nn.LSTM,
        "gru": torch.nn.GRU,
        "lstmcell": torch.nn.LSTMCell,
        "grucell": torch.nn.GRUCell,
        "rnncell": torch.nn.RNNCell,
    }
    wanted = [n.strip().lower() for n in names.split(",") if n.strip()]
    unknown = [n for n in wanted if n not in table]
    if unknown or not wanted:
        raise ValueError(f"--int8-layers {names!r}: choose from {','.join(LAYERS)}")
    return {table[n] for n in wanted}


class TorchInt8(benchit.Runtime):
    name = "torch-int8"
    devices = ("cpu",)
    description = "dynamic int8 quantisation of Linear/LSTM/GRU layers (torch.ao.quantization.quantize_dynamic)"

    @property
    def engine(self) -> str:
        import torch

        return self.options.get("int8_engine") or torch.backends.quantized.engine

    def check(self, device: benchit.Device) -> None:
        super().check(device)
        import torch

        engines = [e for e in torch.backends.quantized.supported_engines if e != "none"]
        if not engines:
            raise benchit.Unavailable("this PyTorch has no quantised CPU kernels (no quantized engine)")
        if self.engine not in engines:
            raise benchit.Unavailable(f"quantized engine {self.engine!r} is not in this PyTorch ({', '.join(engines)})")

    def versions(self) -> dict[str, str]:
        import torch

        return {"torch": torch.__version__}

    def prepare(
        self, model: Any, args: tuple, kwargs: dict, device: benchit.Device, artifacts: Path
    ) -> benchit.Prepared:
        import torch
        from torch.ao.quantization import quantize_dynamic

        types = layer_types(self.options.get("int8_layers") or "linear,lstm,gru")
        torch.backends.quantized.engine = self.engine
        start = time.perf_counter()
        # A copy, because the core keeps the float model for eager torch and the other
        # runtimes; wrapped, because quantize_dynamic replaces children, never the root,
        # and a script's top-level model may itself be a Linear or an LSTM.
        quantized = quantize_dynamic(_wrapped(copy.deepcopy(model)), types, dtype=torch.qint8)
        seconds = time.perf_counter() - start
        replaced = _count_quantized(quantized)
        if not replaced:
            # Unavailable, not failed: the runtime does not apply to this model, nothing broke.
            names = ", ".join(sorted(t.__name__ for t in types))
            raise benchit.Unavailable(f"nothing to quantise: the model has no {names} layers")
        info = {
            "quantize_s": seconds,
            "quantized_layers": replaced,
            "int8_engine": self.engine,
            "float_model_bytes": _saved_bytes(model),
            "int8_model_bytes": _saved_bytes(quantized),
        }
        return benchit.Prepared(step=lambda: quantized(*args, **kwargs), info=info)


def _wrapped(model: Any) -> Any:
    """``model`` as the only child of a module that forwards every call to it."""
    import torch

    class Root(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module):
            super().__init__()
            self.inner = inner

        def forward(self, *args: Any, **kwargs: Any) -> Any:
            return self.inner(*args, **kwargs)

    return Root(model)


def _count_quantized(model: Any) -> int:
    """Layers that quantize_dynamic replaced (not their packed-weight helper modules)."""
    import torch.ao.nn.quantized.dynamic as dynamic

    names = ("Linear", "LSTM", "GRU", "LSTMCell", "GRUCell", "RNNCell")
    kinds = tuple(getattr(dynamic, name) for name in names if hasattr(dynamic, name))
    return sum(1 for module in model.modules() if isinstance(module, kinds))


class _Counter:
    """A write-only file that only counts bytes: the size a model would take on disk."""

    def __init__(self) -> None:
        self.size = 0

    def write(self, data: bytes) -> int:
        self.size += len(data)
        return len(data)

    def flush(self) -> None:
        pass


def _saved_bytes(model: Any) -> int | None:
    import torch

    counter = _Counter()
    try:
        torch.save(model.state_dict(), counter)
    except Exception:  # noqa: BLE001 - a size is a nicety; never fail the benchmark over it
        return None
    return counter.size


@benchit.hookimpl
def benchit_addoption(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("torch-int8 runtime (benchit-quantize)")
    group.add_argument(
        "--int8-layers",
        default="linear,lstm,gru",
        metavar="TYPES",
        help=f"layer types to quantise, comma-separated from {','.join(LAYERS)} (default linear,lstm,gru)",
    )
    group.add_argument(
        "--int8-engine",
        default=None,
        metavar="NAME",
        help="quantised kernel library: x86, fbgemm, qnnpack, onednn (default: torch's)",
    )


@benchit.hookimpl
def benchit_runtimes() -> list[type[benchit.Runtime]]:
    return [TorchInt8]
