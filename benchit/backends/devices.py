"""Built-in devices for the torch stack (cpu, cuda, rocm, xpu); torch is imported only when a device is used."""

from __future__ import annotations

from typing import Any

from benchit.backends import energy
from benchit.contracts import Accelerator, Device
from benchit.errors import Unavailable
from benchit.markers import hookimpl


class CPU(Device):
    name = "cpu"
    torch_device = "cpu"
    description = "the host CPU"
    energy_update_s = 0.001  # RAPL updates about every millisecond

    def energy_joules(self) -> float | None:
        return energy.rapl().read()

    def energy_reason(self) -> str:
        return f"RAPL: {energy.rapl().reason}"


class CUDA(Accelerator):
    name = "cuda"
    torch_device = "cuda"
    description = "NVIDIA GPU through a CUDA build of PyTorch"
    # NVML's total energy moves in steps; 0.1 s covers the update period of the GPUs we know of.
    energy_update_s = 0.1

    def energy_joules(self) -> float | None:
        return energy.nvml().read(self.index)

    def energy_reason(self) -> str:
        return energy.nvml().reason or f"NVML: GPU {self.index} has no total energy counter"

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
