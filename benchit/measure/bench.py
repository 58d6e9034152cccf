"""Measuring one captured invocation with one runtime on one device: prepare, check parity, time."""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import os
import resource
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Protocol, TypedDict

from benchit.backends.runtimes import to_device
from benchit.backends.tensors import map_tensors
from benchit.config import Config
from benchit.contracts import Device, Runtime
from benchit.errors import Unavailable
from benchit.measure.environment import host, run_queue_wait_ns, torch_settings
from benchit.measure.parity import DEFAULT_TOLERANCES, Tolerances, compare, flatten
from benchit.measure.precision import tolerance
from benchit.measure.timing import measure, overhead_ns
from benchit.records import Invocation, Result, ResultStatus


def error_text(exc: BaseException, frames: int = 6) -> str:
    """``Type: message`` plus the last frames of the traceback, for the cache and the report."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    tail = "".join(lines[-frames:]).strip()
    return f"{type(exc).__name__}: {str(exc).strip()}\n{tail}"


# Told when this process starts (True) and stops (False) waiting for the host lock; the worker
# passes it on to the coordinator, whose --timeout clock does not run while a script waits.
_on_wait: Callable[[bool], None] | None = None


def report_lock_waits(callback: Callable[[bool], None] | None) -> None:
    """Call ``callback(True)`` when a wait for the host lock begins and ``callback(False)`` when it ends."""
    global _on_wait
    _on_wait = callback


def _flock(file: IO[str], mode: int) -> None:
    """``flock`` at once if free; else tell ``_on_wait`` and wait."""
    try:
        fcntl.flock(file, mode | fcntl.LOCK_NB)
        return
    except BlockingIOError:
        pass
    if _on_wait is not None:
        _on_wait(True)
    try:
        fcntl.flock(file, mode)
    finally:
        if _on_wait is not None:
            _on_wait(False)


# The machine's temporary folder, where the host lock lives, as benchit found it: a job's
# processes have TMPDIR pointed at the job's own folder (benchit.execute.scratch).
HOST_TMPDIR_ENV = "BENCHIT_HOST_TMPDIR"


def host_tempdir() -> Path:
    return Path(os.environ.get(HOST_TMPDIR_ENV) or tempfile.gettempdir())


@contextlib.contextmanager
def host_lock(exclusive: bool) -> Iterator[None]:
    """One measurement at a time on this machine, and nothing else of benchit's beside it.

    A measurement, on any device, holds the lock exclusively: two measurements never share
    a device, and an accelerator's numbers depend on the host CPU that launches its work.
    Everything else a worker does that burns CPU (running the script, preparing a runtime,
    the parity reference) holds it shared, so with ``-j N`` those overlap each other but
    never a measurement. It spans every benchit process of this user (``fcntl.flock`` on a
    file in the temporary folder), and the kernel drops it when a holder dies.

    Writers first: an exclusive taker first holds a second file, the turnstile, until it has
    the lock; shared takers pass through the turnstile (take and drop it) before they queue, so
    while a measurement waits no new shared holder overtakes it, and a stream of scripts
    under ``-j N`` cannot starve it. Waits are told to ``report_lock_waits``'s callback.
    """
    folder = host_tempdir() / f"benchit-{os.getuid()}"
    folder.mkdir(exist_ok=True)
    with open(folder / "turnstile.lock", "a") as turnstile, open(folder / "measure.lock", "a") as file:
        _flock(turnstile, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        if not exclusive:
            fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            _flock(file, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            if exclusive:
                fcntl.flock(turnstile, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


def _reset_peak_rss() -> None:
    with contextlib.suppress(OSError):
        Path("/proc/self/clear_refs").write_text("5")  # VmHWM := VmRSS, a new peak window


def resident_bytes(field: str = "VmRSS") -> int | None:
    """This process's resident memory now (``VmRSS``) or its peak (``VmHWM``), in bytes."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(f"{field}:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


_worker_start_rss: int | None = None


def mark_worker_start() -> None:
    """Note the worker's resident memory as it starts: what it shares with the warm worker
    (interpreter, torch, preloaded libraries), so a result can tell it from the model's own."""
    global _worker_start_rss
    _worker_start_rss = resident_bytes()


class _Invoked(Protocol):
    @property
    def invocation(self) -> Invocation: ...


class Placed(Protocol):
    """What ``benchmark`` needs of a placement: the device, the invocation (its batch size), the
    model and inputs on the device, and eager torch's outputs for the parity check. ``Placement``
    is the one for PyTorch scripts; ``execute.onnxjob.FilePlacement`` the one for ONNX files."""

    @property
    def device(self) -> Device: ...

    @property
    def item(self) -> _Invoked: ...

    def inputs(self) -> tuple[Any, tuple, dict]: ...

    def reference(self) -> list[Any]: ...

    def nudged_reference(self) -> list[Any] | None: ...

    def eager_again(self) -> list[Any]: ...

    def fp64_reference(self) -> list[Any] | str: ...


class Placement:
    """One invocation's model and inputs on one device, moved there once, and eager torch's
    outputs on them (computed only if a runtime needs a parity check): a first run, a second one
    (is the model deterministic?) and, only if an output needs it, a float64 copy's."""

    def __init__(self, item: Any, device: Any):
        self.item = item
        self.device = device
        self._moved: tuple[Any, tuple, dict] | None = None
        self._reference: list[Any] | None = None
        self._rerun: list[Any] | None = None
        self._fp64: list[Any] | str | None = None

    def inputs(self) -> tuple[Any, tuple, dict]:
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

    def eager_again(self) -> list[Any]:
        """Eager torch's outputs on a second run of the same inputs (computed once): a model whose
        two runs differ (dropout left on, sampling) cannot judge another runtime's outputs."""
        import torch

        if self._rerun is None:
            model, args, kwargs = self.inputs()
            with torch.inference_mode():
                self._rerun = flatten(model(*args, **kwargs))
        return self._rerun

    def fp64_reference(self) -> list[Any] | str:
        """The outputs of a float64 copy of the model on float64 inputs, on the same device
        (computed once; the copy is released at once), or why there are none: nothing floating
        to cast, or the copy fails (an op without a float64 kernel, a device without float64,
        out of memory)."""
        if self._fp64 is None:
            self._fp64 = self._run_fp64()
        return self._fp64

    def _run_fp64(self) -> list[Any] | str:
        import copy

        import torch

        from benchit.measure.precision import cast_value

        model, args, kwargs = self.inputs()
        floating = [False]

        def note(value: torch.Tensor) -> torch.Tensor:
            floating[0] = floating[0] or value.is_floating_point()
            return value

        map_tensors((args, kwargs), note)
        tensors = [*model.parameters(), *model.buffers()] if isinstance(model, torch.nn.Module) else []
        if not (floating[0] or any(t.is_floating_point() for t in tensors)):
            return "the model has no floating-point parameters or inputs to cast"
        copied: Any = None
        try:
            copied = copy.deepcopy(model).to(torch.float64)
            with torch.inference_mode():
                return flatten(copied(*cast_value(args, torch.float64), **cast_value(kwargs, torch.float64)))
        except Exception as exc:  # noqa: BLE001 - without float64 the cosine rule judges
            first = (str(exc).strip().splitlines() or [""])[0][:300]
            return f"float64 could not run: {type(exc).__name__}: {first}"
        finally:
            del copied  # a float64 copy is twice the model: give it back before measuring
            empty_cache = getattr(getattr(torch, self.device.torch_device, None), "empty_cache", None)
            if self.device.torch_device != "cpu" and empty_cache is not None:
                empty_cache()

    def nudged_reference(self) -> list[Any] | None:
        """Eager torch's outputs on the floating-point inputs moved by about one rounding step of
        their precision (a fixed random sign and size per element), or ``None`` when no input is
        floating point: how far the model itself moves under rounding."""
        import torch

        model, args, kwargs = self.inputs()
        generator = torch.Generator().manual_seed(0)
        moved = [False]

        def nudge(value: torch.Tensor) -> torch.Tensor:
            if not (value.is_floating_point() and value.numel()):
                return value
            moved[0] = True
            noise = torch.rand(value.shape, generator=generator).mul_(2).sub_(1)
            step = noise.to(value.device, value.dtype) * torch.finfo(value.dtype).eps
            return value + value * step

        args, kwargs = map_tensors(args, nudge), map_tensors(kwargs, nudge)
        if not moved[0]:
            return None
        with torch.inference_mode():
            return flatten(model(*args, **kwargs))

    def release(self) -> None:
        import torch

        if self._moved is not None and self.device.torch_device != "cpu":
            self.item.module.to("cpu")
            backend = getattr(torch, self.device.torch_device, None)
            if backend is not None and hasattr(backend, "empty_cache"):
                backend.empty_cache()
        self._moved = self._reference = self._rerun = self._fp64 = None


def tolerances(config: Config, precision: str) -> Tolerances:
    """The parity tolerances of ``precision``: its scale, cosine and RMSE factor defaults, with the
    element-wise rtol and atol the run gives it (--rtol/--atol for fp32)."""
    rtol, atol = tolerance(precision, config.rtol, config.atol, config.tolerances)
    defaults = DEFAULT_TOLERANCES.get(precision, DEFAULT_TOLERANCES["fp32"])
    return dataclasses.replace(defaults, rtol=rtol, atol=atol)


def _refusal(
    device: Device, runtime: Runtime, environment: dict[str, Any], precision: str
) -> tuple[ResultStatus, str] | None:
    """Ask the device and the runtime whether they can run here and what they are (into
    ``environment``); ``(status, error)`` when they refuse, ``None`` when they can run. ``Unavailable`` is the contract's "no";
    anything else a plugin raises fails this device x runtime pair only, naming the call."""

    def versions() -> None:
        environment["versions"] = {**environment["versions"], **runtime.versions()}

    def precisions() -> None:
        if precision not in runtime.precisions:
            declared = ", ".join(runtime.precisions)
            raise Unavailable(f"runtime {runtime.name} does not run {precision} (it declares {declared})")

    steps = (
        (f"device {device.name}: check()", device.check),
        (f"runtime {runtime.name}: check()", lambda: runtime.check(device)),
        (f"runtime {runtime.name}: precisions", precisions),
        (f"device {device.name}: describe()", lambda: environment.update(device.describe())),
        (f"runtime {runtime.name}: versions()", versions),
    )
    for call, step in steps:
        try:
            step()
        except Unavailable as exc:
            return ResultStatus.UNAVAILABLE, str(exc)
        except Exception as exc:  # noqa: BLE001 - a broken plugin fails its own pair, not the script
            return ResultStatus.FAILED, f"{call} raised {error_text(exc)}"
    return None


class _Names(TypedDict):
    """The fields every ``Result`` of one ``benchmark`` call shares."""

    device: str
    runtime: str
    precision: str
    eager: bool


# benchit's own per-iteration cost, calibrated once per device in each worker (a few ms).
_overhead: dict[str, float] = {}


def benchmark(placement: Placed, runtime: Runtime, config: Config, artifacts: Path, precision: str = "fp32") -> Result:
    """Return the ``Result`` of ``runtime`` on the placement's device, with the placement's model
    already cast to ``precision``; failures are results, never exceptions."""
    import torch

    device = placement.device
    environment = {**host().to_dict(), **torch_settings()}
    base: _Names = {"device": device.name, "runtime": runtime.name, "precision": precision, "eager": runtime.eager}
    refused = _refusal(device, runtime, environment, precision)
    if refused is not None:
        status, error = refused
        return Result(**base, status=status, error=error, environment=environment)
    info: dict[str, Any] = {}
    # The script may have changed the thread count; prepare (ort reads it) and measure with
    # the one asked for.
    torch.set_num_threads(config.threads)
    try:
        with runtime.context():
            with host_lock(exclusive=False):
                model, args, kwargs = placement.inputs()
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
                    parity = compare(
                        placement.reference(),
                        flatten(outputs),
                        tolerances(config, precision),
                        nudged=placement.nudged_reference,
                        rerun=placement.eager_again,
                        fp64=placement.fp64_reference,
                    )
                del outputs
            timer = device.timer()
            with host_lock(exclusive=True):
                environment.update(torch_settings(), load_average=list(os.getloadavg()))
                if device.name not in _overhead:
                    _overhead[device.name] = overhead_ns(timer)
                device.reset_peak_memory()
                _reset_peak_rss()
                info["measure_start"] = time.time()  # wall clock: shows measurements never overlap
                before, waited = resource.getrusage(resource.RUSAGE_SELF), run_queue_wait_ns()
                stats = measure(prepared.step, timer, config.timing)
                after, waited_after = resource.getrusage(resource.RUSAGE_SELF), run_queue_wait_ns()
                info["measure_end"] = time.time()
                # How much other work took the CPU from this worker while it measured: a busy
                # machine shows here even when the numbers look tight (consistently slow).
                info["involuntary_context_switches"] = after.ru_nivcsw - before.ru_nivcsw
                if waited is not None and waited_after is not None:
                    wall = info["measure_end"] - info["measure_start"]
                    info["cpu_wait_fraction"] = (waited_after - waited) * 1e-9 / (wall * torch.get_num_threads())
                info.update(device.peak_memory())
                info["peak_rss_bytes"] = resident_bytes("VmHWM")
                info["worker_start_rss_bytes"] = _worker_start_rss
    except Unavailable as exc:  # prepare found the model does not suit the runtime (nothing to quantise, ...)
        return Result(**base, status=ResultStatus.UNAVAILABLE, error=str(exc), info=info, environment=environment)
    except Exception as exc:  # noqa: BLE001 - a failing runtime is a result
        return Result(**base, status=ResultStatus.FAILED, error=error_text(exc), info=info, environment=environment)
    info["overhead_ns"] = _overhead[device.name]
    info["overhead_fraction"] = _overhead[device.name] * 1e-6 / stats.median_ms if stats.median_ms > 0 else None
    return Result(
        **base,
        status=ResultStatus.OK,
        stats=stats,
        throughput_per_s=placement.item.invocation.batch_size * 1000.0 / stats.median_ms
        if stats.median_ms > 0
        else None,
        parity=parity,
        info=info,
        environment={**environment, "timing": config.timing.to_dict()},
    )
