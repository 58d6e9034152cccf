"""The salvage of a hard-crashed script: run it again to measure the models it captured but never measured."""

from __future__ import annotations

import dataclasses

from benchit.config import Config
from benchit.execute import resume
from benchit.execute.job import Job
from benchit.execute.outcome import HARD_DEATHS
from benchit.messages import JobSpec
from benchit.records import ScriptStatus
from benchit.store.cache import Cache


def salvage_run(
    job: Job,
    status: ScriptStatus,
    config: Config,
    cache: Cache,
    machine_id: str | None,
    quiet_left: float | None = None,
) -> JobSpec | None:
    """After a hard death with models captured but not measured, the job that runs the script
    again to measure each at its first call (without the runtime it died in); ``None`` when there is nothing to salvage (or this
    was already the salvage run). ``quiet_left``: what is left of the scan's --quiet-wait."""
    state = job.state
    if job.spec is None or job.spec.salvage or config.analyze_only:
        return None
    if state.finished or state.killed or state.internal_error or status not in HARD_DEATHS:
        return None
    # A build whose runtime the worker died in has that runtime's failure (``Recorder.died_during``)
    # and needs its other runtimes measured again: they are measured together, in rounds.
    dying = state.attempt[0] if state.attempt else None
    missing = [b for b in state.builds if b not in state.measured or b == dying]
    if not missing:
        return None
    done = resume.pairs_done(cache, missing, job.digest, machine_id, config.timing)
    quiet = job.spec.quiet_wait_s if quiet_left is None else quiet_left
    return dataclasses.replace(job.spec, done=done, salvage=tuple(missing), quiet_wait_s=quiet)
