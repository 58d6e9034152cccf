"""The runtime contract: how a plugin turns a captured model into something the core can time.

The core owns warm-up, iteration counts, statistics, parity and the record format;
a runtime only says whether it can run (``check``) and builds a ``Prepared`` step.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from benchit.errors import Unavailable

if TYPE_CHECKING:
    import torch

    from benchit.backends.devices import Device

__all__ = ["Prepared", "Runtime", "Unavailable", "to_device"]


@dataclass
class Prepared:
    """A model ready to run: ``step()`` runs it once on bound inputs and returns its outputs.

    ``info`` holds facts worth recording (build time, file sizes, ...); it lands in
    the result's ``info`` and in report columns ``info_<key>``.
    """

    step: Callable[[], Any]
    info: dict[str, Any] = field(default_factory=dict)


class Runtime:
    """Base class of runtimes. Subclass it, set ``name`` and ``devices``, implement ``prepare``."""

    name: ClassVar[str] = ""
    devices: ClassVar[tuple[str, ...]] = ("cpu",)
    description: ClassVar[str] = ""
    eager: ClassVar[bool] = False  # True only for the reference runtime (no parity check)
    # The precisions ``prepare`` accepts a model cast to (--precision); others are unavailable.
    precisions: ClassVar[tuple[str, ...]] = ("fp32",)

    def __init__(self, options: dict[str, Any] | None = None):
        self.options = dict(options or {})

    def supports(self, device: Device) -> bool:
        """Whether this runtime can drive ``device`` at all (``check`` says whether it can here)."""
        return device.name in self.devices

    def check(self, device: Device) -> None:
        """Raise ``Unavailable`` with a reason if this runtime cannot run on ``device`` here."""
        if not self.supports(device):
            raise Unavailable(f"runtime {self.name} does not support device {device.name}")

    def versions(self) -> dict[str, str]:
        """Versions of the libraries that shape this runtime's numbers."""
        return {}

    def context(self) -> contextlib.AbstractContextManager[Any]:
        """The grad mode ``prepare`` and every ``step`` run under."""
        import torch

        return torch.inference_mode()

    def prepare(
        self,
        model: torch.nn.Module,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        device: Device,
        artifacts: Path,
    ) -> Prepared:
        """Build what runs ``model(*args, **kwargs)`` on ``device``.

        ``model`` and the inputs are already on ``device.torch_device``, in eval mode and in
        the precision measured (floating-point weights and inputs cast to fp16 or bf16 when
        asked for and listed in ``precisions``); do not change them in place. ``artifacts`` is this build's folder for files
        (ONNX models, engines) that later runs may reuse; ``self.options["rebuild"]``
        says whether to reuse them. Raise any exception to record the result as failed, or
        ``Unavailable`` when the model does not suit this runtime (recorded as unavailable).
        """
        raise NotImplementedError

    def prepare_onnx(self, path: Path, inputs: dict[str, Any], device: Device, artifacts: Path) -> Prepared:
        """Build what runs the ONNX file ``path`` (given on the command line) on ``inputs``
        (graph input name -> numpy array). Only runtimes that read ONNX override this."""
        raise Unavailable(f"runtime {self.name} needs a PyTorch script, not an ONNX file")


def to_device(value: Any, device: str) -> Any:
    """Move tensors (recursively through lists, tuples and dicts) to ``device``."""
    import torch

    if isinstance(value, torch.Tensor):
        return value.to(device)
    if isinstance(value, tuple) and not hasattr(value, "_fields"):
        return tuple(to_device(v, device) for v in value)
    if isinstance(value, list):
        return [to_device(v, device) for v in value]
    if type(value) is dict:
        return {k: to_device(v, device) for k, v in value.items()}
    if hasattr(value, "to") and callable(value.to) and not isinstance(value, type):
        with contextlib.suppress(Exception):
            return value.to(device)
    return value
