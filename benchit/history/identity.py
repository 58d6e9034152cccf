"""What a series is: the one definition of which results are the same measurement over time."""

from __future__ import annotations

import hashlib
import json
from typing import Any

# The identity's fields, in the order its key hashes them.
FIELDS = (
    "script",
    "invocation",
    "script_args",
    "device",
    "runtime",
    "precision",
    "machine",
    "mode",
    "runtime_options",
)


def series_identity(
    result: dict[str, Any], script: str, invocation: str, script_args: tuple[str, ...]
) -> dict[str, Any]:
    """The series a result (``Result.to_dict()``) of a build belongs to: the script (its path below its
    search folder) and build (invocation and script arguments) x device x runtime x precision x
    machine, and the mode and runtime options (fields a result gains where a runtime or training
    records them: read with defaults, so results without them stay in their series)."""
    machine = result.get("machine") or {}
    return {
        "script": script,
        "invocation": invocation,
        "script_args": " ".join(script_args),
        "device": str(result.get("device") or ""),
        "runtime": str(result.get("runtime") or ""),
        "precision": str(result.get("precision") or "fp32"),
        "machine": str(machine.get("id") or ""),
        "mode": str(result.get("mode") or "eval"),
        "runtime_options": dict(result.get("runtime_options") or {}),
    }


def series_key(identity: dict[str, Any]) -> str:
    """A stable digest of an identity: the series' unique key in the database."""
    text = json.dumps([identity[f] for f in FIELDS], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()
