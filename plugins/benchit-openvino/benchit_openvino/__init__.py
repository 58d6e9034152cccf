"""benchit plugin: the ``openvino`` runtime, written against ``benchit.api`` alone.

The model is converted with OpenVINO's PyTorch frontend (``--openvino-from torch``, the default)
or read from the ONNX file benchit exports (``--openvino-from onnx``), saved as OpenVINO IR in the
build's artifacts (reused by later runs while the weights and versions are the same), and compiled
for ``--openvino-device`` (CPU by default; GPU or NPU where OpenVINO sees one) with the inference
precision hint ``--openvino-precision`` (f32 by default: on CPUs with bf16 support OpenVINO would
otherwise run bf16, which parity with eager torch catches).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import benchit
from benchit import api

__version__ = "0.1.0"

HINTS = ("f32", "f16", "bf16")
# The line of a conversion failure that names the operators OpenVINO has no rule for.
UNSUPPORTED = ("No conversion rule found",)


def _openvino() -> Any:
    try:
        import openvino
    except ImportError:
        raise benchit.Unavailable("openvino is not installed (pip install openvino)") from None
    return openvino


class ConversionError(Exception):
    """OpenVINO could not convert the model; the message is the one line a report needs."""


class OpenVINO(api.Runtime):
    name = "openvino"
    devices = ("cpu",)  # inputs and outputs live in host memory whatever OpenVINO device computes
    description = (
        "OpenVINO: converted with its PyTorch frontend (or from benchit's ONNX file), compiled for CPU/GPU/NPU"
    )
    identity_options = ("openvino_device", "openvino_precision", "openvino_from")

    @property
    def target(self) -> str:
        return (self.options.get("openvino_device") or "CPU").upper()

    def check(self, device: api.Device) -> None:
        super().check(device)
        seen = _openvino().Core().available_devices
        if not any(name.split(".")[0] == self.target for name in seen):
            raise benchit.Unavailable(f"OpenVINO sees no {self.target} here (it sees {', '.join(seen) or 'nothing'})")

    def versions(self) -> dict[str, str]:
        return {"openvino": _openvino().__version__.split("-")[0]}

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: api.Device, artifacts: Path) -> api.Prepared:
        import torch

        ov = _openvino()
        source = self.options.get("openvino_from") or "torch"
        key = {
            "openvino": ov.__version__,
            "torch": torch.__version__,
            "from": source,
            "weights": api.fingerprint(model),
        }
        facts: dict[str, Any] = {}

        def convert(target: Path) -> None:
            if source == "onnx":
                path, exported = api.export_onnx(model, args, kwargs, artifacts, self.options)
                facts.update(exported)
                converted = _convert(ov, str(path))
            else:
                converted = _convert(ov, model, example_input=_example(model, args, kwargs))
            ov.save_model(converted, str(target), compress_to_fp16=False)

        built = api.reuse_or_build(
            artifacts / f"openvino-{source}.xml", key, convert, self.options.get("rebuild", "if_needed")
        )
        start = time.perf_counter()
        config = {
            "INFERENCE_PRECISION_HINT": self.options.get("openvino_precision") or "f32",
            "PERFORMANCE_HINT": "LATENCY",
        }
        if self.target == "CPU":
            config["INFERENCE_NUM_THREADS"] = self.threads
        core = ov.Core()
        compiled = core.compile_model(core.read_model(str(built.path)), self.target, config)
        names = [next(iter(port.get_names()), f"input{i}") for i, port in enumerate(compiled.inputs)]
        host = {name: value.detach().cpu().numpy() for name, value in api.named_inputs(model, args, kwargs).items()}
        feeds = api.match_inputs(names, host)
        request = compiled.create_infer_request()
        info = {
            **facts,
            "convert_s": built.build_s,
            "converted_reused": built.reused,
            "openvino_device": self.target,
            "openvino_precision": compiled.get_property("INFERENCE_PRECISION_HINT").get_type_name(),  # what runs
            "openvino_threads": int(compiled.get_property("INFERENCE_NUM_THREADS")) if self.target == "CPU" else None,
            "compile_s": time.perf_counter() - start,
            "openvino_file": str(built.path),
        }
        return api.Prepared(step=lambda: request.infer(feeds), info=info)


def _example(model: Any, args: tuple, kwargs: dict) -> Any:
    """The frontend's example input: the positional arguments, or all by name when there are keywords."""
    if not kwargs:
        return args
    import inspect

    params = list(inspect.signature(model.forward).parameters)
    return {**dict(zip(params, args, strict=False)), **kwargs}


def _convert(ov: Any, source: Any, **settings: Any) -> Any:
    """``ov.convert_model``, whose failures become one line naming the unsupported operators."""
    try:
        return ov.convert_model(source, **settings)
    except Exception as exc:  # noqa: BLE001 - every frontend failure is "cannot convert"
        raise ConversionError(f"OpenVINO cannot convert this model: {api.one_line(exc, UNSUPPORTED)}") from None


@benchit.hookimpl
def benchit_addoption(parser: api.PluginOptions) -> None:
    group = parser.add_argument_group("openvino runtime")
    group.add_argument(
        "--openvino-device", default="CPU", metavar="NAME", help="OpenVINO device: CPU (default), GPU, NPU"
    )
    group.add_argument(
        "--openvino-precision", choices=HINTS, default="f32", help="inference precision hint (default f32)"
    )
    group.add_argument(
        "--openvino-from",
        choices=("torch", "onnx"),
        default="torch",
        help="convert the model (torch) or benchit's ONNX file",
    )


@benchit.hookimpl
def benchit_preload(runtimes: list[str]) -> list[str]:
    return ["openvino"] if OpenVINO.name in runtimes else []


@benchit.hookimpl
def benchit_runtimes() -> list[type[api.Runtime]]:
    return [OpenVINO]
