"""How benchit names what it writes: safe file names, script keys, builds, measurements, artifact references."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path, PurePosixPath
from typing import Any

_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")
# A name that lies in one folder of the cache: a build, an artifact. One path component: no
# separator, never ``.`` or ``..`` (nor hidden), no control character.
_COMPONENT = re.compile(r"[A-Za-z0-9_+-][A-Za-z0-9_.+-]{0,199}")
# A result's ``info`` string that names a file of its build's artifacts folder starts with this
# (the folder's path relative to the build's folder); the store resolves it to a path when reading.
ARTIFACTS = "artifacts/"
# What results carried instead before ``ARTIFACTS`` (in worker messages only).
_PLACEHOLDER = "<artifacts>/"


def safe_name(text: str, limit: int = 80) -> str:
    """A file name made from ``text`` that cannot leave its directory: no separators, no
    ``..``, no control characters, never empty, never hidden."""
    name = _UNSAFE.sub("_", text).strip("._") or "unnamed"
    return name[:limit]


def safe_component(name: Any) -> bool:
    """Whether ``name`` is a single path component that cannot leave its folder (see ``safe_name``)."""
    return isinstance(name, str) and _COMPONENT.fullmatch(name) is not None


def script_key(path: Path, script_args: tuple[str, ...] | list[str] = ()) -> str:
    """The cache key of a script run: its name plus a digest of its absolute path, plus a digest
    of the script args when there are any (each set of args is resumed on its own)."""
    digest = hashlib.sha1(str(path.resolve()).encode()).hexdigest()[:8]
    if not script_args:
        return f"{safe_name(path.stem)}-{digest}"
    args = hashlib.sha1(json.dumps(list(script_args)).encode()).hexdigest()[:6]
    return f"{safe_name(path.stem)}-{digest}-a{args}"


def key_build_name(key: str, invocation_hash: str) -> str:
    """``<script-key>_<hash>``, the build of invocation ``invocation_hash`` of the script run ``key``:
    the script key keeps two scripts of the same name in different folders from sharing (and
    overwriting) one build, and two sets of script args apart."""
    return f"{key}_{safe_name(invocation_hash)}"


def measurement_key(
    device: str, runtime: str, precision: str = "fp32", mode: str = "eval", options_tag: str = ""
) -> str:
    """The name of one measurement of a build, and its result file's stem: ``cpu-torch``,
    ``cpu-torch-bf16``, for the train step ``cpu-torch-train``, ``cpu-torch-bf16-train`` (eval, the
    default mode, adds nothing, so that older caches keep their names), and last the ``options_tag``
    of non-default runtime options: ``cpu-torch-compile-o1a2b3c4d``."""
    mode_suffix = "" if mode in ("", "eval") else f"-{mode}"
    return f"{device}-{runtime}{precision_suffix(precision)}{mode_suffix}{options_tag}"


def options_tag(options: dict[str, str]) -> str:
    """What a measurement's name gains for runtime options that differ from their defaults: nothing
    when none do, else ``-o`` and 8 hex digits of a digest of the sorted options (stable across runs)."""
    if not options:
        return ""
    text = json.dumps(sorted((str(k), str(v)) for k, v in options.items()))
    return "-o" + hashlib.sha256(text.encode()).hexdigest()[:8]


def options_text(options: dict[str, str]) -> str:
    """Runtime options for people and report cells: ``compile_backend=aot_eager,compile_mode=...``."""
    return ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def precision_suffix(precision: str) -> str:
    """What a measurement's name gains for ``precision``: nothing for fp32 (the default), else ``-<precision>``."""
    return "" if precision in ("", "fp32") else f"-{precision}"


def artifact_reference(relative: str) -> str:
    """How a result names a file of its build's artifacts folder (``relative`` to that folder):
    ``artifacts/model.onnx``, relative to the build, wherever the cache lies."""
    return ARTIFACTS + relative


def artifact_parts(value: Any, build: str) -> tuple[str, ...] | None:
    """The path below build ``build``'s artifacts folder that an ``info`` value names, or None when
    it names none: an ``artifact_reference``, the placeholder workers sent before it, or the
    absolute path into a cache's ``builds/<build>/artifacts/`` that results held before that."""
    if not isinstance(value, str) or not value.startswith((ARTIFACTS, _PLACEHOLDER, "/")):
        return None
    if value.startswith(ARTIFACTS):
        parts: tuple[str, ...] = tuple(value[len(ARTIFACTS) :].split("/"))
    elif value.startswith(_PLACEHOLDER):
        parts = tuple(value[len(_PLACEHOLDER) :].split("/"))
    else:
        path = PurePosixPath(value)
        names = path.parts
        if not path.is_absolute() or "artifacts" not in names:
            return None
        at = len(names) - 1 - names[::-1].index("artifacts")
        if at < 3 or names[at - 1] != build or names[at - 2] != "builds":
            return None
        parts = names[at + 1 :]
    return parts if parts and all(safe_component(p) for p in parts) else None
