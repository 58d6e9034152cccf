"""A cache read as the report and the history read it: each script run joined with its builds and their results."""

from __future__ import annotations

from dataclasses import dataclass, replace

from benchit.naming import artifact_parts
from benchit.records import Invocation, Result
from benchit.runrecords import BuildRecord, ScriptRecord
from benchit.store.cache import Cache


@dataclass(frozen=True)
class BuildRun:
    """A build of a script run (with its invocation) and the results that run measured, their
    artifacts named by their paths in the cache (``located``)."""

    record: BuildRecord
    invocation: Invocation
    results: tuple[Result, ...] = ()

    @property
    def build_name(self) -> str:
        return self.record.build_name

    @property
    def module_path(self) -> str:
        return self.record.module_path or self.invocation.module_path or ""

    @property
    def parent_build(self) -> str:
        return self.record.parent_build or ""


@dataclass(frozen=True)
class ScriptRun:
    """A script record (its ``status`` is None when the store dropped it as malformed) with the builds it produced."""

    record: ScriptRecord
    builds: tuple[BuildRun, ...] = ()


def script_runs(cache: Cache) -> list[ScriptRun]:
    """Every script run in ``cache``; damaged files are skipped and noted in ``cache.warnings`` by the store."""
    cache.check_strays()
    with cache.builds_folder() as builds:  # opened once for the thousands of builds below it
        return [run for key in cache.script_keys() if (run := script_run(cache, key, builds)) is not None]


def script_run(cache: Cache, key: str, builds: int | None = None) -> ScriptRun | None:
    """The script run ``key`` of ``cache`` with its builds; None when its record is unreadable.
    ``builds``: the cache's builds folder, open (``Cache.builds_folder``)."""
    record = cache.read_script(key)
    if record is None:
        return None
    found = tuple(b for name in record.builds if (b := _build(cache, name, record.digest, builds)))
    return ScriptRun(record, found)


def _build(cache: Cache, name: str, digest: str, builds: int | None) -> BuildRun | None:
    record = cache.read_build(name, builds)
    if record is None:
        return None
    if record.invocation is None:
        cache.warnings.append(f"skipped {cache.build_dir(name) / 'build.json'}: malformed build record (no invocation)")
        return None
    # Results of an earlier version of the script are not this run's (older caches have no digest).
    results = tuple(
        located(cache, name, r) for r in cache.read_results(name, builds) if r.script_digest in (None, digest)
    )
    return BuildRun(record, record.invocation, results)


def located(cache: Cache, build: str, result: Result) -> Result:
    """``result`` with each ``info`` value that names a file of its build's artifacts (relative to
    the build, or as older results did: ``naming.artifact_parts``) as that file's path in ``cache``."""
    found = {k: parts for k, v in result.info.items() if (parts := artifact_parts(v, build))}
    if not found:
        return result
    folder = cache.artifacts_dir(build)
    return replace(result, info={**result.info, **{k: str(folder.joinpath(*p)) for k, p in found.items()}})
