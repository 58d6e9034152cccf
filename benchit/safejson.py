"""JSON read with bounds: a size and a nesting depth, checked before the parser sees the text."""

from __future__ import annotations

import json
import re
from typing import Any

# Deeper than anything benchit writes (a result with parity statistics is 5 levels), far below
# the depth at which the parser or the code walking the data would exhaust Python's stack.
MAX_DEPTH = 64
MAX_RECORD_BYTES = 16 * 2**20  # a cache record (results keep a few hundred samples: some kB)

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(rb"[\[\]{}]")


class JSONBoundError(ValueError):
    """The text is larger or nested deeper than allowed."""


def depth(raw: bytes) -> int:
    """The deepest nesting of arrays and objects in ``raw``, brackets inside strings not counted."""
    deepest = level = 0
    for bracket in _BRACKETS.findall(_STRING.sub(b"", raw)):
        if bracket in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def loads(raw: bytes | str, max_bytes: int = MAX_RECORD_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` of ``raw``, refusing (``JSONBoundError``) more than ``max_bytes`` or a
    nesting deeper than ``max_depth``; a malformed text is a ``ValueError`` as usual."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > max_bytes:
        raise JSONBoundError(f"{len(data)} bytes, over the limit of {max_bytes}")
    if data.count(b"[") + data.count(b"{") > max_depth:  # most texts are too shallow to need the scan
        found = depth(data)
        if found > max_depth:
            raise JSONBoundError(f"nested {found} levels deep, over the limit of {max_depth}")
    try:
        return json.loads(data)
    except RecursionError:  # cannot happen below MAX_DEPTH; kept so no input reaches a traceback
        raise JSONBoundError("nested too deeply") from None
