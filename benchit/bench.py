"""Measuring one captured invocation with one runtime on one device: prepare, check parity, time."""

from __future__ import annotations

import contextlib
import fcntl
import os
import tempfile
import time
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchit.config import Config
from benchit.environment import machine
from benchit.errors import Unavailable
from benchit.model import Result
from benchit.parity import compare, flatten
from benchit.runtimes import Runtime
from benchit.timing import measure, overhead_ns


def error_text(exc: BaseException, frames: int = 6) -> str:
    """``Type: message`` plus the last frames of the traceback, for the cache and the report."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    tail = "".join(lines[-frames:]).strip()
    return f"{type(exc).__name__}: {str(exc).strip()}\n{tail}"


@contextlib.contextmanager
def device_lock(name: str) -> Iterator[None]:
    """Serialise measurements on one device across every benchit process of this user."""
    folder = Path(tempfile.gettempdir()) / f"benchit-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    with open(folder / f"device-{name}.lock", "a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


def _reset_peak_rss() -> None:
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")


def _peak_rss() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


class Placement:
    """One invocation's model and inputs on one device, moved there once, and eager torch's
    outputs on them (computed only if a runtime needs a parity check)."""

    def __init__(self, item: Any, device: Any):
        self.item = item
        self.device = device
        self._moved: tuple[Any, tuple, dict] | None = None
        self._reference: list[Any] | None = None

    def inputs(self) -> tuple[Any, tuple, dict]:
        from benchit.runtimes import to_device

        if self._moved is None:
            where = self.device.torch_device
            self._moved = (
                self.item.module.to(where),
                to_device(self.item.args, where),
                to_device(self.item.kwargs, where),
            )
        return self._moved

    def reference(self) -> list[Any]:
        import torch

        if self._reference is None:
            model, args, kwargs = self.inputs()
            with torch.inference_mode():
                self._reference = flatten(model(*args, **kwargs))
        return self._reference

    def release(self) -> None:
        import torch

        if self._moved is not None and self.device.torch_device != "cpu":
            self.item.module.to("cpu")
            backend = getattr(torch, self.device.torch_device, None)
            if backend is not None and hasattr(backend, "empty_cache"):
                backend.empty_cache()
        self._moved = self._reference = None


_overhead: dict[str, float] = {}


def benchmark(placement: Placement, runtime: Runtime, config: Config, artifacts: Path) -> Result:
    """Return the ``Result`` of ``runtime`` on the placement's device; failures are results, never exceptions."""
    import torch

    device = placement.device
    environment = {**machine(), "threads": torch.get_num_threads()}
    base = {"device": device.name, "runtime": runtime.name}
    try:
        device.check()
        runtime.check(device)
        environment.update(device.describe())
        environment["versions"] = {**environment["versions"], **runtime.versions()}
    except Unavailable as exc:
        return Result(**base, status="unavailable", error=str(exc), environment=environment)
    info: dict[str, Any] = {}
    try:
        model, args, kwargs = placement.inputs()
        with runtime.context():
            start = time.perf_counter()
            prepared = runtime.prepare(model, args, kwargs, device, artifacts)
            info.update(prepared.info)
            info["prepare_s"] = time.perf_counter() - start
            start = time.perf_counter()
            outputs = prepared.step()
            device.synchronize()
            info["first_step_s"] = time.perf_counter() - start
            parity = None
            if not runtime.eager:
                parity = compare(placement.reference(), flatten(outputs), config.rtol, config.atol)
            del outputs
            timer = device.timer()
            with device_lock(device.name):
                if device.name not in _overhead:
                    _overhead[device.name] = overhead_ns(timer)
                device.reset_peak_memory()
                _reset_peak_rss()
                stats = measure(prepared.step, timer, config.timing)
                info.update(device.peak_memory())
                info["peak_rss_bytes"] = _peak_rss()
    except Exception as exc:  # noqa: BLE001 - a failing runtime is a result
        return Result(**base, status="failed", error=error_text(exc), info=info, environment=environment)
    info["overhead_ns"] = _overhead[device.name]
    return Result(
        **base,
        status="ok",
        stats=stats,
        throughput_per_s=placement.item.invocation.batch_size * 1000.0 / stats.median_ms
        if stats.median_ms > 0
        else None,
        parity=parity,
        info=info,
        environment={**environment, "timing": config.timing.to_dict()},
    )
