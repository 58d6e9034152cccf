"""The checks of records read back from a file (hand-edited, foreign, or written by another version): which fields are wrong, and why."""

from __future__ import annotations

import enum
import math
from collections.abc import Callable
from typing import Any

from benchit.naming import safe_component
from benchit.numeric import MAX_MAGNITUDE, finite_number

try:
    import orjson as _orjson
except ImportError:  # an optional speed-up
    _orjson = None  # type: ignore[assignment]


Check = Callable[[Any], bool]
Fields = dict[str, tuple[Check, bool]]  # field: (its check, whether null is allowed)


class RecordError(ValueError):
    """A record read back from a file has fields that are missing or of the wrong type."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{name}: {why}" for name, why in problems))
        self.problems = problems  # (field, why): ``invocation.params`` names a field inside a field


# Each check's reason, as a warning shows it; a check of one of an enum's values says its own.
_WHY: dict[Check, str] = {}
_ENUMS: set[Check] = set()
# The types every value of which (of that very type, not a subclass) a check passes: ``problems``
# passes such a value without calling the check.
_PASSES: dict[Check, frozenset[type]] = {}


def check(why: str, passes: tuple[type, ...] = ()) -> Callable[[Check], Check]:
    """Declare a check and the reason a field that fails it is shown with; ``passes``: types whose
    every value passes it (``str`` for ``text``)."""

    def declare(function: Check) -> Check:
        _WHY[function] = why
        _PASSES[function] = frozenset(passes)
        return function

    return declare


def one_of(kind: type[enum.Enum], why: str) -> Check:
    """The check of a string that is one of ``kind``'s values (a status, a verdict)."""
    known = kind._value2member_map_

    def member(value: Any) -> bool:
        return isinstance(value, str) and value in known

    _ENUMS.add(member)
    return check(why)(member)


@check("not a string", passes=(str,))
def text(value: Any) -> bool:
    return isinstance(value, str)


@check("not a finite number of sane magnitude")
def number(value: Any) -> bool:
    """A finite number of sane magnitude (never a flag): ``numeric.finite_number``."""
    return finite_number(value)


@check("not an integer of sane magnitude")
def integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_MAGNITUDE


@check("not a string, number or flag", passes=(str, bool))
def scalar(value: Any) -> bool:
    """A string, a flag or a number (as ``number``): what a table cell may hold."""
    return isinstance(value, (str, bool)) or number(value)


@check("not a list of plain names (no separator, no '..')")
def names(value: Any) -> bool:
    return isinstance(value, list) and all(safe_component(v) for v in value)


@check("not a plain name (no separator, no '..')")
def name(value: Any) -> bool:
    return safe_component(value)


@check("not a list of finite numbers")
def numbers(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    # A result keeps hundreds of samples: a list of floats only is checked at C speed (a nan or
    # an infinity makes the sum of magnitudes not finite, and a sum that overflows takes the slow way).
    if _only(value, float) and math.isfinite(total := sum(map(abs, value))):
        return total <= MAX_MAGNITUDE or max(map(abs, value)) <= MAX_MAGNITUDE
    return all(number(v) for v in value)


@check("not a list of integers")
def integers(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    if _only(value, int):  # exactly int: never a flag
        return not value or max(map(abs, value)) <= MAX_MAGNITUDE
    return all(integer(v) for v in value)


def _only(values: list[Any], kind: type) -> bool:
    """Whether every item of ``values`` is exactly of type ``kind`` (subclasses, such as bool, are not)."""
    return set(map(type, values)) <= {kind}


@check("not true or false", passes=(bool,))
def flag(value: Any) -> bool:
    return isinstance(value, bool)


@check("not a list of strings")
def texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


@check("not an object", passes=(dict,))
def obj(value: Any) -> bool:
    return isinstance(value, dict)


@check("not a list of objects")
def objects(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, dict) for v in value)


@check("not an object of strings")
def strings(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


@check("not an object of string lists")
def labels(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and texts(v) for k, v in value.items())


@check("not an object of strings")
def error(value: Any) -> bool:
    return isinstance(value, dict) and all(v is None or isinstance(v, str) for v in value.values())


_NEVER_HUGE = frozenset({float, str, bool, type(None)})


def huge_numbers(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """``(field, why)`` for the first integer anywhere in ``value`` too large to be a float
    (``10**400``): any arithmetic on it, even ``x / 2``, would overflow."""
    if _orjson is not None and isinstance(value, (dict, list)):
        # orjson writes JSON's values, at C speed, and refuses an integer past 64 bits: what it
        # writes holds none too large. What it refuses is walked, to find which and where.
        try:
            _orjson.dumps(value)
            return []
        except TypeError:
            pass
    return _huge_numbers(value, prefix)


def _huge_numbers(value: Any, prefix: str) -> list[tuple[str, str]]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [] if abs(value) <= 2**1000 else [(prefix.rstrip(".") or "record", "a number too large")]
    if isinstance(value, list) and value:  # kept samples and their rounds: checked at C speed
        if _only(value, float) or (_only(value, int) and max(map(abs, value)) <= 2**1000):
            return []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if item.__class__ in _NEVER_HUGE or (item.__class__ is int and -(2**1000) <= item <= 2**1000):
            continue
        found = _huge_numbers(item, f"{prefix}{key}.")
        if found:
            return found
    return []


def fields(*groups: tuple[Check, bool, tuple[str, ...]]) -> Fields:
    """A record's fields: groups of (check, whether null is allowed, field names)."""
    return {name: (check, optional) for check, optional, names in groups for name in names}


Rule = tuple[frozenset[type], Check, bool]  # the types that pass at once, the check, whether null is allowed
_RULES: dict[int, tuple[Fields, dict[str, Rule]]] = {}


def _rules(fields: Fields) -> dict[str, Rule]:
    """``fields`` with each check's types that pass at once (``None``'s too where null is allowed),
    made once for each ``Fields`` (they are constants, made by ``fields``)."""
    made = _RULES.get(id(fields))
    if made is not None and made[0] is fields:
        return made[1]
    rules = {
        name: (_PASSES.get(check, frozenset()) | ({type(None)} if optional else set()), check, optional)
        for name, (check, optional) in fields.items()
    }
    _RULES[id(fields)] = (fields, rules)
    return rules


def problems(data: Any, fields: Fields, prefix: str = "") -> list[tuple[str, str]]:
    """``(field, why)`` for each field of ``data`` whose value has the wrong type (absent fields
    pass), in the fields' order."""
    if not isinstance(data, dict):
        return [(prefix.rstrip(".") or "record", "not an object")]
    rules = _rules(fields)
    bad = None
    # The fields present only (``info`` and ``environment`` have a few of many); a value of a type
    # that always passes its check (most of a record's) is not checked further.
    for name, value in data.items():
        rule = rules.get(name)
        if rule is None or value.__class__ in rule[0]:
            continue
        if rule[1](value) or (rule[2] and value is None):
            continue
        bad = [name] if bad is None else [*bad, name]
    if bad is None:
        return []
    return [(prefix + name, why(check, data[name])) for name, (check, _) in fields.items() if name in bad]


def why(check: Check, value: Any) -> str:
    """Why ``value`` fails ``check``, as a warning says it."""
    if check in _ENUMS and not isinstance(value, str):
        return _WHY[text]  # a status is a string first, then one of the known ones
    return _WHY.get(check, "not one of the known values")
