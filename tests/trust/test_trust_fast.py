"""The fast ways of reading a cache answer as the plain ones: orjson or json in ``safejson.loads``, and
the checks of long lists of numbers (kept samples) at C speed in ``fieldcheck``."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from benchit import fieldcheck, safejson

TEXTS = [
    b"[NaN]", b"[Infinity, -Infinity]", b"[1e400, -1e400]", b'{"a": 1, "a": 2}',
    b"[123456789012345678901234567890]", b"[-1234567890123456789]", b"[9223372036854775807, 18446744073709551616]",
    b"[999999999999999999, 1000000000000000000]", b'"\\ud800"', b"\xef\xbb\xbf[1]", b'"\xff"',
    b"[-0, -0.0, 0.1, 1e-7, 5e-324, 1.7976931348623157e308, 0.12345678901234567890123]",
    '{"\u00e9": "\\u00e9\\n\\"", "k": "\U0001f600"}'.encode(), b'{"a": [1, 2.5, true, false, null]}',
    b"[1,]", b'{"a" 1}', b"", b"   ", b'"\x01"', b"[" * 70 + b"]" * 70, b"  [1]  ", b"[1] x", b"01", b"1.", b".5",
    "[1]".encode("utf-16"), b'{"digest": "3a94512345678901234567890abc"}', b"[1E5, 1e+5, 2E-3]",
]  # fmt: skip


def _read(raw: bytes) -> str:
    """What ``safejson.loads`` gives, written exactly (types, signs, nan), or the error it raises."""
    try:
        return repr(safejson.loads(raw))
    except ValueError as exc:
        return f"{type(exc).__name__}"


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return rng.choice([0, -1, 7, 2**53 + 1, 10**18 - 1, 10**18, -(10**19), 2**64, 10**30, 10**400])
    if kind == 1:
        return (
            rng.choice([0.0, -0.0, 1e-320, 1e300, float("nan"), float("inf")])
            if rng.random() < 0.2
            else rng.lognormvariate(0, 8) * rng.choice([1, -1])
        )
    if kind == 2:
        return "".join(
            rng.choice(["a", "é", "\\", '"', "\n", "\x00", "\ud83d", "\U0001f600", "0123456789" * 2])
            for _ in range(rng.randrange(6))
        )
    if kind == 3:
        return rng.choice([True, False, None])
    if kind in (4, 5):
        return [rng.random() * 100 for _ in range(rng.randrange(300))]
    if kind in (6, 7):
        return {f"k{rng.randrange(5)}": _value(rng, depth + 1) for _ in range(rng.randrange(6))}
    return [_value(rng, depth + 1) for _ in range(rng.randrange(5))]  # fmt: skip


def _texts(rng: random.Random, n: int) -> list[bytes]:
    found = list(TEXTS)
    for _ in range(n):
        value = _value(rng)
        text = json.dumps(value, indent=rng.choice([None, 1]), ensure_ascii=rng.random() < 0.5)
        raw = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.2 and raw:  # and damaged: a byte changed
            i = rng.randrange(len(raw))
            raw = raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1 :]
        found.append(raw)
    return found


def test_orjson_reads_what_json_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("orjson")
    assert safejson._orjson is not None
    texts = _texts(random.Random(11), 400)
    fast = [_read(raw) for raw in texts]
    monkeypatch.setattr(safejson, "_orjson", None)
    plain = [_read(raw) for raw in texts]
    for raw, a, b in zip(texts, fast, plain, strict=True):
        assert a == b, raw[:200]


def _huge_one_by_one(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """``fieldcheck.huge_numbers`` as it was, item by item."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [] if abs(value) <= 2**1000 else [(prefix.rstrip(".") or "record", "a number too large")]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _huge_one_by_one(item, f"{prefix}{key}.")
        if found:
            return found
    return []


LISTS = [
    [], [1.0, 2.5], [1.0, float("nan")], [float("inf")], [-float("inf"), 1.0], [1e300, 1e300], [1e308, 1e308, -1e308],
    [1e17, 2e18], [-1e19], [1.0e18], [1, 2.0], [True], [1, True], [1, 2], [10**18], [10**18 + 1], [-(10**19)],
    [10**400], [2**1000, 1], [2**1000 + 1], [1.0, "x"], ["x"], [None], [[1.0]], [0, -0.0], [1e-320],
]  # fmt: skip


@pytest.mark.parametrize("value", LISTS, ids=range(len(LISTS)))
def test_list_checks_answer_as_item_by_item(value: list[Any]) -> None:
    assert fieldcheck.numbers(value) == all(fieldcheck.number(v) for v in value)
    assert fieldcheck.integers(value) == all(fieldcheck.integer(v) for v in value)
    assert fieldcheck.huge_numbers(value) == _huge_one_by_one(value)
    record = {"stats": {"samples_ms": value, "n": 3}, "x": [value, {"y": value}]}
    assert fieldcheck.huge_numbers(record) == _huge_one_by_one(record)
