"""benchit: find the models in labeled PyTorch scripts and benchmark them on pluggable devices and runtimes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from benchit.errors import Unavailable

__version__ = "0.1.0"
__all__ = ["Device", "Prepared", "Runtime", "Unavailable", "__version__", "hookimpl"]

if TYPE_CHECKING:
    from benchit.contracts import Device, Prepared, Runtime
    from benchit.markers import hookimpl


def __getattr__(name: str) -> Any:
    # Lazy, so that ``import benchit`` (the CLI, every worker) imports no more than it needs
    # (``hookimpl``: pluggy, which a command that loads no plugin never needs).
    if name in ("Device", "Prepared", "Runtime"):
        from benchit import contracts

        return getattr(contracts, name)
    if name == "hookimpl":
        from benchit.markers import hookimpl

        return hookimpl
    raise AttributeError(name)
