"""The resume policy: whether a script is complete in the cache, and which of its device-runtime
pairs were already measured on this machine."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from benchit.config import Config, TimingSettings
from benchit.execute import passes
from benchit.records import Result, ResultStatus, ScriptStatus
from benchit.runrecords import ScriptRecord
from benchit.store.cache import Cache

# Result statuses that a re-run would repeat: measured, or known not to work here.
SETTLED_RESULTS = (ResultStatus.OK, ResultStatus.FAILED, ResultStatus.UNAVAILABLE)


@dataclass(frozen=True)
class Plan:
    """What to run of a script: its new record, per build the measurements
    (``device-runtime[-precision][-train]``) done, and the builds of its last run (whatever its version:
    their artifacts may be reused)."""

    record: ScriptRecord
    done: dict[str, list[str]]
    previous_builds: tuple[str, ...] = ()


def settled(previous: ScriptRecord, config: Config) -> bool:
    """Whether the way a script last ended would repeat under this run's settings. ``running``
    (benchit was killed), ``interrupted`` and ``killed`` never count; a timeout counts unless
    --timeout grew; an out-of-memory ending counts under a memory limit as low as before, or when
    both runs used the default limit (a share of the free memory, which moves a little from run to
    run: only a larger --memory-limit or ``--rebuild always`` tries such a script again)."""
    status = previous.status
    if status is ScriptStatus.TIMEOUT:
        return config.timeout_s <= (previous.timeout_s or 0)
    if status is ScriptStatus.OOM:
        before, now = previous.memory_limit_bytes, config.memory_limit_bytes
        if previous.memory_limit_default and config.memory_limit_default:
            return True
        return before is not None and now is not None and now <= before
    return status is not None and status.final


def measured_here(result: Result, machine_id: str | None) -> bool:
    """Whether ``result`` was measured on the machine ``machine_id`` (any machine when ``None``);
    a result that does not say where it was measured (an older cache) counts for no machine."""
    if machine_id is None:
        return True
    return result.machine is not None and result.machine.id == machine_id


def pairs_done(
    cache: Cache, builds: list[str], digest: str, machine_id: str | None, timing: TimingSettings | None = None
) -> dict[str, list[str]]:
    """Per build, the ``device-runtime[-precision][-train][-o<options>]`` measurements with a settled result of this
    script version on this machine, with all its passes (``passes.complete``) when ``timing`` is given."""
    done: dict[str, list[str]] = {}
    for build in builds:
        done[build] = sorted(
            {
                r.measurement
                for r in cache.read_results(build)
                if r.script_digest == digest
                and r.status in SETTLED_RESULTS
                and measured_here(r, machine_id)
                and (timing is None or passes.complete(r, timing))
            }
        )
    return done


def plan(cache: Cache, config: Config, record: ScriptRecord, machine_id: str | None) -> Plan | None:
    """``None`` when the script is complete in the cache for this run; else what to run.

    ``record`` is the new script record (``digest``, ``script_args``, ``benchit_version``,
    ``hashes``...); an earlier run's builds stay listed in it until this run lists its own, so
    that an interrupted re-run does not hide results that are still valid.
    """
    previous = cache.read_script(record.key)
    builds = list(previous.builds) if previous is not None else []
    if previous is not None and previous.digest == record.digest:
        record = dataclasses.replace(record, builds=tuple(builds))
    if previous is None or config.rebuild == "always":
        return Plan(record, {})
    if config.rebuild == "never":
        return None
    same = (previous.digest, previous.script_args, previous.benchit_version, previous.hashes) == (
        record.digest,
        record.script_args,
        record.benchit_version,
        record.hashes,
    )
    same = same and previous.max_depth == config.max_depth
    if not same or not settled(previous, config):
        return Plan(record, {}, tuple(builds))
    done = pairs_done(cache, builds, record.digest, machine_id, config.timing)
    # A runtime's options are part of its measurement's name: other options are another measurement.
    wanted = {config.measurement_key(*unit) for unit in config.measured()}
    if config.analyze_only or all(wanted <= set(done.get(b, ())) for b in builds):
        return None
    return Plan(record, done, tuple(builds))
