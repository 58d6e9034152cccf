"""Reuse-or-rebuild of a runtime's artifact (an exported or converted model) keyed on the model's weights."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchit.fs import write_json

# Artifacts built by this process: ``--rebuild always`` rebuilds once per run, not once per device.
_built_here: set[Path] = set()


def fingerprint(model: Any) -> str:
    """A cheap digest of the model's weights (names, shapes, dtypes and a strided sample of
    values): an artifact is reused only for the model it was built from."""
    import torch

    digest = hashlib.sha1()
    with torch.no_grad():
        for name, tensor in model.state_dict().items():
            if not isinstance(tensor, torch.Tensor):  # a quantized layer's packed parameters
                digest.update(f"{name}:{type(tensor).__name__};".encode())
                continue
            digest.update(f"{name}:{tuple(tensor.shape)}:{tensor.dtype};".encode())
            flat = (tensor.int_repr() if tensor.is_quantized else tensor).detach().reshape(-1)
            if flat.numel() and not flat.is_complex():
                sample = flat[:: max(1, flat.numel() // 64)][:64].to("cpu", torch.float64)
                digest.update(sample.numpy().tobytes())
    return digest.hexdigest()


@dataclass(frozen=True)
class Built:
    """An artifact in place: its path, whether an earlier build was reused, and how long the
    build took (the earlier build's time when reused)."""

    path: Path
    reused: bool
    build_s: float | None


def reuse_or_build(path: Path, key: dict[str, Any], build: Callable[[Path], None], rebuild: str = "if_needed") -> Built:
    """``path`` as built by ``build`` for ``key`` (JSON-safe: the weights' ``fingerprint``, library
    versions, settings), reusing an earlier build whose stamp (``path`` with suffix ``.json``)
    has the same key unless ``rebuild`` is ``always``.

    ``build(target)`` writes the artifact to ``target`` (and any companion files, such as
    external data or OpenVINO's ``.bin``, beside it) in a private staging folder; the files are
    then moved into ``path``'s folder, companions first and the stamp last, so that a reader never
    sees a half-written artifact. The staging folder's name starts with a dot: benchit never copies
    dotfiles back into the cache."""
    stamp = path.with_suffix(".json")
    reuse = rebuild != "always" or path in _built_here
    if reuse and path.is_file():
        previous = _read_json(stamp)
        if previous.get("key") == key:
            # Stamps written before this helper (the ONNX export's) call it ``export_s``.
            return Built(path, True, previous.get("build_s", previous.get("export_s")))
    path.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".build-", dir=path.parent))
    try:
        start = time.perf_counter()
        build(staging / path.name)
        seconds = time.perf_counter() - start
        for item in sorted(staging.iterdir(), key=lambda p: p.name == path.name):
            os.replace(item, path.parent / item.name)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    write_json(stamp, {"key": key, "build_s": seconds})
    _built_here.add(path)
    return Built(path, False, seconds)


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}
