"""What runs inside a worker process: one script under capture, then its invocations measured.

Everything sent back to the parent is a plain JSON message on the message channel:
``invocation`` (as soon as a model call is captured), ``result`` (one per device and
runtime), and a final ``done``. A crash part-way loses only what was not yet sent.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchit import parser as benchit_parser
from benchit.config import Config
from benchit.measure.bench import Placement, benchmark, error_text, host_lock, report_lock_waits
from benchit.records import Script
from benchit.store.cache import build_name

Send = Callable[[dict[str, Any]], None]


def channel(fd: int) -> Send:
    """A function that sends one JSON message per line on ``fd``."""
    stream = os.fdopen(fd, "w", buffering=1, encoding="utf-8")

    def send(message: dict[str, Any]) -> None:
        stream.write(json.dumps(message, default=str) + "\n")
        stream.flush()

    return send


def install_compat() -> None:
    """Let MLAgility and TurnkeyML scripts import ``parse`` from their own packages, unchanged."""
    for package in ("mlagility", "turnkeyml"):
        if f"{package}.parser" in sys.modules:
            continue
        parent = sys.modules.get(package) or types.ModuleType(package)
        parent.__path__ = getattr(parent, "__path__", [])  # type: ignore[attr-defined]
        child = types.ModuleType(f"{package}.parser")
        child.parse = benchit_parser.parse  # type: ignore[attr-defined]
        child.STANDARD_PARAMS = benchit_parser.STANDARD_PARAMS  # type: ignore[attr-defined]
        parent.parser = child  # type: ignore[attr-defined]
        sys.modules.setdefault(package, parent)
        sys.modules[f"{package}.parser"] = child


def _error(exc: BaseException) -> dict[str, str]:
    text = error_text(exc, frames=8)
    return {"type": type(exc).__name__, "message": str(exc).strip()[:2000], "traceback": text}


def run_script(script: Script, config: Config, send: Send) -> list[Any]:
    """Run ``script`` under capture; return the captured invocations and send each as found."""
    from benchit.scan.capture import Capture

    error = None

    def on_new(captured: Any) -> None:
        send(
            {
                "type": "invocation",
                "build": build_name(script.path, captured.invocation.hash),
                "invocation": captured.record().to_dict(),
            }
        )

    sys.argv = [str(script.path), *config.script_args]
    sys.path.insert(0, str(script.path.parent))
    capture = Capture(script.path, on_new)
    try:
        with capture:
            runpy.run_path(str(script.path), run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            error = {"type": "SystemExit", "message": f"the script called sys.exit({exc.code!r})", "traceback": ""}
    except BaseException as exc:  # noqa: BLE001 - the script's failure is recorded
        error = _error(exc)
    if error:
        send({"type": "script_error", "error": error})
    return list(capture.captured.values())


def run(job: dict[str, Any], send: Send) -> None:
    """The whole job of a worker: run, capture, measure, report."""
    import torch

    from benchit import plugins

    config = Config.from_dict(job["config"])
    script = Script.from_dict(job["script"])
    # The coordinator's --timeout clock stops while this worker waits for another's measurement.
    report_lock_waits(lambda waiting: send({"type": "lock_wait", "waiting": waiting}))
    if script.path.suffix == ".onnx":  # an ONNX file: nothing to run or capture
        from benchit.scan import onnxinput

        onnxinput.run(script, config, plugins.load(config.plugin_dirs), job.get("done", {}), send)
        send({"type": "done"})
        return
    install_compat()
    with host_lock(exclusive=False):  # the script's own work never overlaps a measurement (-j N)
        # Scripts run side by side (-j N) share the cores instead of oversubscribing them; a
        # measurement runs alone and sets --threads again (bench.benchmark).
        torch.set_num_threads(max(1, config.threads // config.jobs))
        captured = run_script(script, config, send)
    if script.hashes:
        captured = [c for c in captured if c.invocation.hash.startswith(script.hashes)]
    done: dict[str, list[str]] = job.get("done", {})
    registry = plugins.load(config.plugin_dirs)
    for item in captured:
        name = build_name(script.path, item.invocation.hash)
        send({"type": "invocation", "build": name, "invocation": item.record().to_dict()})
        if config.analyze_only:
            continue
        _measure(item, name, config, registry, done.get(name, []), send)
    send({"type": "done"})


def _measure(item: Any, name: str, config: Config, registry: Any, done: list[str], send: Send) -> None:
    item.module.eval()
    artifacts = Path(config.cache_dir) / "builds" / name / "artifacts"
    for device_name in config.devices:
        device = registry.device(device_name)
        placement = Placement(item, device)
        for runtime_name in config.runtimes:
            if f"{device_name}-{runtime_name}" in done:
                continue
            runtime = registry.runtime(runtime_name, {**config.options, "rebuild": config.rebuild})
            result = benchmark(placement, runtime, config, artifacts)
            send({"type": "result", "build": name, "result": result.to_dict()})
        placement.release()
