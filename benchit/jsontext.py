"""``json.dumps(value, indent=N)``'s very text, written faster: with an indent, ``json`` encodes in
Python through a generator per object and list; here each object and list is one ``str.join``,
its strings encoded by ``json``'s own C function."""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from typing import Any


class _Unusual(Exception):
    """A value or key this writer leaves to ``json`` (a float, a key that is not a string, ...)."""


def dumps(value: Any, indent: int = 1) -> str:
    """``json.dumps(value, indent=indent)`` (ASCII, keys unsorted, NaN allowed), the same text."""
    try:
        return _value(value, "\n", " " * indent)
    except _Unusual:
        return json.dumps(value, indent=indent)


def _value(value: Any, newline: str, step: str) -> str:
    """``value`` at the depth whose line starts with ``newline`` (a newline and the indent)."""
    if isinstance(value, str):
        return encode_basestring_ascii(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return int.__repr__(value)
    inner = newline + step
    if isinstance(value, dict):
        if not value:
            return "{}"
        for key in value:
            if not isinstance(key, str):
                raise _Unusual
        items = [
            inner
            + encode_basestring_ascii(k)
            + ": "
            + (encode_basestring_ascii(v) if v.__class__ is str else _value(v, inner, step))
            for k, v in value.items()
        ]  # most values are strings: encoded without a call of _value
        return "{" + ",".join(items) + newline + "}"
    if isinstance(value, (list, tuple)):
        if not value:
            return "[]"
        return (
            "["
            + ",".join(
                [inner + (encode_basestring_ascii(v) if v.__class__ is str else _value(v, inner, step)) for v in value]
            )
            + newline
            + "]"
        )
    raise _Unusual  # a float (``json`` has its own text for nan and infinities), or what json refuses
