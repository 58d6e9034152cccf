"""Facts about the machine and software that shaped a number: CPU, cores, threads, library versions."""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import os
import platform
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchit import __version__
from benchit.host import cpu_model
from benchit.measure import heap
from benchit.records import Machine

# Libraries whose versions are recorded with every result when installed.
LIBRARIES = (
    "torch",
    "numpy",
    "torchvision",
    "torchaudio",
    "transformers",
    "diffusers",
    "torch_geometric",
    "timm",
    "onnx",
    "onnxscript",
    "onnxruntime",
)
# Environment variables that change how many threads the math libraries use, or where.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "KMP_AFFINITY", "OMP_PROC_BIND")


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


@dataclass(frozen=True)
class Host:
    """The host a result was measured on, as its ``environment`` records it: the machine (who
    measured), the OS, the cores this process may use, and the Python, benchit and library versions."""

    machine: Machine
    os: str
    cpu_physical_cores: int
    cpu_logical_cores: int
    python: str
    benchit: str
    versions: dict[str, str]

    def to_dict(self) -> dict[str, Any]:
        """The keys a result's ``environment`` has always had for these facts."""
        return {
            "hostname": self.machine.hostname,
            "os": self.os,
            "cpu_model": self.machine.cpu_model,
            "cpu_physical_cores": self.cpu_physical_cores,
            "cpu_logical_cores": self.cpu_logical_cores,
            "python": self.python,
            "benchit": self.benchit,
            "versions": dict(self.versions),
        }


@functools.lru_cache(maxsize=1)
def host() -> Host:
    """This host: the machine, core counts, OS, Python and library versions."""
    versions = {name: _version(name.replace("_", "-")) or _version(name) for name in LIBRARIES}
    return Host(
        machine=machine_identity(),
        os=platform.platform(),
        cpu_physical_cores=physical_cores(),
        cpu_logical_cores=len(available_cpus()),
        python=sys.version.split()[0],
        benchit=__version__,
        versions={k: v for k, v in versions.items() if v},
    )


MACHINE_ID_FILES = ("/etc/machine-id", "/var/lib/dbus/machine-id")


@functools.lru_cache(maxsize=1)
def machine_identity() -> Machine:
    """Who measured: a stable id (a digest of ``/etc/machine-id``, else of hostname and CPU model),
    the hostname, the CPU model, and the NVIDIA GPUs its driver lists."""
    hostname, cpu = platform.node(), cpu_model()
    seed = f"{hostname}\n{cpu}"
    for path in MACHINE_ID_FILES:
        try:
            text = Path(path).read_text().strip()
        except OSError:
            continue
        if text:
            seed = text
            break
    accelerators = _nvidia_gpus()
    return Machine(
        id=hashlib.sha256(seed.encode()).hexdigest()[:12],
        hostname=hostname,
        cpu_model=cpu,
        accelerator=accelerators[0] if accelerators else None,
        accelerator_count=len(accelerators),
    )


def _nvidia_gpus() -> list[str]:
    """Model names of the NVIDIA GPUs the driver lists, without importing torch or CUDA."""
    names = []
    root = Path("/proc/driver/nvidia/gpus")
    for info in sorted(root.glob("*/information")) if root.is_dir() else []:
        try:
            for line in info.read_text().splitlines():
                if line.startswith("Model:"):
                    names.append(line.split(":", 1)[1].strip())
        except OSError:
            continue
    return names


@functools.lru_cache(maxsize=1)
def _torch_build() -> dict[str, Any]:
    import torch

    parallel = torch.__config__.parallel_info()
    backend = re.search(r"ATen parallel backend: (.+)", parallel)
    onednn = re.search(r"MKL-DNN v([\w.]+)", parallel)
    return {
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "parallel_backend": backend.group(1).strip() if backend else None,
        "onednn": onednn.group(1) if onednn else None,
        "mkl": torch.backends.mkl.is_available(),
    }


def torch_settings() -> dict[str, Any]:
    """What the running torch does with the CPU: threads now in effect, the CPU kernels it
    picked (AVX2, AVX512...), its parallel backend and math libraries, thread variables set."""
    import torch

    return {
        "threads": torch.get_num_threads(),
        "interop_threads": torch.get_num_interop_threads(),
        **_torch_build(),
        "thread_variables": {name: os.environ[name] for name in THREAD_VARIABLES if name in os.environ},
        **({"heap": held} if (held := heap.state()) is not None else {}),
    }


def run_queue_wait_ns() -> int | None:
    """Nanoseconds this process's threads have spent runnable but waiting for a CPU (the kernel's
    schedstat ``run_delay``, summed over threads): the time other work took from it."""
    total, found = 0, False
    try:
        tasks = os.listdir("/proc/self/task")
    except OSError:
        return None
    for task in tasks:
        try:
            with open(f"/proc/self/task/{task}/schedstat", encoding="ascii") as file:
                total += int(file.read().split()[1])
                found = True
        except (OSError, IndexError, ValueError):  # a thread that just ended, or no schedstats
            continue
    return total if found else None
