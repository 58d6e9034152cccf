"""Reading a suite file (YAML: include, inherits, matrix, exclude) into checked entries.

A suite maps entry names to settings; names starting with ``_`` are templates that other
entries ``inherits`` and never run. Every value is checked as it is read, so an error names
the file and line it came from. See docs/suites.md for the format.
"""

from __future__ import annotations

import difflib
import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from benchit import options
from benchit.errors import UsageError
from benchit.options import Option
from benchit.parser import STANDARD_PARAMS
from benchit.text import parse_memory_size

# Matrix dimensions that are not script parameters: each replaces the entry's option of that name.
MEASUREMENT_DIMENSIONS = ("device", "runtime", "precision")


class SuiteError(UsageError):
    """A suite file is wrong; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class Setting:
    """One value read from a suite file, and where: errors found later can still point there."""

    value: Any
    where: str


@dataclass
class Entry:
    """One runnable entry of a suite, after include and inherits: settings by key."""

    name: str
    where: str
    settings: dict[str, Setting] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        setting = self.settings.get(key)
        return default if setting is None else setting.value


# -- reading values ---------------------------------------------------------------------------


def closest(name: str, choices: Any) -> str:
    found = difflib.get_close_matches(name, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {found[0]!r}?)" if found else ""


class _Reader:
    """Turns the YAML nodes of one file into checked values."""

    def __init__(self, path: Path):
        self.path = path
        self.name = _display(path)
        self.constructor = yaml.constructor.SafeConstructor()

    def where(self, node: yaml.Node) -> str:
        return f"{self.name}:{node.start_mark.line + 1}"

    def fail(self, node: yaml.Node, message: str) -> SuiteError:
        return SuiteError(f"{self.where(node)}: {message}")

    def scalar(self, node: yaml.Node, key: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"{key!r} must be a single value, not a {_kind(node)}")
        return self.constructor.construct_object(node)

    def mapping(self, node: yaml.Node, key: str) -> list[tuple[str, yaml.Node, yaml.Node]]:
        """The (name, key node, value node) items of a mapping; duplicate keys are an error."""
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{key!r} must be a mapping (name: value lines), not a {_kind(node)}")
        items, seen = [], set()
        for key_node, value_node in node.value:
            name = self.scalar(key_node, key)
            if not isinstance(name, str):
                raise self.fail(key_node, f"keys of {key!r} must be names, got {name!r}")
            if name in seen:
                raise self.fail(key_node, f"{name!r} appears twice in {key!r}")
            seen.add(name)
            items.append((name, key_node, value_node))
        return items

    def strings(self, node: yaml.Node, key: str, split: bool = False) -> list[str]:
        """A list of strings; a single string is accepted too, and with ``split`` a comma-separated one."""
        values = node.value if isinstance(node, yaml.SequenceNode) else [node]
        found = []
        for item in values:
            value = self.scalar(item, key)
            if not isinstance(value, str) or not value.strip():
                raise self.fail(item, f"{key!r} takes names (strings), got {value!r}")
            found += [v.strip() for v in value.split(",")] if split else [value]
        if not found:
            raise self.fail(node, f"{key!r} is empty")
        return found

    def paths(self, node: yaml.Node, key: str) -> list[str]:
        """Paths are relative to the folder of the file that names them."""
        return [str(self.path.parent / p) if not os.path.isabs(p) else p for p in self.strings(node, key)]

    def search_dirs(self, node: yaml.Node, key: str) -> list[str]:
        """Folders, relative to the file that names them; a bare name with no such folder beside
        the file stays a name, looked up among the corpora when the scan is planned (``selftest``)."""
        return [
            p if os.sep not in p and p not in (".", "..") and not (self.path.parent / p).is_dir() else path
            for p, path in zip(self.strings(node, key), self.paths(node, key), strict=True)
        ]

    def number(
        self, node: yaml.Node, key: str, kind: type = float, zero: bool = False, maximum: float = options.MAX_FLOAT
    ) -> Any:
        value = self.scalar(node, key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and isinstance(value, float)):
            raise self.fail(node, f"{key!r} must be {'an integer' if kind is int else 'a number'}, got {value!r}")
        if not math.isfinite(value):  # YAML's .nan and .inf: a NaN timeout would never expire
            raise self.fail(node, f"{key!r} must be a finite number, got {value!r}")
        if value < 0 or (value == 0 and not zero):
            raise self.fail(node, f"{key!r} must be greater than {'or equal to ' if zero else ''}0, got {value!r}")
        if value > maximum:
            raise self.fail(node, f"{key!r} must be at most {maximum:g}, got {value!r}")
        return kind(value)


def _kind(node: yaml.Node) -> str:
    kinds: dict[type[yaml.Node], str] = {yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}
    return kinds.get(type(node), "single value")


def _display(path: Path) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:
        return str(path)
    return relative if not relative.startswith("..") else str(path)


# -- the keys of an entry ---------------------------------------------------------------------

Check = Callable[[_Reader, yaml.Node, str], Any]


def _string(r: _Reader, node: yaml.Node, key: str) -> str:
    value = r.scalar(node, key)
    if not isinstance(value, str):
        raise r.fail(node, f"{key!r} must be a string, got {value!r}")
    return value


def _bool(r: _Reader, node: yaml.Node, key: str) -> bool:
    value = r.scalar(node, key)
    if not isinstance(value, bool):
        raise r.fail(node, f"{key!r} must be true or false, got {value!r}")
    return value


def _size(r: _Reader, node: yaml.Node, key: str) -> int:
    value = r.scalar(node, key)
    try:
        return parse_memory_size(str(value))
    except ValueError:
        raise r.fail(node, f"{key!r} takes a size like 4G or 512M, got {value!r}") from None


def _choice(choices: tuple[str, ...]) -> Check:
    def check(r: _Reader, node: yaml.Node, key: str) -> str:
        value = r.scalar(node, key)
        if value not in choices:
            raise r.fail(node, f"{key!r} must be one of {', '.join(choices)}, got {value!r}")
        return value

    return check


def _reader(option: Option) -> Check:
    """How a suite gives ``option``'s value: the checks of its kind, as the command line's."""
    if option.kind == "names":
        return lambda r, n, k: r.strings(n, k, split=True)
    if option.dest == "search_dir":
        return lambda r, n, k: r.search_dirs(n, k)
    if option.kind == "path":
        return (lambda r, n, k: r.paths(n, k)) if option.many else (lambda r, n, k: r.paths(n, k)[0])
    if option.many:
        return lambda r, n, k: r.strings(n, k)
    if option.kind in ("int", "float"):
        kind = int if option.kind == "int" else float
        return lambda r, n, k: r.number(n, k, kind, zero=option.zero, maximum=option.upper)
    if option.kind == "choice":
        return _choice(option.choices)
    readers: dict[str, Check] = {"text": _string, "flag": _bool, "size": _size}
    return readers[option.kind]


def _section(section: str) -> Check:
    """A mapping whose keys are options (``timing``, ``parity``), each read as its option says."""
    keys = options.suite_keys(section)

    def check(r: _Reader, node: yaml.Node, key: str) -> dict[str, Setting]:
        found: dict[str, Setting] = {}
        for name, key_node, value in r.mapping(node, key):
            if name not in keys:
                raise r.fail(key_node, f"unknown key {name!r} in {key!r}{closest(name, keys)}")
            if keys[name].kind == "tolerances":
                found.update(_tolerances(r, value, name))
            else:
                found[name] = Setting(_reader(keys[name])(r, value, name), r.where(key_node))
        return found

    return check


def _tolerances(r: _Reader, node: yaml.Node, key: str) -> dict[str, Setting]:
    """Parity tolerances by precision, ``RTOL`` or ``[RTOL, ATOL]``, as ``--tolerance PREC=RTOL:ATOL`` texts."""
    from benchit.measure.precision import PRECISIONS

    found: dict[str, Setting] = {}
    for precision, precision_node, pair in r.mapping(node, key):
        if precision not in PRECISIONS:
            raise r.fail(precision_node, f"unknown precision {precision!r}{closest(precision, PRECISIONS)}")
        if isinstance(pair, yaml.SequenceNode) and len(pair.value) == 2:
            rtol, atol = (r.number(v, precision, zero=True) for v in pair.value)
            text = f"{precision}={rtol}:{atol}"
        elif isinstance(pair, yaml.ScalarNode):
            text = f"{precision}={r.number(pair, precision, zero=True)}"
        else:
            raise r.fail(pair, f"tolerance of {precision} is RTOL or [RTOL, ATOL]")
        found[f"{key}.{precision}"] = Setting(text, r.where(precision_node))
    return found


def _matrix(r: _Reader, node: yaml.Node, key: str) -> dict[str, Setting]:
    found: dict[str, Setting] = {}
    items = r.mapping(node, key)
    if not items:
        raise r.fail(node, f"{key!r} is empty: give it parameters and their values, e.g. batch_size: [1, 8]")
    for name, key_node, value in items:
        values = value.value if isinstance(value, yaml.SequenceNode) else [value]
        if not values:
            raise r.fail(key_node, f"matrix parameter {name!r} has no values")
        found[name] = Setting([_dimension_value(r, name, key_node, v) for v in values], r.where(key_node))
    return found


def _dimension_value(r: _Reader, name: str, key_node: yaml.Node, node: yaml.Node) -> Any:
    """A value of a matrix dimension or exclusion: a script parameter's, checked by its type;
    or a device, runtime or precision name."""
    from benchit.measure.precision import PRECISIONS

    known = [*STANDARD_PARAMS, *MEASUREMENT_DIMENSIONS]
    if name not in known:
        raise r.fail(key_node, f"unknown matrix parameter {name!r}{closest(name, known)}")
    value = r.scalar(node, name)
    if name in MEASUREMENT_DIMENSIONS:
        if not isinstance(value, str):
            raise r.fail(node, f"{name} takes names, got {value!r}")
        if name == "precision" and value not in PRECISIONS:
            raise r.fail(node, f"unknown precision {value!r}; choose from {', '.join(PRECISIONS)}")
        return value
    param = STANDARD_PARAMS[name]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not abs(value) <= options.MAX_INT:
        raise r.fail(node, f"{name} must be a finite number of at most {options.MAX_INT}, got {value!r}")
    try:
        param.type(str(value).lower() if isinstance(value, bool) else str(value))
    except ValueError:
        raise r.fail(node, f"{name} takes {param.type.__name__} values, got {value!r}") from None
    return value


def _exclude(r: _Reader, node: yaml.Node, key: str) -> list[dict[str, list[Any]]]:
    if not isinstance(node, yaml.SequenceNode):
        raise r.fail(node, f"{key!r} must be a list of combinations, e.g. - {{precision: bf16, runtime: ort}}")
    found = []
    for item in node.value:
        rule: dict[str, list[Any]] = {}
        for name, key_node, value in r.mapping(item, key):
            values = value.value if isinstance(value, yaml.SequenceNode) else [value]
            rule[name] = [_dimension_value(r, name, key_node, v) for v in values]
        found.append(rule)
    return found


def _options(r: _Reader, node: yaml.Node, key: str) -> dict[str, Setting]:
    found = {}
    for name, key_node, value in r.mapping(node, key):
        found[name.removeprefix("--").replace("-", "_")] = Setting(r.scalar(value, name), r.where(key_node))
    return found


def _inherits(r: _Reader, node: yaml.Node, key: str) -> list[tuple[str, str]]:
    return [(name, r.where(node)) for name in r.strings(node, key)]


# The keys of an entry: the options' (benchit/options.py), the mappings of options, and the suite's own.
KEYS: dict[str, Check] = {
    "inherits": _inherits,
    **{key: _reader(option) for key, option in options.suite_keys().items()},
    **{section: _section(section) for section in options.sections()},
    "executor_address": _string,
    "matrix": _matrix,
    "exclude": _exclude,
    "options": _options,
}
_NESTED = (*options.sections(), "matrix", "options")  # merged key by key; every other key is replaced whole


# -- files, include and inherits --------------------------------------------------------------


@dataclass
class Suite:
    path: Path
    entries: list[Entry]


def load(path: Path) -> Suite:
    """Read a suite file with its includes, resolve inherits; raise ``SuiteError`` on any fault.
    Each file is read once and each entry resolved once, however often it is included or
    inherited: a chain of files that each include the next twice costs its length, not 2**length."""
    raw = _load_file(Path(path), [], {})
    entries = []
    resolved_once: dict[str, dict[str, Any]] = {}
    for name, settings in raw.items():
        if name.startswith("_"):
            continue
        resolved = dict(_resolve(name, raw, [], resolved_once))
        resolved.pop("inherits", None)
        entries.append(Entry(name, settings["__where__"].where, resolved))
    if not entries:
        raise SuiteError(f"{_display(Path(path))}: no entry to run (names starting with _ are templates)")
    return Suite(Path(path), entries)


def _load_file(
    path: Path, seen: list[Path], loaded: dict[Path, dict[str, dict[str, Any]]]
) -> dict[str, dict[str, Any]]:
    """Entries of ``path`` after its includes (earlier files first, later ones win, key by key);
    ``loaded`` keeps each file's entries, read once (they are never changed in place)."""
    path = path.resolve()
    if path in seen:
        raise SuiteError(f"{_display(seen[-1])}: include cycle: {' -> '.join(_display(p) for p in [*seen, path])}")
    if path in loaded:
        return loaded[path]
    reader = _Reader(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SuiteError(f"{reader.name}: cannot read the suite file ({exc.strerror})") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        raise SuiteError(f"{reader.name}{line}: not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
    if root is None:
        raise SuiteError(f"{reader.name}: the suite file is empty")
    entries: dict[str, dict[str, Any]] = {}
    own: dict[str, dict[str, Any]] = {}
    for name, key_node, value in reader.mapping(root, "the suite"):
        if name == "include":
            for included in reader.paths(value, "include"):
                _merge_entries(entries, _load_file(Path(included), [*seen, path], loaded))
            continue
        if not isinstance(value, yaml.MappingNode):
            # A setting written at the top level (or misspelt there) reads as an entry's name.
            hint = closest(name, ["include", *KEYS])
            if hint:
                raise reader.fail(key_node, f"unknown key {name!r}{hint}; settings go inside an entry")
            raise reader.fail(key_node, f"entry {name!r} must be a mapping of settings, not a {_kind(value)}")
        own[name] = _read_entry(reader, key_node, value)
    _merge_entries(entries, own)
    loaded[path] = entries
    return entries


def _read_entry(reader: _Reader, key_node: yaml.Node, node: yaml.Node) -> dict[str, Any]:
    settings: dict[str, Any] = {"__where__": Setting(None, reader.where(key_node))}
    for key, setting_node, value in reader.mapping(node, "an entry"):
        check = KEYS.get(key)
        if check is None:
            raise reader.fail(setting_node, f"unknown key {key!r}{closest(key, KEYS)}")
        settings[key] = Setting(check(reader, value, key), reader.where(setting_node))
    return settings


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, setting in over.items():
        if key in _NESTED and key in merged:
            merged[key] = Setting({**merged[key].value, **setting.value}, setting.where)
        else:
            merged[key] = setting
    return merged


def _merge_entries(into: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> None:
    for name, settings in new.items():
        into[name] = _merge(into[name], settings) if name in into else settings


def _resolve(
    name: str, raw: dict[str, dict[str, Any]], chain: list[str], done: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    """``name``'s settings after its inherits (each entry resolved once, kept in ``done``)."""
    if name in done:
        return done[name]
    settings = raw[name]
    merged: dict[str, Any] = {}
    for parent, where in (settings.get("inherits") or Setting([], "")).value:
        if parent in [*chain, name]:
            raise SuiteError(f"{where}: inherits cycle: {' -> '.join([*chain, name, parent])}")
        if parent not in raw:
            templates = [n for n in raw if n != name]
            raise SuiteError(f"{where}: {name!r} inherits {parent!r}, which is not defined{closest(parent, templates)}")
        merged = _merge(merged, _resolve(parent, raw, [*chain, name], done))
    merged = _merge(merged, {k: v for k, v in settings.items() if k != "inherits"})
    merged.pop("__where__", None)
    done[name] = merged
    return merged
