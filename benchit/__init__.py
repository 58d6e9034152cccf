"""benchit: find the models in labeled PyTorch scripts and benchmark them on pluggable devices and runtimes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from benchit.errors import Unavailable
from benchit.markers import hookimpl

__version__ = "0.1.0"
__all__ = ["Device", "Prepared", "Runtime", "Unavailable", "__version__", "hookimpl"]

if TYPE_CHECKING:
    from benchit.contracts import Device, Prepared, Runtime


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import benchit`` (the CLI, every worker) imports no more than it needs.
    if name in ("Device", "Prepared", "Runtime"):
        from benchit import contracts

        return getattr(contracts, name)
    raise AttributeError(name)
