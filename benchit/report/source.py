"""The report's one reading of a cache: each script run with its builds and their results, as records."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from benchit.records import Invocation, Result, ScriptStatus
from benchit.store.cache import Cache

# What a record's ``from_dict`` raises on a value the store's field checks let through (a hand-edited
# file missing a field): the record is skipped with a warning, like any other damaged file.
MALFORMED = (TypeError, ValueError, KeyError)


@dataclass(frozen=True)
class Measured:
    """A result as the cache holds it: the record, and when the coordinator wrote it."""

    result: Result
    finished: float | None = None


@dataclass(frozen=True)
class BuildRun:
    """A build of a script run (field names as in ``build.json``) and its results of that run."""

    build_name: str
    invocation: Invocation
    module_path: str = ""
    parent_build: str = ""
    results: tuple[Measured, ...] = ()


@dataclass(frozen=True)
class ScriptRun:
    """A script record (field names as in its JSON; a field the store dropped as malformed takes
    its default, and ``status`` is then None) with the builds it produced."""

    script: str | None = None
    relative_path: str | None = None
    script_args: tuple[str, ...] = ()
    status: ScriptStatus | None = None
    error: dict[str, Any] | None = None
    labels: dict[str, list[str]] = field(default_factory=dict)
    analyze_only: bool = False
    pid: int | None = None
    builds: tuple[BuildRun, ...] = ()


def script_runs(cache: Cache) -> list[ScriptRun]:
    """Every script run in ``cache``; damaged files are skipped and noted in ``cache.warnings``."""
    cache.check_strays()
    runs = []
    for key in cache.script_keys():
        record = cache.read_script(key)
        if record is None:
            continue
        try:
            status = ScriptStatus(record["status"]) if "status" in record else None
        except ValueError as exc:
            cache.warnings.append(f"skipped {cache.script_path(key)}: malformed record (ValueError: {exc})")
            continue
        builds = tuple(b for name in record.get("builds", ()) if (b := _build(cache, name, record.get("digest"))))
        runs.append(
            ScriptRun(
                script=record.get("script"),
                relative_path=record.get("relative_path"),
                script_args=tuple(record.get("script_args", ())),
                status=status,
                error=record.get("error"),
                labels=record.get("labels", {}),
                analyze_only=record.get("analyze_only", False),
                pid=record.get("pid"),
                builds=builds,
            )
        )
    return runs


def _build(cache: Cache, name: str, digest: str | None) -> BuildRun | None:
    data = cache.read_build(name)
    if data is None:
        return None
    try:
        invocation = Invocation.from_dict(data.get("invocation") or {})
    except MALFORMED as exc:
        path = cache.build_dir(name) / "build.json"
        cache.warnings.append(f"skipped {path}: malformed build record ({type(exc).__name__}: {exc})")
        return None
    # Results of an earlier version of the script are not this run's (older caches have no digest).
    results = [r for r in cache.read_results(name) if r.get("script_digest") in (None, digest)]
    return BuildRun(
        build_name=name,
        invocation=invocation,
        module_path=data.get("module_path") or invocation.module_path or "",
        parent_build=data.get("parent_build") or "",
        results=tuple(m for result in results if (m := _measured(cache, name, result))),
    )


def _measured(cache: Cache, build: str, data: dict[str, Any]) -> Measured | None:
    try:
        return Measured(Result.from_dict(data), data.get("finished"))
    except MALFORMED as exc:
        machine = data.get("machine")
        machine_id = machine.get("id") if isinstance(machine, dict) else None
        path = cache.result_path(build, data["device"], data["runtime"], machine_id, data.get("precision") or "fp32")
        cache.warnings.append(f"skipped {path}: malformed result ({type(exc).__name__}: {exc})")
        return None
