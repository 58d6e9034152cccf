"""The built-in devices' energy counters: RAPL powercap for the CPU, NVML's total energy for NVIDIA GPUs."""

from __future__ import annotations

import glob
import os
from typing import Any

POWERCAP = "/sys/class/powercap"


class Rapl:
    """The package domains of RAPL (``intel-rapl:N``, AMD's too), summed, in joules; the kernel's
    counters wrap at ``max_energy_range_uj``, which ``read`` undoes."""

    def __init__(self, root: str = POWERCAP):
        self.root = root
        self.files: list[tuple[str, int]] = []
        self.reason = ""
        self._last: list[int] = []
        self._wraps: list[int] = []
        domains = sorted(glob.glob(os.path.join(root, "intel-rapl:[0-9]*")))
        domains = [d for d in domains if os.path.basename(d).count(":") == 1]  # packages, not their sub-zones
        if not domains:
            self.reason = f"no RAPL package domains under {root} (no powercap driver, or a virtual machine)"
            return
        for domain in domains:
            path = os.path.join(domain, "energy_uj")
            try:
                with open(path, encoding="ascii") as file:
                    int(file.read())
                with open(os.path.join(domain, "max_energy_range_uj"), encoding="ascii") as file:
                    wrap = int(file.read())
            except PermissionError:
                self.files, self.reason = [], f"{path} is readable only by root (chmod it, or run as root)"
                return
            except (OSError, ValueError) as exc:
                self.files, self.reason = [], f"{path}: {exc}"
                return
            self.files.append((path, wrap))
        self._last = [0] * len(self.files)
        self._wraps = [0] * len(self.files)

    def read(self) -> float | None:
        if not self.files:
            return None
        total = 0
        for i, (path, wrap) in enumerate(self.files):
            try:
                with open(path, encoding="ascii") as file:
                    now = int(file.read())
            except (OSError, ValueError):
                return None
            if now < self._last[i]:
                self._wraps[i] += 1
            self._last[i] = now
            total += now + self._wraps[i] * wrap
        return total * 1e-6


class Nvml:
    """NVML's total energy since the driver loaded (millijoules; Volta and later), per GPU index."""

    def __init__(self) -> None:
        self.reason = ""
        self.nvml: Any = None
        try:
            import pynvml  # nvidia-ml-py

            pynvml.nvmlInit()
            self.nvml = pynvml
        except ImportError:
            self.reason = "NVML is not installed (pip install nvidia-ml-py)"
        except Exception as exc:  # noqa: BLE001 - NVML failing to start is a reason, not a failure
            self.reason = f"NVML did not start: {exc}"

    def handle(self, index: int) -> Any:
        """The NVML handle of torch's GPU ``index`` (through CUDA_VISIBLE_DEVICES when it is set)."""
        visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")
        physical = visible[index].strip() if index < len(visible) and visible[index].strip() else str(index)
        if physical.isdigit():
            return self.nvml.nvmlDeviceGetHandleByIndex(int(physical))
        return self.nvml.nvmlDeviceGetHandleByUUID(physical)

    def read(self, index: int) -> float | None:
        if self.nvml is None:
            return None
        try:
            return float(self.nvml.nvmlDeviceGetTotalEnergyConsumption(self.handle(index))) * 1e-3
        except Exception as exc:  # noqa: BLE001 - a GPU without the counter (before Volta) says so
            self.reason = f"NVML has no total energy for GPU {index}: {exc}"
            return None


_rapl: Rapl | None = None
_nvml: Nvml | None = None


def rapl() -> Rapl:
    global _rapl
    if _rapl is None:
        _rapl = Rapl()
    return _rapl


def nvml() -> Nvml:
    global _nvml
    if _nvml is None:
        _nvml = Nvml()
    return _nvml
