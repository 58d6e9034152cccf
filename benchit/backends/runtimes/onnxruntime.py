"""The built-in ``ort`` runtime: export the captured call to ONNX once, run it with ONNX Runtime.

The execution provider follows the device: CPU on cpu; TensorRT (when present) or CUDA
on cuda; MIGraphX or ROCm on rocm; OpenVINO on xpu. The runtime also runs ONNX files
given on the command line (``prepare_onnx``).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from benchit.backends import onnxfile
from benchit.backends.inputs import match_inputs, named_inputs
from benchit.contracts import Device, Prepared, Runtime
from benchit.errors import Unavailable
from benchit.markers import hookimpl
from benchit.text import one_line

# Execution providers per device, best first; the CPU provider is always appended as the
# fallback for operators the accelerator's provider does not implement.
PROVIDERS: dict[str, tuple[str, ...]] = {
    "cpu": ("CPUExecutionProvider",),
    "cuda": ("TensorrtExecutionProvider", "CUDAExecutionProvider"),
    "rocm": ("MIGraphXExecutionProvider", "ROCMExecutionProvider"),
    "xpu": ("OpenVINOExecutionProvider",),
}
INSTALL_HINT = {
    "cuda": "pip install onnxruntime-gpu",
    "rocm": "install onnxruntime built for ROCm/MIGraphX",
    "xpu": "pip install onnxruntime-openvino",
}


def choose_providers(device: str, available: list[str], forced: str | None = None) -> list[str]:
    """The providers to ask for on ``device``, given the providers this onnxruntime has."""
    if forced:
        if forced not in available:
            raise Unavailable(f"--ort-provider {forced} is not in this onnxruntime ({', '.join(available)})")
        wanted = [forced]
    else:
        wanted = [p for p in PROVIDERS.get(device, ()) if p in available]
        if device == "cuda" and "CUDAExecutionProvider" not in available:
            wanted = []  # TensorRT's provider leans on the CUDA one for what it cannot build
        if not wanted:
            # TensorRT is a bonus on cuda, never enough alone; name only what is needed.
            needed = [p for p in PROVIDERS.get(device, ()) if p != "TensorrtExecutionProvider"]
            names = " or ".join(needed) or "an execution provider"
            hint = f"; {INSTALL_HINT[device]}" if device in INSTALL_HINT else ""
            raise Unavailable(f"onnxruntime has no {names} for {device} (it has {', '.join(available)}){hint}")
    return wanted + ["CPUExecutionProvider"] * ("CPUExecutionProvider" not in wanted)


def provider_options(provider: str, device: Device, artifacts: Path) -> dict[str, str]:
    """Options per provider: run on torch's stream, cache TensorRT engines with the build, pick the GPU."""
    if provider == "CUDAExecutionProvider":
        import torch

        # On torch's stream, the device events around a step bracket ONNX Runtime's work too.
        # TF32 as torch's float32 matrix products have it (off unless the user turned it on):
        # ONNX Runtime's default, on, made BERT's outputs differ from eager torch's by 1e-3 of
        # their scale on an H200. Not every kernel follows the option (BERT at opset 23 still did,
        # docs/performance.md, "On a GPU"); only NVIDIA_TF32_OVERRIDE=0 reaches them, and it is
        # process-wide (torch's cuDNN convolutions too), so it is the user's to set, not benchit's.
        return {
            "device_id": str(torch.cuda.current_device()),
            "user_compute_stream": str(torch.cuda.current_stream().cuda_stream),
            "use_tf32": str(int(bool(torch.backends.cuda.matmul.allow_tf32))),
        }
    if provider == "TensorrtExecutionProvider":
        return {"trt_engine_cache_enable": "True", "trt_engine_cache_path": str(artifacts)}
    if provider == "OpenVINOExecutionProvider":
        return {"device_type": "GPU"}
    return {}


class OnnxRuntime(Runtime):
    name = "ort"
    devices = ("cpu", "cuda", "rocm", "xpu")
    description = "ONNX Runtime on the model exported with torch.onnx.export"
    precisions = ("fp32", "fp16", "bf16")
    identity_options = ("ort_provider", "onnx_exporter", "opset")

    def check(self, device: Device) -> None:
        super().check(device)
        _, ort = onnxfile.require_onnx()
        choose_providers(device.name, ort.get_available_providers(), self.options.get("ort_provider"))

    def versions(self) -> dict[str, str]:
        onnx, ort = onnxfile.require_onnx()
        return {"onnxruntime": ort.__version__, "onnx": onnx.__version__}

    def context(self) -> Any:
        import torch

        # The exporter traces the model; no_grad, not inference_mode, keeps its tensors ordinary.
        return torch.no_grad()

    def prepare(self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path) -> Prepared:
        exporter = self.options.get("onnx_exporter") or "dynamo"
        if self.options.get("opset"):
            return self._export_and_run(model, args, kwargs, device, artifacts, self.options["opset"])
        opset = onnxfile.default_opset(exporter)
        prepared = self._export_and_run(model, args, kwargs, device, artifacts, opset)
        fallback = onnxfile.FALLBACK_OPSET.get(exporter)
        if fallback is None or opset <= fallback:
            return prepared
        # The newest opset brings fused operators (Attention, ...) whose kernels in a given
        # onnxruntime may reject what the exporter wrote; try one step, and on failure use
        # the exporter's native opset instead of failing the model.
        try:
            prepared.step()
        except Exception as exc:  # noqa: BLE001 - any failure here means "try the older opset"
            older = self._export_and_run(model, args, kwargs, device, artifacts, fallback)
            older.info["opset_fallback"] = f"opset {opset} did not run: {one_line(exc)}"
            return older
        return prepared

    def _export_and_run(
        self, model: Any, args: tuple, kwargs: dict, device: Device, artifacts: Path, opset: int
    ) -> Prepared:
        path, export_facts = onnxfile.export_for(model, args, kwargs, artifacts, self.options, opset)
        variant = onnxfile.precision_of(model)
        try:
            prepared = self._run_file(path, named_inputs(model, args, kwargs), device, artifacts)
        except Exception as exc:
            if variant and _not_implemented(exc):
                raise Unavailable(
                    f"onnxruntime has no {device.name} kernel for an operator of this {variant} model: {one_line(exc)}"
                ) from None
            raise
        prepared.info.update(export_facts, onnx_file=str(path))
        return prepared

    def prepare_onnx(self, path: Path, inputs: dict[str, Any], device: Device, artifacts: Path) -> Prepared:
        return self._run_file(path, inputs, device, artifacts)

    def _run_file(self, path: Path, inputs: dict[str, Any], device: Device, artifacts: Path) -> Prepared:
        start = time.perf_counter()
        session = self._session(path, device, artifacts)
        session_s = time.perf_counter() - start
        info: dict[str, Any] = {
            **onnxfile.facts(path),
            "session_s": session_s,
            "provider": session.get_providers()[0],
            "ort_threads": session.get_session_options().intra_op_num_threads,
        }
        feeds = match_inputs([i.name for i in session.get_inputs()], inputs)
        if device.name == "cuda" and info["provider"] in ("CUDAExecutionProvider", "TensorrtExecutionProvider"):
            import torch

            step = _bound_step(session, feeds, "cuda", torch.cuda.current_device())
            info["io"] = "device"
        else:
            # Other providers read host memory; the copy to the device is part of each step.
            step = _host_step(session, feeds)
            info["io"] = "host"
        return Prepared(step=step, info=info)

    def _session(self, path: Path, device: Device, artifacts: Path) -> Any:
        _, ort = onnxfile.require_onnx()
        options = ort.SessionOptions()
        # --threads, as eager torch runs with, so that the comparison is like for like.
        options.intra_op_num_threads = self.threads
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        names = choose_providers(device.name, ort.get_available_providers(), self.options.get("ort_provider"))
        providers = [(name, provider_options(name, device, artifacts)) for name in names]
        return ort.InferenceSession(str(path), sess_options=options, providers=providers)


def _not_implemented(exc: BaseException) -> bool:
    text = str(exc)
    return "NOT_IMPLEMENTED" in text or "Could not find an implementation" in text


def _host_step(session: Any, feeds: dict[str, Any]) -> Any:
    import numpy as np

    host = {name: value if isinstance(value, np.ndarray) else value.cpu().numpy() for name, value in feeds.items()}
    return lambda: session.run(None, host)


def _bound_step(session: Any, feeds: dict[str, Any], where: str = "cuda", index: int = 0) -> Any:
    """Bind inputs and outputs in the memory of ``where`` (torch's and onnxruntime's name for the
    device, ``cuda`` or ``cpu``) so that a step copies nothing to or from the host."""
    import numpy as np
    import torch

    tensors = {
        name: (torch.from_numpy(value) if isinstance(value, np.ndarray) else value).to(where).contiguous()
        for name, value in feeds.items()
    }
    binding = session.io_binding()
    for name, tensor in tensors.items():
        element = torch.empty(0, dtype=tensor.dtype).numpy().dtype
        binding.bind_input(name, where, index, element, list(tensor.shape), tensor.data_ptr())
    for output in session.get_outputs():
        binding.bind_output(output.name, where, index)
    outputs = BoundOutputs(binding, tensors)

    def step() -> BoundOutputs:
        session.run_with_iobinding(binding)
        return outputs

    return step


class BoundOutputs:
    """A step's outputs, left where onnxruntime wrote them; copied to the host only when parity
    asks (``to_tuple``, which ``parity.flatten`` understands)."""

    def __init__(self, binding: Any, inputs: dict[str, Any]):
        self.binding = binding
        self.inputs = inputs  # the binding points into these tensors: keep them alive

    def to_tuple(self) -> tuple[Any, ...]:
        return tuple(self.binding.copy_outputs_to_cpu())


@hookimpl
def benchit_addoption(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("ort runtime")
    group.add_argument(
        "--opset",
        type=int,
        default=None,
        help="ONNX opset to export (default: the newest both the exporter and onnxruntime support)",
    )
    group.add_argument(
        "--onnx-exporter",
        choices=("dynamo", "torchscript"),
        default="dynamo",
        help="torch.onnx.export path (default dynamo)",
    )
    group.add_argument(
        "--ort-provider",
        default=None,
        metavar="NAME",
        help="force one execution provider, e.g. CUDAExecutionProvider (default: chosen by device)",
    )


@hookimpl
def benchit_preload(runtimes: list[str]) -> list[str]:
    # The exporter's stack (onnxscript, onnx_ir), torch.export's (the dynamo exporter's first step,
    # about 2 s of imports) and onnxruntime: once in the warm worker, not in each script's process.
    if OnnxRuntime.name not in runtimes:
        return []
    return [
        "onnx",
        "onnxruntime",
        "onnxscript",
        "torch.onnx._internal.exporter._core",
        "torch.export._trace",
        "benchit.backends.runtimes.onnx_warm",
    ]


@hookimpl
def benchit_runtimes() -> list[type[Runtime]]:
    return [OnnxRuntime]
