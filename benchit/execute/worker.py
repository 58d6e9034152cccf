"""What runs inside a worker process: one script under capture, then its invocations measured.

Everything goes back as typed messages (``benchit.messages``), one JSON line each on the
message channel: ``InvocationFound`` (as soon as a model call is captured), ``ResultReady`` (one
per device and runtime), ``Artifact`` (each file a runtime wrote into the worker's private
artifacts folder), and a final ``Done``. A crash part-way loses only what was not yet sent.
The worker never writes into the cache.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import runpy
import shutil
import sys
import tempfile
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from benchit import failures
from benchit import parser as benchit_parser
from benchit.config import Config
from benchit.contracts import Runtime
from benchit.measure import heap, lanes
from benchit.measure.bench import benchmark_all
from benchit.measure.contention import QuietBudget, WaitObserver
from benchit.measure.hostlock import host_lock, report_lock_waits
from benchit.measure.placement import Placement, TrainPlacement
from benchit.measure.precision import cast
from benchit.messages import (
    Artifact,
    Attempt,
    Done,
    InvocationFound,
    JobSpec,
    LockWait,
    Message,
    QuietWait,
    ResultReady,
    ScriptError,
)
from benchit.naming import artifact_reference, key_build_name, safe_component
from benchit.records import Result, ResultStatus, Script

if TYPE_CHECKING:
    from benchit.plugins import Registry

Send = Callable[[Message], None]


def channel(fd: int) -> Send:
    """A function that sends one message per line, as JSON, on ``fd``."""
    stream = os.fdopen(fd, "w", buffering=1, encoding="utf-8")

    def send(message: Message) -> None:
        stream.write(json.dumps(message.to_dict(), default=str) + "\n")
        stream.flush()

    return send


def stamping(config: Config, send: Send) -> Send:
    """``send``, each result it carries (``ResultReady``, ``Attempt``) stamped with the options this
    run gives its runtime (``Config.runtime_options``): part of what it measured, and of its name."""

    def stamped(message: Message) -> None:
        if isinstance(message, (ResultReady, Attempt)) and message.result is not None:
            result = message.result
            options = result.runtime_options or config.runtime_options.get(result.runtime, {})
            message = dataclasses.replace(message, result=dataclasses.replace(result, runtime_options=options))
        send(message)

    return stamped


class Artifacts:
    """The worker's private artifacts folders, one per build: earlier runs' files placed there for
    reuse, and each file a runtime writes there sent back once (again when it changes)."""

    def __init__(self, spec: JobSpec):
        self.inline = spec.inline
        self.owned = spec.workdir is None  # a folder of our own is ours to remove
        self.root = Path(spec.workdir or tempfile.mkdtemp(prefix="benchit-job-")) / "artifacts"
        self.sent: dict[Path, tuple[int, int]] = {}
        for artifact in spec.artifacts:
            # Names come from cache records: only plain file names make a file, and only here.
            if not (safe_component(artifact.build) and safe_component(artifact.name)):
                continue
            path = self.folder(artifact.build) / artifact.name
            path.parent.mkdir(parents=True, exist_ok=True)
            if artifact.data is not None:
                with open(path, "xb", opener=_no_follow) as file:  # never through a link, never over a file
                    file.write(artifact.data)
            elif artifact.path is not None:
                path.symlink_to(artifact.path)  # read only: a rewrite replaces the link, not its target
            self.sent[path] = _stamp(path)

    def folder(self, build: str) -> Path:
        return self.root / build

    def send_new(self, build: str, send: Send) -> None:
        """Send each new or changed file of the build's folder (its own files only: not links,
        not what lies in subfolders, which a runtime keeps for itself)."""
        folder = self.folder(build)
        for path in sorted(folder.iterdir()) if folder.is_dir() else []:
            if path.is_symlink() or not path.is_file() or not safe_component(path.name):
                continue
            stamp = _stamp(path)
            if self.sent.get(path) == stamp:
                continue
            try:
                artifact = Artifact.of_file(build, path.name, path, self.inline)
            except FileNotFoundError:
                # Gone between the listing and the reading (seen once in a zoo scan, where it took
                # the whole script down as an internal error): nothing to send; sent when seen again.
                continue
            self.sent[path] = stamp
            send(artifact)

    def relative(self, build: str, result: Result) -> Result:
        """The result with its paths into the build's private folder named relative to the build
        (``naming.artifact_reference``), as they lie in the cache, wherever the cache lies."""
        prefix = f"{self.folder(build)}/"
        info = {
            k: artifact_reference(v[len(prefix) :]) if isinstance(v, str) and v.startswith(prefix) else v
            for k, v in result.info.items()
        }
        return dataclasses.replace(result, info=info)

    def close(self) -> None:
        if self.owned:
            shutil.rmtree(self.root.parent, ignore_errors=True)


def _stamp(path: Path) -> tuple[int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


class _QuietWaitSender(WaitObserver):
    """Tells the coordinator of each wait for a quiet machine, on the message channel."""

    def __init__(self, send: Send):
        self.send = send

    def started(self, evidence: str) -> None:
        self.send(QuietWait(True, evidence))

    def ended(self, waited_s: float) -> None:
        self.send(QuietWait(False, waited_s=round(waited_s, 3)))


def quiet_budget(spec: JobSpec) -> QuietBudget:
    """What this job may still wait for a quiet machine: what the scan had left when it started."""
    left = spec.config.quiet_wait_s if spec.quiet_wait_s is None else spec.quiet_wait_s
    return QuietBudget(max(0.0, left))


def install_compat() -> None:
    """Let MLAgility and TurnkeyML scripts import ``parse`` from their own packages, unchanged."""
    for package in ("mlagility", "turnkeyml"):
        if f"{package}.parser" in sys.modules:
            continue
        parent = sys.modules.get(package) or types.ModuleType(package)
        parent.__path__ = getattr(parent, "__path__", [])
        child = types.ModuleType(f"{package}.parser")
        child.parse = benchit_parser.parse  # type: ignore[attr-defined]
        child.STANDARD_PARAMS = benchit_parser.STANDARD_PARAMS  # type: ignore[attr-defined]
        parent.parser = child  # type: ignore[attr-defined]
        sys.modules.setdefault(package, parent)
        sys.modules[f"{package}.parser"] = child


def _error(exc: BaseException) -> ScriptError:
    return ScriptError(type(exc).__name__, str(exc).strip()[:2000], failures.error_text(exc, frames=8))


def run_script(script: Script, key: str, config: Config, send: Send) -> list[Any]:
    """Run ``script`` under capture; return the captured invocations and send each as found."""
    from benchit.scan.capture import Capture

    error = None
    args = script.script_args or config.script_args

    def on_new(captured: Any) -> None:
        send(InvocationFound(key_build_name(key, captured.invocation.hash), captured.record()))

    sys.argv = [str(script.path), *args]
    sys.path.insert(0, str(script.path.parent))
    capture = Capture(script.path, on_new, max_depth=config.max_depth)
    try:
        with capture:
            runpy.run_path(str(script.path), run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            error = ScriptError("SystemExit", f"the script called sys.exit({exc.code!r})")
    except BaseException as exc:  # noqa: BLE001 - the script's failure is recorded
        error = _error(exc)
    if error:
        send(error)
    return list(capture.captured.values())


class _Salvaged(BaseException):  # noqa: N818 - not an error: the script is stopped on purpose
    """Raised from a model call once every build to salvage is measured, to stop the script."""


class _SharedLock:
    """The shared host lock around a script's run, let go while a measurement takes it exclusively."""

    def __enter__(self) -> _SharedLock:
        self.held = host_lock(exclusive=False)
        self.held.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.held.__exit__(None, None, None)

    @contextlib.contextmanager
    def released(self) -> Iterator[None]:
        self.__exit__()
        try:
            yield
        finally:
            self.__enter__()


def salvage(spec: JobSpec, script: Script, artifacts: Artifacts, send: Send) -> None:
    """Run the script again after it died hard, measuring each build of ``spec.salvage`` at the
    model's first call (as MLAgility did), and stop it after the last one: what it called before
    dying is measured even though it never gets to the end."""
    import torch

    from benchit import plugins
    from benchit.scan.capture import Capture

    config = spec.config
    registry = plugins.load(config.plugin_dirs)
    pending = set(spec.salvage)
    quiet = quiet_budget(spec)
    capture: Capture

    def on_new(captured: Any) -> None:
        name = key_build_name(spec.key, captured.invocation.hash)
        send(InvocationFound(name, captured.record()))
        if name not in pending:
            return
        capture.__exit__()  # the measurement's own model calls are not the script's
        try:
            with shared.released():
                _measure(captured, name, config, registry, spec.done.get(name, []), artifacts, send, quiet)
        finally:
            capture.__enter__()
        pending.discard(name)
        if not pending:
            raise _Salvaged

    install_compat()
    sys.argv = [str(script.path), *config.script_args]
    sys.path.insert(0, str(script.path.parent))
    capture = Capture(script.path, on_new)
    with _SharedLock() as shared:
        torch.set_num_threads(max(1, config.threads // config.jobs))
        try:
            with capture:
                runpy.run_path(str(script.path), run_name="__main__")
        except BaseException:  # noqa: BLE001, S110 - _Salvaged, or the script failing again: its first ending counts
            pass
    send(Done())


def _no_follow(path: str, flags: int) -> int:
    return os.open(path, flags | os.O_NOFOLLOW, 0o644)


def materialize(spec: JobSpec, root: Path) -> Script:
    """The script to run: its own path, or, when its sources came with the job, a copy in ``root``."""
    if not spec.sources:
        return spec.script
    folder = root / "src"
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in spec.sources.items():
        base = Path(name).name
        if base in ("", ".", "..") or "\x00" in base:
            continue  # only files directly in the job's own folder
        with open(folder / base, "wb", opener=_no_follow) as file:
            file.write(data)
    return dataclasses.replace(spec.script, path=folder / spec.script.path.name)


def run(spec: JobSpec, send: Send) -> None:
    """The whole job of a worker: run, capture, measure, report."""
    artifacts = Artifacts(spec)
    try:
        _run(spec, materialize(spec, artifacts.root.parent), artifacts, stamping(spec.config, send))
    finally:
        artifacts.close()


def _run(spec: JobSpec, script: Script, artifacts: Artifacts, send: Send) -> None:
    import torch

    from benchit import plugins

    config = spec.config
    # The executor's --timeout clock stops while this worker waits for another's measurement.
    report_lock_waits(lambda waiting: send(LockWait(waiting)))
    heap.hold()  # every measuring process reuses what it frees (measure/heap.py)
    if spec.salvage:
        salvage(spec, script, artifacts, send)
        return
    if script.path.suffix == ".onnx":  # an ONNX file: nothing to run or capture
        from benchit.execute import onnxjob

        loaded = plugins.load(config.plugin_dirs)
        onnxjob.run(
            script, spec.key, config, loaded, spec.done, artifacts, send, quiet_budget(spec), _QuietWaitSender(send)
        )
        send(Done())
        return
    install_compat()
    with host_lock(exclusive=False):  # the script's own work never overlaps a measurement (-j N)
        # Scripts run side by side (-j N) share the cores instead of oversubscribing them; a
        # measurement runs alone and sets --threads again (bench.benchmark).
        torch.set_num_threads(max(1, config.threads // config.jobs))
        captured = run_script(script, spec.key, config, send)
    if script.hashes:
        captured = [c for c in captured if c.invocation.hash.startswith(script.hashes)]
    registry = None if config.analyze_only else plugins.load(config.plugin_dirs)  # --analyze-only measures nothing
    quiet = quiet_budget(spec)
    for item in captured:
        name = key_build_name(spec.key, item.invocation.hash)
        send(InvocationFound(name, item.record()))
        if registry is not None:
            _measure(item, name, config, registry, spec.done.get(name, []), artifacts, send, quiet)
    send(Done())


def _measure(
    item: Any,
    name: str,
    config: Config,
    registry: Registry,
    done: list[str],
    artifacts: Artifacts,
    send: Send,
    quiet: QuietBudget | None = None,
) -> None:
    """Measure ``item`` for each (device, runtime, precision, mode) not ``done``: one placement (the
    model cast, then moved; for ``train`` a copy in train mode, with autocast for fp16 and bf16) per
    device, precision and mode, shared by the runtimes, which are measured together in interleaved
    rounds (``bench.benchmark_all``). Every eval measurement comes first, from the same capture."""
    item.module.eval()
    folder = artifacts.folder(name)
    todo = [t for t in config.measured() if config.measurement_key(*t) not in done]
    groups = list(dict.fromkeys((d, p, m) for d, _, p, m in todo))
    # Each device's models go to whichever of its instances (lanes) is free (measure/lanes.py).
    for (device_name, precision, mode), device, refused in lanes.held(groups, registry.device, config):
        names = [r for d, r, p, m in todo if (d, p, m) == (device_name, precision, mode)]
        if refused is not None:
            for runtime_name in names:
                send(
                    ResultReady(
                        name, Result(device_name, runtime_name, ResultStatus.UNAVAILABLE, refused, precision, mode=mode)
                    )
                )
            continue
        placement: Placement | TrainPlacement
        try:
            if mode == "train":
                placement = TrainPlacement(item, device, precision, config.optimizer)
            else:
                placement = Placement(cast(item, precision), device)
        except Exception as exc:  # noqa: BLE001 - a model that cannot be cast fails its results
            for runtime_name in names:
                failed = Result(device_name, runtime_name, ResultStatus.FAILED, failures.error_text(exc), precision, mode=mode)
                send(ResultReady(name, failed))
            continue
        runtimes: list[Runtime] = []
        made: dict[str, Result] = {}  # runtimes that could not even be made: their results
        for runtime_name in names:
            try:
                runtimes.append(registry.runtime(runtime_name, config.runtime_settings()))
            except Exception as exc:  # noqa: BLE001 - a plugin whose runtime cannot be made fails its pair
                error = f"runtime {runtime_name}: creating it raised {failures.error_text(exc)}"
                made[runtime_name] = Result(
                    device_name, runtime_name, ResultStatus.FAILED, error, precision=precision, mode=mode
                )

        def attempt(result: Result | None, name: str = name) -> None:
            send(Attempt(name, result))

        measured = iter(
            benchmark_all(placement, runtimes, config, folder, precision, quiet, _QuietWaitSender(send), mode, attempt)
        )
        for runtime_name in names:
            result = made.get(runtime_name) or next(measured)
            artifacts.send_new(name, send)  # the files first: a result may name them
            send(ResultReady(name, artifacts.relative(name, result)))
        placement.release()
