"""The worker's job for an ONNX file given on the command line: one invocation, then one result per device x runtime."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from benchit import failures
from benchit.config import Config
from benchit.contracts import Device, Prepared, Runtime
from benchit.errors import Unavailable
from benchit.fs import file_digest
from benchit.measure.bench import benchmark_all
from benchit.measure.contention import QuietBudget, WaitObserver
from benchit.messages import Attempt, InvocationFound, Message, ResultReady, ScriptError
from benchit.naming import key_build_name
from benchit.records import Invocation, Result, ResultStatus, Script
from benchit.scan.onnxinput import generate, invocation, read

if TYPE_CHECKING:
    from benchit.plugins import Registry


class FilePlacement:
    """What ``bench.benchmark_all`` needs of a placement (``bench.Placed``), for a file: no torch
    model, no reference."""

    def __init__(self, record: Invocation, device: Device):
        self.device = device
        self.item = _Item(record)

    def inputs(self) -> tuple[Any, tuple, dict]:
        return None, (), {}

    def reference(self) -> list[Any]:
        raise RuntimeError("an ONNX file has no eager torch reference")

    def nudged_reference(self) -> list[Any] | None:
        return None  # never asked: ``FileRuntime.eager`` skips the parity check

    def eager_again(self) -> list[Any]:
        raise RuntimeError("an ONNX file has no eager torch reference")

    def fp64_reference(self) -> list[Any] | str:
        return "an ONNX file has no eager torch model"

    def release(self) -> None:
        pass


@dataclass
class _Item:
    invocation: Invocation


class FileRuntime(Runtime):
    """Presents a runtime's ``prepare_onnx`` to ``bench.benchmark_all`` as an ordinary ``prepare``."""

    # No eager torch reference exists for a file, so no parity check (``eager`` skips it).
    eager = True

    def __init__(self, inner: Runtime, path: Path, arrays: dict[str, np.ndarray]):
        super().__init__(inner.options)
        self.inner, self.path, self.arrays = inner, path, arrays
        self.name = inner.name  # type: ignore[misc]  # a ClassVar in the contract, per instance here: results carry the inner name

    def check(self, device: Device) -> None:
        if type(self.inner).prepare_onnx is Runtime.prepare_onnx:
            raise Unavailable(f"runtime {self.inner.name} needs a PyTorch script; {self.path.name} is an ONNX file")
        self.inner.check(device)

    def versions(self) -> dict[str, str]:
        return self.inner.versions()

    def context(self) -> Any:
        return self.inner.context()

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path) -> Prepared:
        return self.inner.prepare_onnx(self.path, self.arrays, device, artifacts)


def run(
    script: Script,
    key: str,
    config: Config,
    registry: Registry,
    done: dict[str, list[str]],
    artifacts: Any,
    send: Callable[[Message], None],
    quiet: QuietBudget | None = None,
    tell: WaitObserver | None = None,
) -> None:
    """The worker's job for an ONNX file: one invocation message, then one result per device x
    runtime, the runtimes of a device measured in interleaved rounds (``artifacts`` is the
    worker's ``Artifacts``; ``send`` takes its messages; ``quiet`` and ``tell`` as for
    ``bench.benchmark_all``)."""
    try:
        model = read(script.path)
        arrays = generate(model, script.script_args or config.script_args)
        record = invocation(model, arrays, file_digest(script.path))
    except Exception as exc:  # noqa: BLE001 - an unreadable file is the script's failure
        send(ScriptError(type(exc).__name__, str(exc)[:2000], failures.error_text(exc)))
        return
    if script.hashes and not record.hash.startswith(script.hashes):
        return
    name = key_build_name(key, record.hash)
    send(InvocationFound(name, record))
    if config.analyze_only:
        return
    options = config.runtime_settings()

    def attempt(result: Result | None) -> None:  # a runtime that kills the worker fails alone
        send(Attempt(name, result))

    for device_name in config.devices:
        placement = FilePlacement(record, registry.device(device_name))
        names = [r for r in config.runtimes if config.measurement_key(device_name, r) not in done.get(name, [])]
        runtimes: list[Runtime] = [FileRuntime(registry.runtime(r, options), script.path, arrays) for r in names]
        measured = benchmark_all(
            placement, runtimes, config, artifacts.folder(name), quiet=quiet, tell=tell, attempt=attempt
        )
        for result in measured:
            result = replace(result, eager=False)  # ``eager`` above only skips parity: a file has no eager baseline
            artifacts.send_new(name, send)
            send(ResultReady(name, artifacts.relative(name, result)))
    for device_name, runtime_name, precision in config.measurements():
        if precision != "fp32" and config.measurement_key(device_name, runtime_name, precision) not in done.get(
            name, []
        ):
            reason = f"an ONNX file is measured as it is; --precision {precision} casts only PyTorch models"
            unavailable = Result(device_name, runtime_name, ResultStatus.UNAVAILABLE, reason, precision=precision)
            send(ResultReady(name, unavailable))
    for device_name, runtime_name, precision, mode in config.measured():
        if mode != "eval" and config.measurement_key(device_name, runtime_name, precision, mode) not in done.get(
            name, []
        ):
            reason = "an ONNX file is a graph without its training: --mode train needs a PyTorch script"
            unavailable = Result(device_name, runtime_name, ResultStatus.UNAVAILABLE, reason, precision, mode=mode)
            send(ResultReady(name, unavailable))
