"""Facts about the machine and software that shaped a number: CPU, cores, threads, library versions."""

from __future__ import annotations

import functools
import importlib.metadata
import os
import platform
import sys
from pathlib import Path
from typing import Any

from benchit import __version__

# Libraries whose versions are recorded with every result when installed.
LIBRARIES = ("torch", "numpy", "torchvision", "transformers", "diffusers", "torch_geometric", "onnx", "onnxruntime")


def available_cpus() -> list[int]:
    try:
        return sorted(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return list(range(os.cpu_count() or 1))


def physical_cores() -> int:
    """Physical cores among the CPUs this process may use (hyper-threads counted once)."""
    cores = set()
    for cpu in available_cpus():
        topology = Path(f"/sys/devices/system/cpu/cpu{cpu}/topology")
        try:
            package = (topology / "physical_package_id").read_text().strip()
            core = (topology / "core_id").read_text().strip()
        except OSError:
            return len(available_cpus())
        cores.add((package, core))
    return max(1, len(cores))


def _version(dist: str) -> str | None:
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return None


@functools.lru_cache(maxsize=1)
def machine() -> dict[str, Any]:
    """The host: CPU model, core counts, OS, Python and library versions."""
    from benchit.devices import _cpu_model

    versions = {name: _version(name.replace("_", "-")) or _version(name) for name in LIBRARIES}
    return {
        "hostname": platform.node(),
        "os": platform.platform(),
        "cpu_model": _cpu_model(),
        "cpu_physical_cores": physical_cores(),
        "cpu_logical_cores": len(available_cpus()),
        "python": sys.version.split()[0],
        "benchit": __version__,
        "versions": {k: v for k, v in versions.items() if v},
    }
