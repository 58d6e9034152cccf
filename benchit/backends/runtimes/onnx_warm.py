"""Preloaded by the warm worker for ``ort`` (``onnxruntime.benchit_preload``): the ONNX exporter's
first table of operators, built once before the worker forks the scripts.

The exporter builds its registry of torchlib functions at every export, and the first build in a
process costs about 0.15 s more than the next (importing torchlib's operators, resolving each
torch operator it names); a forked script inherits both."""

from __future__ import annotations

from torch.onnx._internal.exporter import _registration

_registration.ONNXRegistry.from_torchlib()
