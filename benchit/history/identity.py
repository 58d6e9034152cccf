"""What a series is: the one definition of which results are the same measurement over time."""

from __future__ import annotations

import hashlib
import json
import math
import re
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
    return hashlib.sha256(canonical([identity[f] for f in FIELDS]).encode()).hexdigest()


# A string json.dumps writes as it is between its quotes (ensure_ascii): printable ASCII, less
# the quote and the backslash.
_PLAIN = re.compile(r"[\x20\x21\x23-\x5b\x5d-\x7e]*")


def canonical(data: Any) -> str:
    """``json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)``: the text the
    history's digests are made of, which must never change from one benchit to the next. A flat
    list of plain strings, finite floats, None and empty dicts (a series' identity, a result's
    moment) is written here, to the same text, a few times as fast; anything else by json."""
    if type(data) is list:
        parts = []
        for item in data:
            kind = type(item)
            if kind is str and _PLAIN.fullmatch(item):
                parts.append(f'"{item}"')
            elif kind is float and math.isfinite(item):
                parts.append(repr(item))  # json writes a float as its repr
            elif item is None:
                parts.append("null")
            elif kind is dict and not item:
                parts.append("{}")
            else:
                break
        else:
            return "[" + ",".join(parts) + "]"
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
