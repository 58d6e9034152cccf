"""A failure's reproduction, written as ``repro.py`` by ``benchit repro``: run it alone, from any folder.

It reads ``repro.json`` beside it, runs the copy of the script until its first top-level call of
the failed model that is not part of building a model, by the scan's rule (``building.py``, copied
beside it: a quantized builder's calibration call is not the model the scan measured), giving the
model and its inputs (saved beside it on the first run and reused after), and replays the failed
stage: the ONNX export of ``ort`` with torch alone, any other runtime (a plugin's too) through
benchit's runtime contract, with parity against eager torch for an accuracy failure (first at
``diverged_at``, the submodule where the scan found it starts, from its inputs in an eager run;
then the whole model). It prints the failure's signature; exit 1: the failure reproduced, 0: it
did not.
"""

from __future__ import annotations

import json
import re
import runpy
import sys
import traceback
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the copies of benchit's failures.py and scan/building.py beside it

import building  # type: ignore[import-not-found]  # noqa: E402
import failures  # type: ignore[import-not-found]  # noqa: E402

REPRODUCED, NOT_REPRODUCED = 1, 0


class _Captured(Exception):
    """Stops the script at the model's first top-level call."""


def capture(spec: dict[str, Any]) -> tuple[Any, tuple, dict]:
    """The model (in eval mode) and its inputs: the script's first top-level call of the model's
    class, made while no model is being built (as the scan captures)."""
    import torch

    original = torch.nn.Module.__call__
    depth = [0]
    found: list[Any] = []
    built = building.Building()

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        if depth[0] == 0 and type(self).__name__ == spec["model_class"] and not built(sys._getframe(1)):
            found.append((self, args, kwargs))
            raise _Captured
        depth[0] += 1
        try:
            return original(self, *args, **kwargs)
        finally:
            depth[0] -= 1

    torch.nn.Module.__call__ = call  # type: ignore[method-assign]
    script = HERE / spec["script"]
    argv = sys.argv
    sys.argv = [str(script), *spec.get("script_args", [])]
    try:
        runpy.run_path(str(script), run_name="__main__")
    except _Captured:
        pass
    finally:
        torch.nn.Module.__call__ = original  # type: ignore[method-assign]
        sys.argv = argv
    if not found:
        raise SystemExit(f"repro: the script made no call of {spec['model_class']}: nothing to reproduce")
    model, args, kwargs = found[0]
    saved_inputs, saved_weights = HERE / "inputs.pt", HERE / "weights.pt"
    # Saved by the first run, read back by PyTorch's safe loader only (tensors and plain containers:
    # never arbitrary objects); inputs it cannot hold are captured from the script again each run.
    try:
        inputs = torch.load(saved_inputs, weights_only=True)
        weights = torch.load(saved_weights, weights_only=True)
        args, kwargs = inputs["args"], inputs["kwargs"]
        model.load_state_dict(weights)
    except Exception:  # noqa: BLE001 - none saved yet, or what the safe loader refuses: capture again
        try:
            torch.save({"args": args, "kwargs": kwargs}, saved_inputs)
            torch.save(model.state_dict(), saved_weights)
        except (OSError, RuntimeError, TypeError, AttributeError):
            pass
    return model.eval(), args, kwargs


_ANSI = re.compile(r"\x1b\[[0-9;]*m")
_CLASS = re.compile(r"<class '(?:[\w.]+\.)?(\w+)'>")


def _plain(exc: BaseException, limit: int = 1500) -> str:
    """As benchit's ONNX export words an exporter's failure (``backends.onnxfile._plain``)."""
    text = _ANSI.sub("", f"{type(exc).__name__}: {exc}").strip()
    _, found, causes = text.partition("## Exception summary")
    cause = next((line.strip() for line in causes.splitlines() if line.strip()), "") if found else ""
    if cause:
        text = f"{type(exc).__name__}: " + _CLASS.sub(r"\1", cause) + "\n" + text
    return text if len(text) <= limit else text[:limit] + " ..."


def export_onnx(spec: dict[str, Any], model: Any, args: tuple, kwargs: dict) -> failures.Failure | None:
    """Export as ``ort`` does (torch alone); the failure it raised, or ``None``."""
    import contextlib
    import io
    import tempfile

    import torch

    exporter, opset = spec["exporter"], spec["opset"]
    with tempfile.TemporaryDirectory() as folder, torch.no_grad():
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                torch.onnx.export(model, args, str(Path(folder) / "model.onnx"), kwargs=kwargs or None,
                                  opset_version=opset, dynamo=exporter == "dynamo")  # fmt: skip
        except Exception as exc:  # noqa: BLE001 - the failure being reproduced
            text = f"ExportError: torch.onnx.export ({exporter}, opset {opset}) failed: {_plain(exc)}"
            return failures.from_exception(spec["runtime"], exc, text, failures.PREPARE)
    return None


def through_benchit(spec: dict[str, Any], model: Any, args: tuple, kwargs: dict) -> failures.Failure | None:
    """Prepare and run the runtime through benchit's contract, with parity for an accuracy failure."""
    import tempfile

    import torch

    from benchit import plugins
    from benchit.cli import build_parser
    from benchit.cli.benchmark import values_of
    from benchit.failures import error_text
    from benchit.measure.parity import DEFAULT_TOLERANCES, compare, flatten

    registry = plugins.load([str(HERE / d) for d in spec.get("plugins", [])])
    parsed = build_parser(registry, ("benchmark",)).parse_args(["benchmark", "repro.py"])
    options = {**values_of(parsed)[1], **spec.get("runtime_options", {}), "rebuild": "always"}
    runtime = registry.runtime(spec["runtime"], options)
    device = registry.device(spec["device"])
    where = failures.PREPARE
    accuracy = spec["stage"] == failures.ACCURACY
    reference: list[Any] = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            with runtime.context():
                # Eager outputs only where parity is the failure, as in the scan: for any other,
                # outputs a comparison cannot read (a transformers cache) are not this failure.
                if accuracy:
                    with torch.no_grad():
                        reference = flatten(model(*args, **kwargs))
                prepared = runtime.prepare(model, args, kwargs, device, Path(folder))
                where = failures.RUN
                stepped = prepared.step()
                device.synchronize()  # a run failure on an accelerator surfaces here
                outputs = flatten(stepped) if accuracy else []
        except Exception as exc:  # noqa: BLE001 - the failure being reproduced
            return failures.of_runtime(runtime, exc, error_text(exc), where)
    if accuracy:
        parity = compare(reference, outputs, DEFAULT_TOLERANCES["fp32"])
        if parity.get("verdict") == "failed":
            return failures.of_parity(spec["runtime"], parity.get("reason"))
    return None


def at_diverged(spec: dict[str, Any], model: Any, args: tuple, kwargs: dict) -> list[tuple[Any, tuple, dict]]:
    """The calls of the submodule where the accuracy failure starts (``diverged_at``, when the scan
    found one below the model), each with its inputs from one eager run of the model; [] else."""
    import torch
    from torch.utils._pytree import tree_map

    name = spec.get("diverged_at")
    if not name or name == "(model)":
        return []
    try:
        submodule = model.get_submodule(name)
    except AttributeError:
        return []
    calls: list[tuple[Any, tuple, dict]] = []

    def clone(value: Any) -> Any:
        return tree_map(lambda v: v.detach().clone() if isinstance(v, torch.Tensor) else v, value)

    def keep(module: Any, call_args: tuple, call_kwargs: dict) -> None:
        calls.append((module, clone(call_args), clone(call_kwargs)))

    handle = submodule.register_forward_pre_hook(keep, with_kwargs=True)
    try:
        with torch.no_grad():
            model(*args, **kwargs)
    finally:
        handle.remove()
    return calls


def main() -> int:
    spec = json.loads((HERE / "repro.json").read_text())
    print(f"repro: {spec['result']} ({spec['runtime']} on {spec['device']}, {spec['stage']})")
    print(f"repro: recorded signature {spec['signature']}: {spec['template']}")
    model, args, kwargs = capture(spec)
    standalone = spec["runtime"] == "ort" and spec["stage"] in (failures.EXPORT, failures.CONVERT)
    try:
        # An accuracy failure first where the scan found it starts: that submodule alone, call by call.
        for number, (submodule, sub_args, sub_kwargs) in enumerate(
            at_diverged(spec, model, args, kwargs) if spec["stage"] == failures.ACCURACY else [], 1
        ):
            found = through_benchit(spec, submodule, sub_args, sub_kwargs)
            if found is not None and found.stage == failures.ACCURACY:
                print(f"repro: reproduced at diverged_at {spec['diverged_at']} ({type(submodule).__name__}, "
                      f"call {number}), signature {found.signature}")  # fmt: skip
                return REPRODUCED
        if spec.get("diverged_at") and spec["stage"] == failures.ACCURACY:
            print(f"repro: {spec['diverged_at']} alone did not fail here; the whole model")
        found = (export_onnx if standalone else through_benchit)(spec, model, args, kwargs)
    except Exception:  # noqa: BLE001 - repro's own trouble, not the failure
        traceback.print_exc()
        print("repro: could not replay the failure (above): not reproduced")
        return NOT_REPRODUCED
    if found is None:
        print("repro: not reproduced: it ran without failing")
        return NOT_REPRODUCED
    # An accuracy failure reproduces as any failed parity: repro's check is the plain tolerance rule,
    # whose reason may be worded otherwise than the scan's.
    accuracy = spec["stage"] == failures.ACCURACY and found.stage == failures.ACCURACY
    if found.signature != spec["signature"] and not accuracy:
        print(f"repro: not reproduced: it failed differently, signature {found.signature}: {found.template}")
        return NOT_REPRODUCED
    print(f"repro: reproduced, signature {found.signature}" + (f", op {found.op}" if found.op else ""))
    return REPRODUCED


if __name__ == "__main__":
    sys.exit(main())
