"""The coordinator's loop: a queue of scripts, at most the executor's capacity (``-j``) running,
scripts locked by another scan deferred, and every event an executor reports handed on to be recorded."""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import time
from dataclasses import dataclass
from typing import Protocol

from benchit.config import Config
from benchit.contracts import Executor
from benchit.errors import BenchitError
from benchit.execute import protocol, resume
from benchit.execute.job import Job
from benchit.execute.joblog import JobLog
from benchit.execute.outcome import Ending, Outcome, decide
from benchit.execute.recorder import Recorder
from benchit.execute.reuse import reusable
from benchit.execute.salvage import salvage_run
from benchit.fs import file_digest
from benchit.messages import (
    Artifact,
    Attempt,
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
    MemoryGroupRefused,
    Message,
    QuietWait,
    ResultReady,
    ScriptError,
)
from benchit.naming import script_key
from benchit.records import Invocation, Result, Script, ScriptStatus
from benchit.store.cache import Cache

POLL_S = 0.25
# What a job's worker (and so its script) sends; the rest comes from the executor itself.
_FROM_WORKER = (InvocationFound, ResultReady, Attempt, Artifact, ScriptError, InternalError, Done, LockWait, QuietWait,
                MemoryGroupRefused)  # fmt: skip
TELL_WAIT_S = 1.0  # a wait for the host lock longer than this is shown


class Progress(Protocol):
    def script_started(self, job: Job) -> None: ...
    def invocation(self, job: Job, build: str, invocation: Invocation) -> None: ...
    def result(self, job: Job, build: str, result: Result) -> None: ...
    def script_finished(self, job: Job) -> None: ...
    def script_skipped(self, script: Script, reason: str) -> None: ...
    def lock_wait(self, job: Job) -> None: ...
    def quiet_wait(self, job: Job, evidence: str) -> None: ...
    def quiet_wait_spent(self, budget_s: float) -> None: ...
    def salvage(self, job: Job, builds: list[str]) -> None: ...


@dataclass(frozen=True)
class _Work:
    """A script's pass to run; ``number`` is the script's in the progress lines (0: not yet given)."""

    script: Script
    number: int = 0
    pass_index: int = 0


class Scheduler:
    """Runs scripts through ``executor``, at most ``executor.capacity`` at a time; a ``Recorder``
    writes everything to the cache as it arrives."""

    def __init__(self, config: Config, cache: Cache, progress: Progress, executor: Executor, preload: list[str]):
        self.config = config
        self.cache = cache
        self.progress = progress
        self.executor = executor
        self.preload = preload
        self.recorder = Recorder(config, cache, executor.name)
        self.machine_id: str | None = None  # results measured elsewhere do not count as done here
        self.active: dict[int, Job] = {}
        self.finished: list[Job] = []
        self.skipped: list[tuple[Script, str]] = []
        # What is left of --quiet-wait, the whole scan's budget of waits for a quiet machine: each
        # job starts with what is left, and the waits its worker reports are taken from it.
        self.quiet_left = config.quiet_wait_s
        self.later: collections.deque[_Work] = collections.deque()  # later passes, in the order their last ended
        self.started = 0  # jobs started: each job's id
        self.numbers: dict[str, int] = {}  # each script's number in the progress lines, by its key

    # -- the main loop ----------------------------------------------------------------------
    def run(self, scripts: list[Script]) -> list[Job]:
        """Run every script's first pass, then each later pass of the scripts whose previous pass
        ended ``ok`` (``TimingSettings.pass_count``): a later pass waits for every first pass to
        have started, so that passes lie apart in time. One job per script is returned: its last pass's."""
        queue: collections.deque[_Work] = collections.deque(_Work(s) for s in scripts)
        deferred: list[_Work] = []
        self.executor.open(self.config, self.preload)
        capacity = max(1, self.executor.capacity)
        machine = self.executor.machine()
        self.machine_id = machine.id if machine else None
        try:
            while queue or self.later or self.active or deferred:
                while (queue or self.later) and len(self.active) < capacity:
                    work = queue.popleft() if queue else self.later.popleft()
                    if not self._start(work, wait=False):
                        deferred.append(work)  # another scan holds it: try again when idle
                if not queue and not self.later and not self.active and deferred:
                    self._start(deferred.pop(0), wait=True)
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
                self.active[job_id].state.killed = (ScriptStatus.INTERRUPTED, reason)
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

    def _start(self, work: _Work, wait: bool) -> bool:
        """Start ``work`` (a script's pass); False when another scan holds its lock (and not ``wait``)."""
        script = work.script
        key = script_key(script.path, script.script_args or self.config.script_args)
        lock = self.cache.try_lock(key, blocking=wait)
        if lock is None:
            return False
        number = work.number or self.numbers.setdefault(key, len(self.numbers) + 1)
        try:
            record = self.recorder.new_record(script, key, file_digest(script.path))
            plan = resume.plan(self.cache, self.config, record, self.machine_id)
            earlier = self.cache.read_script(key) if work.pass_index else None
        except OSError as exc:
            lock.close()
            self.skipped.append((script, f"cannot read: {exc}"))
            return True
        if plan is None:
            lock.close()
            if not work.pass_index:  # a later pass with nothing left: every result has its passes
                self.skipped.append((script, "complete in the cache"))
                self.progress.script_skipped(script, "complete in the cache")
            return True
        self.started += 1
        job = Job(self.started, script, plan.record, kept=plan.record.builds, lock=lock, number=number,
                  pass_index=work.pass_index, passes=self.config.timing.pass_count, earlier=earlier)  # fmt: skip
        self.cache.write_script(job.record)
        job.started = time.monotonic()
        if script.label_error:
            job.state.killed = (ScriptStatus.FAILED, script.label_error)
            self.progress.script_started(job)
            self._finish(job)
            return True
        job.log = JobLog(self.cache, key)
        artifacts = reusable(self.cache, self.config, list(plan.previous_builds))
        # Each pass measures its own share of the rounds (``TimingSettings.for_pass``).
        # A later pass is timed only: its result keeps the first pass's parity verdict (``passes.join``).
        config = dataclasses.replace(
            self.config, timing=self.config.timing.for_pass(work.pass_index), parity=not work.pass_index
        )
        hint = earlier.machine.id if earlier is not None and earlier.machine is not None else None
        job.spec = JobSpec(
            job.index, key, script, config, plan.done, artifacts, quiet_wait_s=self.quiet_left, machine_hint=hint
        )
        self.active[job.index] = job
        self.executor.submit(job.spec)
        self.progress.script_started(job)
        return True

    # -- events -------------------------------------------------------------------------
    def _handle(self, event: Event) -> None:
        job = self.active.get(event.job_id)
        if job is None:
            return
        message, state = event.message, job.state
        if isinstance(message, _FROM_WORKER):
            if state.violation:
                return  # the job is being stopped: nothing more of its worker is believed
            try:
                protocol.check(job, message)
                self._dispatch(job, message)
            except protocol.Violation as exc:
                self._violation(job, str(exc))
            return
        self._dispatch(job, message)

    def _violation(self, job: Job, reason: str) -> None:
        """Fail ``job`` for a message it had no right to send, and stop it."""
        job.state.violation = reason
        job.state.killed = (ScriptStatus.FAILED, f"protocol violation: {reason}")
        self.executor.cancel(job.index, ScriptStatus.FAILED, f"protocol violation: {reason}")

    def _dispatch(self, job: Job, message: Message) -> None:
        state = job.state
        if isinstance(message, LogChunk):
            if job.log is not None:
                job.log.write(message.data)
        elif isinstance(message, InvocationFound):
            if job.script.hashes and not message.invocation.hash.startswith(job.script.hashes):
                return  # a model call of the script that this run did not choose (FILE::HASH)
            if self.recorder.invocation(job, message):
                self.progress.invocation(job, message.build, message.invocation)
        elif isinstance(message, ResultReady):
            result = self.recorder.result(job, message, self.executor.machine)
            self.progress.result(job, message.build, result)
        elif isinstance(message, Attempt):
            state.attempt = (message.build, message.result) if message.result is not None else None
        elif isinstance(message, Artifact):
            self.recorder.artifact(job, message, self.executor.scratch(job.index))
        elif isinstance(message, ScriptError):
            state.script_error = message.error()
        elif isinstance(message, InternalError):
            state.internal_error = message.traceback
        elif isinstance(message, Done):
            state.finished = True
        elif isinstance(message, LockWait):
            job.lock_wait.follow(message.waiting, time.monotonic())
        elif isinstance(message, QuietWait):
            self._quiet_wait(job, message)
        elif isinstance(message, JobStarted):
            state.machine = message.machine
            job.started = time.monotonic()
        elif isinstance(message, JobKilled):
            state.killed = state.killed or (message.status, message.reason)
            state.stack = state.stack or message.stack
        elif isinstance(message, JobExited):
            state.exited = message
            self._finish(job)

    def _quiet_wait(self, job: Job, message: QuietWait) -> None:
        """Show a wait for a quiet machine as it starts; take it from the budget as it ends."""
        if message.waiting:
            self.progress.quiet_wait(job, message.evidence)
            return
        had = self.quiet_left
        self.quiet_left = max(0.0, self.quiet_left - message.waited_s)
        if had > 0 and self.quiet_left <= 0:
            self.progress.quiet_wait_spent(self.config.quiet_wait_s)

    def _tell_waits(self) -> None:
        """Show, once per script, a wait for the host lock that lasts (another scan is measuring)."""
        now = time.monotonic()
        for job in self.active.values():
            clock = job.lock_wait
            if clock.since is not None and now - clock.since > TELL_WAIT_S and not clock.told:
                clock.told = True
                self.progress.lock_wait(job)

    def _decide(self, job: Job, exited: JobExited) -> Ending:
        state = job.state
        return decide(
            Outcome(
                killed=state.killed,
                internal_error=state.internal_error,
                finished=state.finished,
                script_error=state.script_error,
                found_models=bool(state.builds),
                exit_code=exited.exit_code,
                oom_killer=exited.oom_killer,
                memory_limit_bytes=self.config.memory_limit_bytes,
                memory_limit_default=self.config.memory_limit_default,
                log_tail=job.log.last() if job.log else "",
                stack=state.stack,
            )
        )

    def _finish(self, job: Job) -> None:
        state = job.state
        exited = state.exited or JobExited(None)
        if job.ending is None:
            job.ending = self._decide(job, exited)
            died = self.recorder.died_during(job, job.ending, self.executor.machine)
            if died is not None:
                self.progress.result(job, *died)
            rerun = salvage_run(job, job.ending[0], self.config, self.cache, self.machine_id, self.quiet_left)
            if rerun is not None:
                self.progress.salvage(job, list(rerun.salvage))
                state.first_exited, state.exited = state.exited, None
                job.spec = rerun
                self.executor.submit(rerun)
                return
        if job.log is not None:
            job.log.close()
        status, error = job.ending
        self.recorder.finish(job, status, error, state.first_exited or exited)
        if job.lock is not None:
            job.lock.close()
        self.active.pop(job.index, None)
        # A script's last pass stands for it: its record holds what every pass did.
        earlier = next((i for i, done in enumerate(self.finished) if done.key == job.key), None)
        if earlier is None:
            self.finished.append(job)
        else:
            self.finished[earlier] = job
        job.final = not self._another_pass(job, status)
        self.progress.script_finished(job)
        if not job.final:
            self.later.append(_Work(job.script, job.number, job.pass_index + 1))

    def _another_pass(self, job: Job, status: ScriptStatus) -> bool:
        """Whether ``job``'s script has a pass to come: it ended ``ok`` before its last pass, and
        some of its results still lack passes (results that failed are complete after one)."""
        if status is not ScriptStatus.OK or job.pass_index + 1 >= job.passes or job.state.killed:
            return False
        try:
            return resume.plan(self.cache, self.config, job.record, self.machine_id) is not None
        except OSError:
            return True  # the next pass will say what it cannot read
