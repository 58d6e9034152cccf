"""The coordinator's loop: a queue of scripts, at most the executor's capacity (``-j``) running,
scripts locked by another scan deferred, and every event an executor reports written to the cache."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from benchit import __version__
from benchit.config import Config
from benchit.errors import BenchitError
from benchit.execute import resume
from benchit.execute.executor import Executor
from benchit.execute.joblog import JobLog
from benchit.execute.protocol import (
    ARTIFACTS_PREFIX,
    Artifact,
    Done,
    Event,
    InternalError,
    InvocationFound,
    JobExited,
    JobKilled,
    JobSpec,
    JobStarted,
    LockWait,
    LogChunk,
    ResultReady,
    ScriptError,
)
from benchit.execute.verdict import Outcome, Verdict, verdict
from benchit.records import Machine, Script, ScriptStatus
from benchit.store.cache import Cache, file_digest, key_build_name, script_key

POLL_S = 0.25
TELL_WAIT_S = 1.0  # a wait for the host lock longer than this is shown


class Progress(Protocol):
    def script_started(self, job: Job) -> None: ...
    def invocation(self, job: Job, build: str, invocation: dict[str, Any]) -> None: ...
    def result(self, job: Job, build: str, result: dict[str, Any]) -> None: ...
    def script_finished(self, job: Job) -> None: ...
    def script_skipped(self, script: Script, reason: str) -> None: ...
    def lock_wait(self, job: Job) -> None: ...
    def salvage(self, job: Job, builds: list[str]) -> None: ...


@dataclass
class Job:
    """One script's run, as the coordinator sees it."""

    index: int
    script: Script
    key: str
    digest: str
    record: dict[str, Any]
    done: dict[str, list[str]]
    lock: IO[str] | None = None
    log: JobLog | None = None
    started: float = 0.0
    machine: Machine | None = None
    builds: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # builds of an earlier run of the same script
    build_records: dict[str, dict[str, Any]] = field(default_factory=dict)
    script_error: dict[str, Any] | None = None
    internal_error: str | None = None
    finished_ok: bool = False
    killed: tuple[ScriptStatus, str] | None = None  # decided by the executor or the coordinator
    exited: JobExited | None = None
    results: int = 0
    failed_results: int = 0
    lock_wait_s: float = 0.0  # time its worker waited for the host lock (another scan measuring)
    waiting_since: float | None = None
    wait_told: bool = False
    measured: set[str] = field(default_factory=set)  # builds with a result from this run
    ending: Verdict | None = None  # how the script died, kept while a salvage run measures its models
    first_exited: JobExited | None = None
    spec: JobSpec | None = None

    @property
    def status(self) -> str:
        return self.record.get("status", "running")


class Scheduler:
    """Runs scripts through ``executor``, at most ``executor.capacity`` at a time, and records
    everything in the cache as it arrives."""

    def __init__(self, config: Config, cache: Cache, progress: Progress, executor: Executor, preload: list[str]):
        self.config = config
        self.cache = cache
        self.progress = progress
        self.executor = executor
        self.preload = preload
        self.machine_id: str | None = None  # results measured elsewhere do not count as done here
        self.active: dict[int, Job] = {}
        self.finished: list[Job] = []
        self.skipped: list[tuple[Script, str]] = []

    # -- the main loop ----------------------------------------------------------------------
    def run(self, scripts: list[Script]) -> list[Job]:
        queue: collections.deque[Script] = collections.deque(scripts)
        deferred: list[Script] = []
        index = 0
        self.executor.open(self.config, self.preload)
        capacity = max(1, self.executor.capacity)
        machine = self.executor.machine()
        self.machine_id = machine.id if machine else None
        try:
            while queue or self.active or deferred:
                while queue and len(self.active) < capacity:
                    script = queue.popleft()
                    index += 1
                    if not self._start(script, index, wait=False):
                        deferred.append(script)  # another scan holds it: try again when idle
                        index -= 1
                if not queue and not self.active and deferred:
                    index += 1
                    self._start(deferred.pop(0), index, wait=True)
                if self.active:  # nothing to wait for when every script was complete in the cache
                    for event in self.executor.events(POLL_S):
                        self._handle(event)
                    self._tell_waits()
        except (KeyboardInterrupt, BenchitError) as exc:
            # Ctrl-C, SIGTERM or SIGHUP, or a cache that cannot be written (a full disk): the
            # running scripts are stopped and marked, as far as the cache still takes it.
            reason = (
                "stopped by the user (Ctrl-C) or a signal before the script finished"
                if isinstance(exc, KeyboardInterrupt)
                else f"the scan stopped: {exc}"
            )
            for job_id in list(self.active):
                self.executor.cancel(job_id, ScriptStatus.INTERRUPTED, reason)
                self.active[job_id].killed = (ScriptStatus.INTERRUPTED, reason)
            with contextlib.suppress(BenchitError):
                for event in self.executor.events(0):
                    self._handle(event)
            for job in list(self.active.values()):  # an executor that did not finish them
                with contextlib.suppress(BenchitError):
                    self._finish(job)
            raise
        finally:
            self.executor.close()
        return self.finished

    def _new_record(self, script: Script, key: str, digest: str) -> dict[str, Any]:
        return {
            "script": str(script.path),
            "relative_path": script.relative_path,
            "key": key,
            "digest": digest,
            "labels": script.labels,
            "hashes": list(script.hashes),
            "script_args": list(script.script_args or self.config.script_args),
            "devices": list(self.config.devices),
            "runtimes": list(self.config.runtimes),
            "precisions": list(self.config.precisions),
            "max_depth": self.config.max_depth,
            "analyze_only": self.config.analyze_only,
            "benchit_version": __version__,
            "timeout_s": self.config.timeout_s,
            "memory_limit_bytes": self.config.memory_limit_bytes,
            "memory_limit_default": self.config.memory_limit_default,
            "executor": self.executor.name,
            "status": ScriptStatus.RUNNING.value,
            "error": None,
            "builds": [],
            "pid": os.getpid(),
            "started": time.time(),
        }

    def _start(self, script: Script, index: int, wait: bool) -> bool:
        """Start ``script``; False when another scan holds its lock (and not ``wait``)."""
        key = script_key(script.path, script.script_args or self.config.script_args)
        lock = self.cache.try_lock(key, blocking=wait)
        if lock is None:
            return False
        try:
            plan = resume.plan(
                self.cache, self.config, key, self._new_record(script, key, file_digest(script.path)), self.machine_id
            )
        except OSError as exc:
            lock.close()
            self.skipped.append((script, f"cannot read: {exc}"))
            return True
        if plan is None:
            lock.close()
            self.skipped.append((script, "complete in the cache"))
            self.progress.script_skipped(script, "complete in the cache")
            return True
        record = plan.record
        job = Job(index, script, key, record["digest"], record, plan.done, lock=lock, kept=list(record["builds"]))
        self.cache.write_script(key, record)
        job.started = time.monotonic()
        if script.label_error:
            job.killed = (ScriptStatus.FAILED, script.label_error)
            self.progress.script_started(job)
            self._finish(job)
            return True
        job.log = JobLog(self.cache, key)
        spec = JobSpec(index, key, script, self.config, plan.done, self._reusable(list(plan.previous_builds)))
        self.active[index] = job
        job.spec = spec
        self.executor.submit(spec)
        self.progress.script_started(job)
        return True

    def _reusable(self, builds: list[str]) -> tuple[Artifact, ...]:
        """The artifacts of earlier builds, as paths a worker may read (a remote executor inlines them)."""
        if self.config.rebuild == "always":
            return ()
        found = []
        for build in builds:
            folder = self.cache.artifacts_dir(build)
            listed = (self.cache.read_build(build) or {}).get("artifacts") or {}
            for name, facts in sorted(listed.items()):
                path = folder / name
                if not isinstance(facts, dict) or not path.is_file() or path.is_symlink():
                    continue
                # Only the file this user's benchit wrote (its digest recorded at write time) is
                # reused; one changed or put there by someone else is rebuilt.
                digest = self.cache.artifact_digest(build, name)
                if digest is None or digest != facts.get("sha256"):
                    self.cache.warnings.append(
                        f"not reusing {path}: its content is not the one benchit recorded when writing it; rebuilding it"
                    )
                    continue
                found.append(Artifact(build, name, digest, path.stat().st_size, path=str(path)))
        return tuple(found)

    # -- events -------------------------------------------------------------------------
    def _handle(self, event: Event) -> None:
        job = self.active.get(event.job_id)
        if job is None:
            return
        message = event.message
        if isinstance(message, LogChunk):
            if job.log is not None:
                job.log.write(message.data)
        elif isinstance(message, InvocationFound):
            self._invocation(job, message)
        elif isinstance(message, ResultReady):
            self._result(job, message)
        elif isinstance(message, Artifact):
            self._artifact(job, message)
        elif isinstance(message, ScriptError):
            job.script_error = message.error()
        elif isinstance(message, InternalError):
            job.internal_error = message.traceback
        elif isinstance(message, Done):
            job.finished_ok = True
        elif isinstance(message, LockWait):
            now = time.monotonic()
            if message.waiting:
                job.waiting_since = now
            elif job.waiting_since is not None:
                job.lock_wait_s += now - job.waiting_since
                job.waiting_since = None
        elif isinstance(message, JobStarted):
            job.machine = message.machine
            job.started = time.monotonic()
        elif isinstance(message, JobKilled):
            job.killed = job.killed or (message.status, message.reason)
        elif isinstance(message, JobExited):
            job.exited = message
            self._finish(job)

    def _tell_waits(self) -> None:
        """Show, once per script, a wait for the host lock that lasts (another scan is measuring)."""
        now = time.monotonic()
        for job in self.active.values():
            if job.waiting_since is not None and now - job.waiting_since > TELL_WAIT_S and not job.wait_told:
                job.wait_told = True
                self.progress.lock_wait(job)

    def _invocation(self, job: Job, message: InvocationFound) -> None:
        invocation = message.invocation
        if job.script.hashes and not invocation.hash.startswith(job.script.hashes):
            return
        build = message.build
        record = job.build_records.setdefault(
            build,
            {
                "build_name": build,
                "script": str(job.script.path),
                "relative_path": job.script.relative_path,
                "script_key": job.key,
                "labels": job.script.labels,
                "script_digest": job.digest,
                "script_args": job.record["script_args"],
                "artifacts": dict((self.cache.read_build(build) or {}).get("artifacts") or {}),
            },
        )
        record["invocation"] = invocation.to_dict()
        # A submodule (--max-depth): where it sits in its model, and the build that called it.
        record["module_path"] = invocation.module_path
        record["parent_build"] = key_build_name(job.key, invocation.parent) if invocation.parent else None
        self.cache.write_build(build, record)
        if build not in job.builds:
            job.builds.append(build)
            job.record["builds"] = job.builds + [b for b in job.kept if b not in job.builds]
            self.cache.write_script(job.key, job.record)
            self.progress.invocation(job, build, invocation.to_dict())

    def _artifact(self, job: Job, message: Artifact) -> None:
        if message.build not in job.build_records:
            return  # not a build of this job
        if message.data is None and message.path is None:
            return
        source = Path(message.path) if message.data is None and message.path else None
        self.cache.write_artifact(message.build, message.name, message.data, source=source)
        record = job.build_records[message.build]
        record["artifacts"][message.name] = {"sha256": message.sha256, "bytes": message.size}
        self.cache.write_build(message.build, record)

    def _result(self, job: Job, message: ResultReady) -> None:
        result = message.result.to_dict()
        folder = str(self.cache.artifacts_dir(message.build))
        result["info"] = {
            k: folder + "/" + v[len(ARTIFACTS_PREFIX) :] if isinstance(v, str) and v.startswith(ARTIFACTS_PREFIX) else v
            for k, v in result["info"].items()
        }
        machine = message.result.machine or job.machine or self.executor.machine()
        result.update(
            machine=machine.to_dict() if machine else None,
            script_digest=job.digest,
            finished=time.time(),
        )
        self.cache.write_result(message.build, result)
        job.results += 1
        job.failed_results += result["status"] == "failed"
        job.measured.add(message.build)
        self.progress.result(job, message.build, result)

    def _verdict(self, job: Job, exited: JobExited) -> Verdict:
        return verdict(
            Outcome(
                killed=job.killed,
                internal_error=job.internal_error,
                finished=job.finished_ok,
                script_error=job.script_error,
                found_models=bool(job.builds),
                exit_code=exited.exit_code,
                oom_killer=exited.oom_killer,
                memory_limit_bytes=self.config.memory_limit_bytes,
                memory_limit_default=self.config.memory_limit_default,
                log_tail=job.log.last() if job.log else "",
            )
        )

    def _salvage(self, job: Job, status: ScriptStatus) -> bool:
        """After a hard death (a signal, os._exit) with models captured but not measured, run the
        script again to measure them at their first call; True when that run was submitted."""
        if job.spec is None or job.spec.salvage or self.config.analyze_only:
            return False
        if job.finished_ok or job.killed or job.internal_error:
            return False
        if status not in (ScriptStatus.KILLED, ScriptStatus.FAILED, ScriptStatus.OOM):
            return False
        missing = [b for b in job.builds if b not in job.measured]
        if not missing:
            return False
        self.progress.salvage(job, missing)
        job.first_exited, job.exited = job.exited, None
        job.spec = dataclasses.replace(job.spec, done=resume.pairs_done(
            self.cache, missing, job.digest, self.machine_id), salvage=tuple(missing))  # fmt: skip
        self.executor.submit(job.spec)
        return True

    def _finish(self, job: Job) -> None:
        exited = job.exited or JobExited(None)
        if job.ending is None:
            job.ending = self._verdict(job, exited)
            if self._salvage(job, job.ending[0]):
                return
        if job.log is not None:
            job.log.close()
        status, error = job.ending
        exited = job.first_exited or exited
        # An unfinished run keeps listing the earlier builds it did not reach, and so does a run of
        # chosen invocations (FILE::HASH): the script's other builds are still its builds.
        whole = status.final and not job.script.hashes
        job.record.update(
            status=status.value,
            error=error,
            builds=job.builds if whole else job.builds + [b for b in job.kept if b not in job.builds],
            finished=time.time(),
            duration_s=round(time.monotonic() - job.started, 3) if job.started else 0.0,
            results=job.results,
            failed_results=job.failed_results,
            lock_wait_s=round(job.lock_wait_s, 3),
        )
        if exited.memory_enforced_by:
            job.record["memory_enforced_by"] = exited.memory_enforced_by
        if job.machine:
            job.record["machine"] = job.machine.to_dict()
        if exited.peak_rss_bytes:
            job.record["peak_rss_bytes"] = exited.peak_rss_bytes
        self.cache.write_script(job.key, job.record)
        if job.lock is not None:
            job.lock.close()
        self.active.pop(job.index, None)
        self.finished.append(job)
        self.progress.script_finished(job)
