"""Built-in devices for the torch stack: cpu, cuda, rocm and xpu.

A device knows whether it exists here, how to time work on it (host clock or device
events), and how to read its peak memory. Torch is imported only when a device is used.
"""

from __future__ import annotations

import platform
from typing import Any

from benchit.errors import Unavailable
from benchit.hookspecs import hookimpl
from benchit.measure.timing import HostTimer, Step, Timer


class Device:
    """A place to run models. Subclass it in a plugin to add a device."""

    name: str = ""
    torch_device: str = "cpu"  # where torch tensors go for this device
    description: str = ""

    def check(self) -> None:
        """Raise ``Unavailable`` with a reason when this device cannot be used here."""

    def timer(self) -> Timer:
        return HostTimer()

    def synchronize(self) -> None:
        """Wait until queued work on the device has finished."""

    def describe(self) -> dict[str, Any]:
        """Facts recorded with every result: model name, driver and runtime versions."""
        return {"device_name": _cpu_model()}

    def reset_peak_memory(self) -> None:
        """Start a new peak-memory window (accelerators)."""

    def peak_memory(self) -> dict[str, int]:
        """Peak device memory since ``reset_peak_memory``, in bytes (accelerators)."""
        return {}


def _cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as file:
            for line in file:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class CPU(Device):
    name = "cpu"
    torch_device = "cpu"
    description = "the host CPU"


class EventTimer:
    """Times iterations with device events: recorded around each step with no
    synchronisation in the loop, read after one synchronisation at the end.

    ``backend`` is the torch device module (``torch.cuda``, ``torch.xpu``) or anything
    with the same ``Event`` and ``synchronize``; tests pass a fake one.
    """

    def __init__(self, backend: Any):
        self.backend = backend

    def run(self, step: Step, iterations: int) -> list[float]:
        # Events are created before the loop so that their allocation is not timed.
        events = [
            (self.backend.Event(enable_timing=True), self.backend.Event(enable_timing=True)) for _ in range(iterations)
        ]
        for start, end in events:
            start.record()
            step()
            end.record()
        self.backend.synchronize()
        return [start.elapsed_time(end) * 1e-3 for start, end in events]  # elapsed_time is in ms


class Accelerator(Device):
    """A torch accelerator reached through a backend module (``torch.cuda``, ``torch.xpu``).

    Everything device-specific goes through ``backend()``, the one boundary tests fake.
    """

    def backend(self) -> Any:
        raise NotImplementedError

    def timer(self) -> Timer:
        return EventTimer(self.backend())

    def synchronize(self) -> None:
        self.backend().synchronize()

    def reset_peak_memory(self) -> None:
        self.backend().reset_peak_memory_stats()

    def peak_memory(self) -> dict[str, int]:
        backend = self.backend()
        return {
            "peak_memory_allocated_bytes": int(backend.max_memory_allocated()),
            "peak_memory_reserved_bytes": int(backend.max_memory_reserved()),
        }

    def describe(self) -> dict[str, Any]:
        backend = self.backend()
        props = backend.get_device_properties(backend.current_device())
        versions = self.versions(props)
        return {
            "device_name": backend.get_device_name(),
            "device_memory_bytes": int(getattr(props, "total_memory", 0)),
            "device_count": int(backend.device_count()),
            **versions,
            # One report column for all of it, whatever the vendor calls each part.
            "device_software": ", ".join(f"{k} {v}" for k, v in versions.items() if v is not None),
        }

    def versions(self, props: Any) -> dict[str, Any]:
        """Driver and runtime versions, and the architecture, from ``props`` and the torch build."""
        return {}


class CUDA(Accelerator):
    name = "cuda"
    torch_device = "cuda"
    description = "NVIDIA GPU through a CUDA build of PyTorch"

    def backend(self) -> Any:
        import torch

        return torch.cuda

    def check(self) -> None:
        import torch

        if torch.version.hip is not None:
            raise Unavailable("this PyTorch is a ROCm build; use --device rocm")
        if torch.version.cuda is None:
            raise Unavailable("this PyTorch was built without CUDA")
        if not torch.cuda.is_available():
            raise Unavailable("no CUDA GPU is visible (torch.cuda.is_available() is False)")

    def versions(self, props: Any) -> dict[str, Any]:
        import torch

        return {
            "cuda_runtime": torch.version.cuda,
            "cudnn": _cudnn_version(),
            "driver": _nvidia_driver(),
            "compute_capability": f"{getattr(props, 'major', '?')}.{getattr(props, 'minor', '?')}",
        }


def _cudnn_version() -> int | None:
    import torch

    try:
        return torch.backends.cudnn.version()
    except Exception:  # noqa: BLE001 - cuDNN failing to load is a fact to leave out, not a failure
        return None


def _read_first_line(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as file:
            return file.readline().strip() or None
    except OSError:
        return None


def _nvidia_driver() -> str | None:
    """The kernel driver version (e.g. 550.54.15); torch exposes only the CUDA runtime's."""
    words = (_read_first_line("/proc/driver/nvidia/version") or "").split()
    return next((w for w in words if w[:1].isdigit() and "." in w), None)


class ROCm(Accelerator):
    name = "rocm"
    torch_device = "cuda"  # ROCm builds of PyTorch use the torch.cuda API
    description = "AMD GPU through a ROCm build of PyTorch"

    def backend(self) -> Any:
        import torch

        return torch.cuda

    def check(self) -> None:
        import torch

        if torch.version.hip is None:
            raise Unavailable("this PyTorch is not a ROCm build (torch.version.hip is None)")
        if not torch.cuda.is_available():
            raise Unavailable("no ROCm GPU is visible (torch.cuda.is_available() is False)")

    def versions(self, props: Any) -> dict[str, Any]:
        import torch

        return {
            "hip_runtime": torch.version.hip,
            "driver": _read_first_line("/sys/module/amdgpu/version"),
            "gcn_arch": getattr(props, "gcnArchName", None),
        }


class XPU(Accelerator):
    name = "xpu"
    torch_device = "xpu"
    description = "Intel GPU through torch.xpu"

    def backend(self) -> Any:
        import torch

        return torch.xpu

    def check(self) -> None:
        import torch

        if not hasattr(torch, "xpu"):
            raise Unavailable("this PyTorch has no torch.xpu")
        if not torch.xpu.is_available():
            raise Unavailable("no Intel XPU is visible (torch.xpu.is_available() is False)")

    def versions(self, props: Any) -> dict[str, Any]:
        import torch

        return {
            "xpu_runtime": getattr(props, "version", None) or getattr(torch.version, "xpu", None),
            "driver": getattr(props, "driver_version", None),
        }


@hookimpl
def benchit_devices() -> list[Device]:
    return [CPU(), CUDA(), ROCm(), XPU()]
