"""Field checks for the records read back from a cache: what a hand-edited or foreign file got wrong."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _object(value: Any) -> bool:
    return isinstance(value, dict)


def _labels(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and _texts(v) for k, v in value.items())


def _error(value: Any) -> bool:
    return isinstance(value, dict) and all(v is None or isinstance(v, str) for v in value.values())


def _stats(value: Any) -> bool:
    """Numbers and flags, and the kept samples: a list of numbers."""
    return isinstance(value, dict) and all(
        _number(v) or _flag(v) or (isinstance(v, list) and all(_number(x) for x in v)) for v in value.values()
    )


def _optional(check: Check) -> Check:
    return lambda value: value is None or check(value)


_SAY = {
    _text: "not a string",
    _number: "not a number",
    _integer: "not an integer",
    _flag: "not true or false",
    _texts: "not a list of strings",
    _object: "not an object",
    _labels: "not an object of string lists",
    _error: "not an object of strings",
    _stats: "not an object of numbers (and lists of numbers)",
}

SCRIPT: dict[str, tuple[Check, Check]] = {
    name: (check, base)
    for base, optional, names in [
        (_text, False, ("script", "key", "digest", "benchit_version", "status", "relative_path")),
        (_texts, False, ("builds", "hashes", "script_args", "devices", "runtimes")),
        (_labels, False, ("labels",)),
        (_flag, False, ("analyze_only",)),
        (_integer, False, ("results", "failed_results")),
        (_error, True, ("error",)),
        (_number, True, ("timeout_s", "started", "finished", "duration_s")),
        (_integer, True, ("memory_limit_bytes", "pid", "peak_rss_bytes")),
    ]
    for name in names
    for check in [_optional(base) if optional else base]
}
RESULT: dict[str, tuple[Check, Check]] = {
    name: (check, base)
    for base, optional, names in [
        (_text, False, ("device", "runtime", "status")),
        (_object, False, ("info", "environment")),
        (_text, True, ("error", "script_digest")),
        (_stats, True, ("stats",)),
        (_object, True, ("parity", "machine")),
        (_number, True, ("throughput_per_s", "finished")),
    ]
    for name in names
    for check in [_optional(base) if optional else base]
}
BUILD: dict[str, tuple[Check, Check]] = {
    name: (check, base)
    for base, names in [
        (_text, ("build_name", "script", "script_key", "script_digest")),
        (_labels, ("labels",)),
        (_object, ("invocation",)),
    ]
    for name in names
    for check in [base]
}
INVOCATION: dict[str, tuple[Check, Check]] = {
    name: (check, check)
    for check, names in [
        (_text, ("hash", "model_class", "input_shapes", "call_site")),
        (_integer, ("params", "batch_size", "call_count")),
    ]
    for name in names
}


def problems(record: dict[str, Any], fields: dict[str, tuple[Check, Check]]) -> list[tuple[str, str]]:
    """``(field, why)`` for each field of ``record`` whose value has the wrong type."""
    return [(name, _SAY[base]) for name, (check, base) in fields.items() if name in record and not check(record[name])]


def check_script(record: dict[str, Any]) -> list[tuple[str, str]]:
    return problems(record, SCRIPT)


def check_result(record: dict[str, Any]) -> list[tuple[str, str]]:
    missing = [(name, "missing") for name in ("device", "runtime", "status") if name not in record]
    return missing + problems(record, RESULT)


def check_build(record: dict[str, Any]) -> list[tuple[str, str]]:
    found = problems(record, BUILD)
    invocation = record.get("invocation")
    if isinstance(invocation, dict):
        found += [(f"invocation.{name}", why) for name, why in problems(invocation, INVOCATION)]
    return found
