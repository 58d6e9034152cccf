"""A cache's results as the history's rows: one ``Entry`` per result, with its series and environment (read the way the report reads)."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from benchit.errors import UsageError
from benchit.history.identity import canonical, series_identity, series_key
from benchit.keys import ENERGY_COLUMNS, ENERGY_J_ROUNDS, ENERGY_ROUND_PASSES, POWER_W_ROUNDS
from benchit.records import Result
from benchit.store import forked
from benchit.store.cache import Cache
from benchit.store.runs import script_run

try:
    import orjson as _orjson
except ImportError:  # an optional speed-up
    _orjson = None  # type: ignore[assignment]

# Environment entries that change from one scan to the next without anything having changed: kept with
# the result, left out of the environment (whose fingerprint would otherwise differ on every run).
VOLATILE = ("load_average",)


def digest(data: Any) -> str:
    return hashlib.sha256(canonical(data).encode()).hexdigest()


# The fingerprints of environments already seen, by their orjson text (a scan's results share a
# few environments): the same text is the same values, whose digest is the same.
_fingerprints: dict[bytes, str] = {}


def fingerprint(environment: dict[str, Any]) -> str:
    """``digest(environment)``, remembered."""
    if _orjson is None:
        return digest(environment)
    try:
        text = _orjson.dumps(environment, option=_orjson.OPT_SORT_KEYS)
    except TypeError:  # what orjson cannot write (an integer past 64 bits): not remembered
        return digest(environment)
    found = _fingerprints.get(text)
    if found is None:
        if len(_fingerprints) > 10_000:
            _fingerprints.clear()
        found = _fingerprints[text] = digest(environment)
    return found


@dataclass(frozen=True)
class Entry:
    """One result ready to store: its series (identity, key, model), its environment and its row."""

    series: dict[str, Any]  # the identity, its key, the model and the hostname: a ``series`` row less its id
    environment: dict[str, Any]
    environment_fingerprint: str
    row: dict[str, Any]  # a ``results`` row less its run, series and environment ids


def column_json(value: Any) -> str:
    """A column's JSON text, keys sorted: through orjson where it is installed (twenty times as fast on
    the kept samples, floats written in their shortest form as json does; never used for a digest,
    whose text must stay the same from one benchit to the next)."""
    if _orjson is not None:
        try:
            return _orjson.dumps(value, default=str, option=_orjson.OPT_SORT_KEYS | _orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            pass  # what orjson cannot write (an integer past 64 bits), json does
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str)


def _entry(result: dict[str, Any], script: str, build: Any, finished: float | None, version: str) -> Entry:
    identity = series_identity(result, script, build.invocation.hash, tuple(build.record.script_args))
    key = series_key(identity)
    machine = result.get("machine") or {}
    series = {
        **identity,
        "runtime_options": column_json(identity["runtime_options"]),
        "key": key,
        "model": build.invocation.model_class or "",
        "hostname": str(machine.get("hostname") or ""),
    }
    environment = dict(result.get("environment") or {})
    volatile = {k: environment.pop(k) for k in VOLATILE if k in environment}
    stats = dict(result.get("stats") or {})
    rounds = stats.pop("rounds_ms", None) or ([stats["median_ms"]] if stats.get("median_ms") else [])
    samples = stats.pop("samples_ms", None) or []
    stats.pop("sample_rounds", None)
    # Energy per step and mean power, with each round's value: kept and compared like latency.
    info = result.get("info") or {}
    stats.update({k: info[k] for k in (*ENERGY_COLUMNS, ENERGY_J_ROUNDS, POWER_W_ROUNDS, ENERGY_ROUND_PASSES) if info.get(k) is not None})
    parity = result.get("parity") or {}
    row = {
        # A result is its series measured at one moment (``finished``, stamped by the coordinator to the
        # microsecond): cheaper than hashing its every kept sample; results without it, by content.
        "digest": digest([key, result.get("finished"), result.get("script_digest")])
        if result.get("finished")
        else digest([key, result]),
        "time": float(result.get("finished") or finished or time.time()),
        "status": str(result.get("status")),
        "error": result.get("error"),
        "median_ms": stats.get("median_ms"),
        "ci_low_ms": stats.get("median_ci_low_ms"),
        "ci_high_ms": stats.get("median_ci_high_ms"),
        "rounds": column_json(rounds),
        "samples": column_json(samples),
        "stats": column_json(stats) if stats else None,
        "throughput_per_s": result.get("throughput_per_s"),
        "contended": bool(result.get("contended")),
        "parity": parity.get("verdict") if isinstance(parity, dict) else None,
        "details": column_json(
            {
                "parity": parity,
                "failure": result.get("failure"),  # how it failed, typed: triage --db reads it
                "info": result.get("info") or {},
                "labels": build.record.labels,
                "machine": machine,
                "eager": result.get("eager"),
                **volatile,
            }
        ),
        "script_digest": str(result.get("script_digest") or build.record.script_digest or ""),
        "benchit_version": str(environment.get("benchit") or version),
    }
    return Entry(series, environment, fingerprint(environment), row)


def open_caches(paths: list[Path]) -> list[Cache]:
    """Each path as a cache to read; a usage error naming the first that is not a benchit cache."""
    caches = []
    for path in paths:
        cache = Cache(path)
        if not cache.root.is_dir():
            raise UsageError(f"{path}: no such cache directory")
        if not cache.is_cache():
            raise UsageError(f"{path} is not a benchit cache (no marker file); give a --cache-dir of benchit benchmark")
        try:
            cache.read_marker()
        except Exception as exc:  # noqa: BLE001 - the store's one-line CacheError, or anything unreadable
            raise UsageError(str(exc)) from None
        caches.append(cache)
    return caches


def plain(result: Result) -> dict[str, Any]:
    """``result.to_dict()``, without the deep copy ``dataclasses.asdict`` makes of every kept
    sample (four fifths of a publication's time): every field, so fields other versions add
    (``mode``, ``runtime_options``) come along; the identity reads them with defaults."""
    # A record's fields are its instance dictionary (the records are dataclasses without slots):
    # copied whole, a tenth of the time of reading them one by one.
    data = dict(vars(result))
    data["status"] = result.status.value
    data["stats"] = dict(vars(result.stats)) if result.stats else None
    data["machine"] = dict(vars(result.machine)) if result.machine else None  # its fields: plain values
    data["parity"] = result.parity.to_dict() if result.parity else None
    return data


def entries(cache: Cache, jobs: int | None = None) -> list[Entry]:
    """Every result of ``cache`` (damaged files skipped and noted in ``cache.warnings``), in the
    order of its script runs; a large cache is read by forked readers (``read``)."""
    return read([cache], jobs=jobs)[0]


T = TypeVar("T")


def read(
    caches: list[Cache], meanwhile: Callable[[], T] | None = None, jobs: int | None = None
) -> tuple[list[Entry], T | None]:
    """Every result of ``caches`` in order (damaged files skipped and noted in each cache's
    ``warnings``), and what ``meanwhile()`` returned, run while forked readers read (``shares``)."""
    with shares(caches, jobs) as parts:
        done = meanwhile() if meanwhile is not None else None
        return [e for part in parts for e in part], done


def shares(caches: list[Cache], jobs: int | None = None) -> contextlib.AbstractContextManager[Iterator[list[Entry]]]:
    """The results of ``caches`` share by share, in order (damaged files skipped and noted in each
    cache's ``warnings`` as its shares arrive), so that a consumer can store one share while the
    next ones are read: ``store.forked.shares``, whose forked readers start as this is entered (so
    that ``benchit publish`` imports SQLAlchemy and checks the database meanwhile). Leaving ends
    the readers, whether every share was taken or not."""
    return forked.shares(caches, _read, jobs)


def _read(cache: Cache, keys: list[str]) -> list[Entry]:
    # Reading makes no reference cycle, and the cyclic collector, run every few hundred new
    # objects, would walk the growing list of entries again and again: a quarter of the time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _entries(cache, keys)
    finally:
        if collecting:
            gc.enable()


def _entries(cache: Cache, keys: list[str]) -> list[Entry]:
    found = []
    for key in keys:
        run = script_run(cache, key)
        if run is None:
            continue
        script = run.record.relative_path or Path(run.record.script or "?").name
        for build in run.builds:
            for result in build.results:
                found.append(_entry(plain(result), script, build, run.record.finished, run.record.benchit_version))
    return found
