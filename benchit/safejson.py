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
# orjson reads a cache's records ten times as fast as json, to the same values, and refuses what
# json reads differently from it, except integers past 64 bits (it makes them floats): a text with
# 19 digits in a row (10**18 and above; a float's text has at most 17) is left to json. Found by
# mapping every digit to 0 and anything else to a space: a tenth of a regular expression's time.
_DIGITS = bytes(0x30 if 0x30 <= i <= 0x39 else 0x20 for i in range(256))
_LONG_NUMBER = b"0" * 19
try:
    import orjson as _orjson
except ImportError:  # an optional speed-up: json alone reads the same
    _orjson = None  # type: ignore[assignment]

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
    if _orjson is not None and _LONG_NUMBER not in data.translate(_DIGITS):
        try:
            return _orjson.loads(data)
        except _orjson.JSONDecodeError:
            pass  # what it refuses (nan, a lone surrogate, a byte-order mark), json reads or refuses as always
    try:
        return json.loads(data)
    except RecursionError:  # cannot happen below MAX_DEPTH; kept so no input reaches a traceback
        raise JSONBoundError("nested too deeply") from None
