"""The built-in ``torch`` runtime: eager PyTorch, the reference every other runtime is checked against."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from benchit.contracts import Accelerator, Device, Generator, Prepared, Runtime
from benchit.markers import hookimpl


class TorchEager(Runtime):
    name = "torch"
    devices = ("cpu", "cuda", "rocm", "xpu")
    description = "eager PyTorch"
    precisions = ("fp32", "fp16", "bf16")
    eager = True
    modes = ("eval", "train", "generate")

    def supports(self, device: Device) -> bool:
        # A plugin's torch accelerator (mps, hpu, ...) runs eager torch with no change here.
        return device.name in self.devices or isinstance(device, Accelerator)

    def versions(self) -> dict[str, str]:
        import torch

        return {"torch": torch.__version__}

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path) -> Prepared:
        return Prepared(step=lambda: model(*args, **kwargs))

    def prepare_generate(self, model: Any, device: Device, artifacts: Path) -> Generator:
        return _eager_generate(model)


@hookimpl
def benchit_runtimes() -> list[type[Runtime]]:
    return [TorchEager]


def _eager_generate(model: Any) -> Generator:
    """``model.generate`` as eager torch runs it: never the forward transformers compiles on its own
    for a static cache on an accelerator, which eager torch would otherwise silently get."""

    def generate(**kwargs: Any) -> Any:
        return model.generate(**kwargs, disable_compile=True)

    return Generator(generate=generate)
