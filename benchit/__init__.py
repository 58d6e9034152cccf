"""benchit: find the models in labeled PyTorch scripts and benchmark them on pluggable devices and runtimes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from benchit.errors import Unavailable
from benchit.hookspecs import hookimpl

__version__ = "0.1.0"
__all__ = ["Device", "Prepared", "Runtime", "Unavailable", "__version__", "hookimpl"]

if TYPE_CHECKING:
    from benchit.backends.devices import Device
    from benchit.backends.runtimes import Prepared, Runtime


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import benchit`` (the CLI) does not import torch.
    if name == "Device":
        from benchit.backends.devices import Device

        return Device
    if name in ("Runtime", "Prepared"):
        from benchit.backends import runtimes

        return getattr(runtimes, name)
    raise AttributeError(name)
