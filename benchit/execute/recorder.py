"""The recorder: what a job's executor and worker report, written to the cache as typed records."""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable
from typing import Any

from benchit import __version__, failures, keys
from benchit.config import Config
from benchit.execute import passes, protocol
from benchit.execute.job import Job
from benchit.execute.outcome import HARD_DEATHS, Ending
from benchit.messages import Artifact, InvocationFound, JobExited, ResultReady
from benchit.naming import key_build_name
from benchit.records import Machine, Result, ResultStatus, Script, ScriptStatus
from benchit.runrecords import ArtifactFacts, BuildRecord, ScriptRecord
from benchit.store.cache import Cache


class Recorder:
    """Keeps a job's script, build and result records in the cache up to date as events arrive."""

    def __init__(self, config: Config, cache: Cache, executor: str):
        self.config = config
        self.cache = cache
        self.executor = executor  # the executor's name, recorded with each script run
        self.since = time.time()  # results written from now on are this scan's (``passes.joins``)

    def new_record(self, script: Script, key: str, digest: str) -> ScriptRecord:
        """The record of a script run that starts now (``running``)."""
        config = self.config
        return ScriptRecord(
            key=key,
            script=str(script.path),
            relative_path=script.relative_path,
            digest=digest,
            labels=script.labels,
            hashes=script.hashes,
            script_args=tuple(script.script_args or config.script_args),
            devices=tuple(config.devices),
            runtimes=tuple(config.runtimes),
            precisions=tuple(config.precisions),
            max_depth=config.max_depth,
            analyze_only=config.analyze_only,
            benchit_version=__version__,
            timeout_s=config.timeout_s,
            memory_limit_bytes=config.memory_limit_bytes,
            memory_limit_default=config.memory_limit_default,
            executor=self.executor,
            status=ScriptStatus.RUNNING,
            pid=os.getpid(),
            started=time.time(),
        )

    def invocation(self, job: Job, message: InvocationFound) -> bool:
        """Record a captured model call; True the first time this run found its build."""
        invocation, build = message.invocation, message.build
        record = job.state.build_records.get(build)
        if record is None:
            earlier = self.cache.read_build(build)  # its artifacts may be reused by this run
            record = BuildRecord(
                build_name=build,
                script=str(job.script.path),
                relative_path=job.script.relative_path,
                script_key=job.key,
                labels=job.script.labels,
                script_digest=job.digest,
                script_args=job.record.script_args,
                artifacts=dict(earlier.artifacts) if earlier else {},
            )
        parent = key_build_name(job.key, invocation.parent) if invocation.parent else None
        record = dataclasses.replace(
            record, invocation=invocation, module_path=invocation.module_path, parent_build=parent
        )
        job.state.build_records[build] = record
        self.cache.write_build(record)
        if build in job.state.builds:
            return False
        job.state.builds.append(build)
        builds = job.state.builds + [b for b in job.kept if b not in job.state.builds]
        job.record = dataclasses.replace(job.record, builds=tuple(builds))
        self.cache.write_script(job.record)
        return True

    def artifact(self, job: Job, message: Artifact, scratch: str | None) -> None:
        """Put an artifact (checked by ``protocol.check``) in the cache: its bytes, or the file it
        names, which must lie in the job's ``scratch`` folder (``protocol.scratch_file``)."""
        record = job.state.build_records[message.build]
        if message.path is None:
            self.cache.write_artifact(message.build, message.name, message.data)
        else:
            with protocol.scratch_file(scratch, message.path, message.size) as source:
                self.cache.write_artifact(message.build, message.name, source=source)
        facts = {**record.artifacts, message.name: ArtifactFacts(message.sha256, message.size)}
        record = dataclasses.replace(record, artifacts=facts)
        job.state.build_records[message.build] = record
        self.cache.write_build(record)

    def result(self, job: Job, message: ResultReady, machine: Callable[[], Machine | None]) -> Result:
        """Record a result, stamped with where it was measured (its own machine, else the job's,
        else the executor's ``machine()``), the script version, the time and the scan's timing
        settings (the worker's are its pass's share; the worker stamped its runtime options,
        checked by ``protocol.check``). One more pass of a result in the cache is joined to it
        (``passes.join``); any other result replaces what lies at its place."""
        timing = self.config.timing
        result = dataclasses.replace(
            message.result,
            machine=message.result.machine or job.state.machine or machine(),
            script_digest=job.digest,
            finished=time.time(),
        )
        if "timing" in result.environment:
            result = dataclasses.replace(result, environment={**result.environment, "timing": timing.to_dict()})
        earlier = self._earlier(message.build, result) if timing.pass_count > 1 else None
        joined = passes.joins(earlier, result, timing, self.since)
        if joined:
            assert earlier is not None
            result = passes.join(earlier, result, timing)
        self.cache.write_result(message.build, result)
        state = job.state
        if job.pass_index == 0 or earlier is None:
            state.results += 1
            state.failed_results += result.status is ResultStatus.FAILED
        elif not joined:  # a later pass's result in the place of one its scan counted already
            state.failed_results += (result.status is ResultStatus.FAILED) - (earlier.status is ResultStatus.FAILED)
        state.measured.add(message.build)
        reason = result.info.get(keys.LANES_SERIALISED)
        if isinstance(reason, str) and reason not in state.serialised:
            state.serialised.append(reason)
        return result

    def _earlier(self, build: str, result: Result) -> Result | None:
        """The result in the cache at ``result``'s place (its measurement on its machine), if any."""
        here = result.machine.id if result.machine else None
        for found in self.cache.read_results(build):
            if found.measurement == result.measurement and (found.machine.id if found.machine else None) == here:
                return found
        return None

    def died_during(self, job: Job, ending: Ending, machine: Callable[[], Machine | None]) -> tuple[str, Result] | None:
        """After the worker died (a signal, ``os._exit``, the out-of-memory killer) while preparing or
        measuring one runtime (its last ``Attempt``): that runtime's failed result, recorded, with
        the build, so that the model's other runtimes can be measured again without it. ``None``
        when the worker was between runtimes or ended by its own choice."""
        state = job.state
        status, error = ending
        if state.attempt is None or state.finished or state.killed or status not in HARD_DEATHS:
            return None
        build, attempt = state.attempt
        why = (error or {}).get("message") or status.value
        text = f"{why}, while preparing or measuring this runtime"
        stage = failures.OOM if status is ScriptStatus.OOM else failures.CRASH
        failed = dataclasses.replace(
            attempt, status=ResultStatus.FAILED, error=text, failure=failures.describe(attempt.runtime, text, stage=stage)
        )
        return build, self.result(job, ResultReady(build, failed), machine)

    def finish(self, job: Job, status: ScriptStatus, error: dict[str, Any] | None, exited: JobExited) -> None:
        """Write how the script ended."""
        # An unfinished run keeps listing the earlier builds it did not reach, and so does a run of
        # chosen invocations (FILE::HASH): the script's other builds are still its builds.
        # So does a later pass: the builds of its earlier passes hold their results, whatever this one did.
        builds = job.state.builds
        if not (status.final and not job.script.hashes) or job.pass_index:
            builds = builds + [b for b in job.kept if b not in builds]
        # A later pass adds to what the earlier passes of this scan counted and took.
        earlier = job.earlier if job.pass_index and job.earlier is not None else None
        job.record = dataclasses.replace(
            job.record,
            status=status,
            error=error,
            builds=tuple(builds),
            finished=time.time(),
            duration_s=round((time.monotonic() - job.started if job.started else 0.0)
                             + (earlier.duration_s or 0.0 if earlier else 0.0), 3),  # fmt: skip
            result_count=job.state.results + (earlier.result_count or 0 if earlier else 0),
            failed_results=max(0, job.state.failed_results + (earlier.failed_results or 0 if earlier else 0)),
            lock_wait_s=round(job.lock_wait.waited_s + ((earlier.lock_wait_s or 0.0) if earlier else 0.0), 3),
            memory_enforced_by=exited.memory_enforced_by or None,
            machine=job.state.machine,
            peak_rss_bytes=max(exited.peak_rss_bytes or 0, (earlier.peak_rss_bytes or 0) if earlier else 0) or None,
        )
        self.cache.write_script(job.record)
