"""The ``local`` executor: scripts run on this machine, each in a child forked from a warm worker
that imported torch once; timeouts (less the waits for the host lock), the memory limit (a
memory cgroup per script where the kernel allows one, else polling) and out-of-memory detection here."""

from __future__ import annotations

import dataclasses
import os
import selectors
import shutil
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

from benchit import safejson
from benchit.config import Config
from benchit.contracts import Executor
from benchit.execute import cgroup, scratch, stack, warm
from benchit.execute.forkserver import ForkServer
from benchit.execute.job import LockClock
from benchit.execute.outcome import signal_name
from benchit.execute.process import (
    become_subreaper,
    kill_children,
    kill_session,
    kill_tree,
    oom_killed_since,
    oom_kills,
    tree_rss,
)
from benchit.execute.scratch import RunFolder
from benchit.markers import hookimpl
from benchit.measure import hostlock
from benchit.measure.environment import machine_identity
from benchit.messages import (
    Event,
    JobExited,
    JobKilled,
    JobSpec,
    JobStarted,
    LockWait,
    LogChunk,
    MemoryGroupRefused,
    QuietWait,
    decode,
)
from benchit.records import Machine, ScriptStatus

GRACE_S = 2.0  # how long messages may still arrive after the worker exited
# One message on a worker's channel: an artifact inlined as base64 (a Ray node's jobs) is the
# largest a worker sends; anything longer is not a worker speaking the protocol.
MAX_LINE_BYTES = 3 * 2**30
POLL_S = 0.25
# A worker's word that it waits (for the host lock, for a quiet machine) stops its --timeout clock,
# so it is checked: a wait for the host lock that lasts LOCK_CHECK_AFTER_S is looked up in the
# kernel's list of lock waiters every LOCK_CHECK_EVERY_S, and LOCK_CHECK_MISSES misses in a row
# end the job; quiet waits count only up to the --quiet-wait budget the job had (QUIET_SLACK_S more,
# for the last reading of the machine).
LOCK_CHECK_AFTER_S = 2.0
LOCK_CHECK_EVERY_S = 1.0
LOCK_CHECK_MISSES = 3
QUIET_SLACK_S = 2.0


@dataclass
class _Job:
    """A job's process and pipes, as the executor sees them."""

    spec: JobSpec
    msg_fd: int | None
    log_fd: int | None
    workdir: str
    pid: int | None = None
    started: float = field(default_factory=time.monotonic)
    exit_code: int | None = None
    exited_at: float | None = None
    buffer: bytes = b""
    killed: JobKilled | None = None
    abandoned: bool = False  # cancelled: finish without waiting for the exit
    peak_rss: int = 0
    oom_before: dict[str, int] = field(default_factory=dict)
    group: cgroup.MemoryGroup | None = None  # the memory cgroup enforcing the limit, if the kernel allows one
    # Waits for the host lock and for a quiet machine: not the script's work (checked, see LOCK_CHECK_*).
    lock_wait: LockClock = field(default_factory=LockClock)
    quiet_wait: LockClock = field(default_factory=LockClock)
    lock_checked: float = 0.0  # when a claimed wait for the host lock was last looked up
    lock_misses: int = 0  # looks in a row that found the worker not waiting

    def working_s(self, now: float) -> float:
        """Seconds of the script's own work so far: since it started, less its waits for the host
        lock and for a quiet machine (these up to the --quiet-wait budget it had)."""
        config = self.spec.config
        budget = config.quiet_wait_s if self.spec.quiet_wait_s is None else self.spec.quiet_wait_s
        quiet = min(self.quiet_wait.total(now), budget + QUIET_SLACK_S)
        return now - self.started - self.lock_wait.total(now) - quiet

    @property
    def memory_enforced_by(self) -> str:
        if not self.spec.config.memory_limit_bytes:
            return ""
        return f"cgroup v{self.group.version}" if self.group else "polling"


class LocalExecutor(Executor):
    name = "local"
    description = "this machine: a warm worker forks one isolated process per script (the default)"

    def __init__(self) -> None:
        self.server: ForkServer | None = None
        self.selector = selectors.DefaultSelector()
        self.jobs: dict[int, _Job] = {}
        self.preload: list[str] = []
        # Folders of finished jobs, removed on the next call: the coordinator first moves the
        # artifacts that the last events named out of them. ``workdirs``: each job's folder until then.
        self.trash: list[tuple[int, str]] = []
        self.workdirs: dict[int, str] = {}
        self.folder: RunFolder | None = None
        self.warm_key: warm.Key = ()

    def open(self, config: Config, preload: list[str]) -> None:
        self.config, self.preload = config, preload
        become_subreaper()  # if the warm worker dies, what its scripts started comes here to be killed
        cgroup.sweep()  # memory groups left by benchit runs that were killed

    def machine(self) -> Machine:
        return machine_identity()

    def submit(self, spec: JobSpec) -> None:
        if self.server is None:
            accelerated = any(device != "cpu" for device in spec.config.devices)
            self.warm_key = warm.key(self.preload, accelerated, dict(os.environ))
            kept = warm.take(self.warm_key) if self.folder is None else None
            if kept is not None:  # an earlier scan's worker in this process, for the same scripts' needs
                self.server, self.folder = kept
            else:
                self.folder = self.folder or RunFolder()
                env = {**os.environ, scratch.ENV: str(self.folder.path)}
                self.server = ForkServer(self.preload, env=env, guard=accelerated)
            self.selector.register(self.server.sock, selectors.EVENT_READ, ("server", None))
        assert self.folder is not None
        workdir = self.folder.job(spec.job_id)
        self.workdirs[spec.job_id] = workdir
        spec = dataclasses.replace(spec, workdir=workdir)
        limit = spec.config.memory_limit_bytes
        group = cgroup.MemoryGroup.create(f"benchit-{os.getpid()}-{spec.job_id}", limit) if limit else None
        msg_r, msg_w = os.pipe()
        log_r, log_w = os.pipe()
        # The script runs in benchit's working folder of now, whichever scan started the warm worker.
        sent = {**spec.to_dict(), "cgroup": group and group.to_dict(), "cwd": os.getcwd()}
        self.server.submit(spec.job_id, sent, msg_w, log_w)
        os.close(msg_w)
        os.close(log_w)
        job = _Job(spec, msg_r, log_r, workdir, group=group)
        for fd, kind in ((msg_r, "msg"), (log_r, "log")):
            os.set_blocking(fd, False)
            self.selector.register(fd, selectors.EVENT_READ, (kind, job))
        self.jobs[spec.job_id] = job

    def events(self, timeout: float) -> list[Event]:
        self._empty_trash()
        out: list[Event] = []
        ready = self.selector.select(timeout=min(timeout, POLL_S)) if self.jobs or self.server else []
        # The server's news first: a job's start before what it says.
        for key, _ in sorted(ready, key=lambda kv: kv[0].data[0] != "server"):
            kind, job = key.data
            if kind == "server":
                out += self._server_message()
            elif job.spec.job_id in self.jobs:
                out += self._read_messages(job) if kind == "msg" else self._read_log(job)
        now = time.monotonic()
        for job in list(self.jobs.values()):
            self._enforce(job, now)
            if job.abandoned or (
                job.exit_code is not None and (job.msg_fd is None or now - (job.exited_at or now) > GRACE_S)
            ):
                out += self._finish(job)
        return out

    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        job = self.jobs.get(job_id)
        if job is None:
            return
        job.killed = job.killed or JobKilled(status, reason)
        job.abandoned = True
        if job.pid:
            kill_tree(job.pid)
        if job.group:
            job.group.kill()

    def close(self) -> None:
        # A worker whose every script ended and told it may serve a later scan of this process
        # (``warm.keep``); one that still had scripts to kill could yet report them: it goes.
        settled = not self.jobs
        for job in list(self.jobs.values()):
            if job.pid:
                kill_tree(job.pid)
            self._finish(job)
        self._empty_trash()
        if self.server and self.folder and settled and warm.give_back(self.warm_key, self.server, self.folder):
            self.selector.unregister(self.server.sock)
            self.server = self.folder = None
        if self.server:
            self.server.close()
            self.server = None
        if self.folder:
            self.folder.close()
            self.folder = None

    def scratch(self, job_id: int) -> str | None:
        return self.workdirs.get(job_id)

    def _empty_trash(self) -> None:
        while self.trash:
            job_id, workdir = self.trash.pop()
            shutil.rmtree(workdir, ignore_errors=True)
            if self.workdirs.get(job_id) == workdir:  # not a salvage run's new folder
                del self.workdirs[job_id]

    # -- the warm worker --------------------------------------------------------------------
    def _server_message(self) -> list[Event]:
        assert self.server is not None
        message = self.server.receive()
        if message is None:
            return self._server_died()
        job = self.jobs.get(message.get("job", -1))
        if job is None:
            return []
        if "pid" in message:
            job.pid = message["pid"]
            job.started = time.monotonic()
            job.oom_before = oom_kills()
            return [Event(job.spec.job_id, JobStarted(machine_identity(), job.pid))]
        if "exit" in message:
            job.exit_code = message["exit"]
            job.exited_at = time.monotonic()
        return []

    def _server_died(self) -> list[Event]:
        """The warm worker died (the kernel's OOM killer picks the biggest process): its children
        die with it. Report them, and let the next script start a fresh one."""
        assert self.server is not None
        self.selector.unregister(self.server.sock)
        self.server.close()
        code = self.server.process.returncode
        self.server = None
        how = f"was killed by {signal_name(-code)}" if code and code < 0 else f"exited with code {code}"
        out: list[Event] = []
        for job in list(self.jobs.values()):
            oom = code == -signal.SIGKILL and oom_killed_since(job.oom_before)
            status = ScriptStatus.OOM if oom else ScriptStatus.KILLED
            job.killed = job.killed or JobKilled(
                status,
                f"benchit's warm worker process {how}"
                + (" by the kernel's out-of-memory killer" if oom else "")
                + " while this script ran; the scan went on with a new one",
            )
            if job.pid:
                kill_tree(job.pid)
            out += self._finish(job)
        # Processes that had left a script's session were adopted by this process (a subreaper).
        kill_children(os.getpid(), reap=True)
        return out

    # -- one job --------------------------------------------------------------------------
    def _enforce(self, job: _Job, now: float) -> None:
        """Kill a job over --timeout or --memory-limit (its whole process tree); its JobKilled goes
        out with its JobExited, after the messages it sent before."""
        config = job.spec.config
        if not job.pid or job.killed is not None or job.exit_code is not None:
            return
        self._check_lock_wait(job, now)
        if job.killed is not None:
            return
        if job.working_s(now) > config.timeout_s:
            where, trace = stack.stopped(job.pid, Path(job.workdir), str(job.spec.script.path))
            reason = f"did not finish within --timeout {config.timeout_s:g} s" + (f", stopped in {where}" if where else "")
            job.killed = JobKilled(ScriptStatus.TIMEOUT, reason, trace)
        elif config.memory_limit_bytes and job.group is None:
            rss = tree_rss(job.pid)
            job.peak_rss = max(job.peak_rss, rss)
            if rss > config.memory_limit_bytes:
                job.killed = JobKilled(
                    ScriptStatus.OOM,
                    f"used {rss / 2**30:.2f} GiB (proportional set size), over {_limit_name(config)} "
                    f"{config.memory_limit_bytes / 2**30:.2f} GiB",
                )
        if job.killed is None:
            return
        kill_tree(job.pid)
        if job.group:
            job.group.kill()
        return  # JobKilled goes out with JobExited, once the messages before it are read

    def _check_lock_wait(self, job: _Job, now: float) -> None:
        """A wait for the host lock that lasts must show in the kernel's list of lock waiters: a
        worker that only says it waits (a script can send the message) would stop its --timeout
        clock for good. Where the kernel does not say, the word is taken."""
        clock = job.lock_wait
        if clock.since is None or now - clock.since < LOCK_CHECK_AFTER_S or now - job.lock_checked < LOCK_CHECK_EVERY_S:
            return
        job.lock_checked = now
        assert job.pid is not None
        if hostlock.blocked_on_host_lock(job.pid) is not False:
            job.lock_misses = 0
            return
        job.lock_misses += 1
        if job.lock_misses >= LOCK_CHECK_MISSES:
            clock.drop()  # never a wait: the time counts as the script's own
            self._violation(job, "said it waited for the host lock, but the kernel lists no such wait (/proc/locks)")

    def _close(self, job: _Job, attr: str) -> None:
        fd = getattr(job, attr)
        if fd is not None:
            self.selector.unregister(fd)
            os.close(fd)
            setattr(job, attr, None)

    def _read_messages(self, job: _Job, drain: bool = False) -> list[Event]:
        """The complete messages waiting on the job's channel (all of them when ``drain``)."""
        out: list[Event] = []
        while job.msg_fd is not None:
            try:
                data = os.read(job.msg_fd, 1 << 16)
            except BlockingIOError:
                break
            if not data:
                self._close(job, "msg_fd")
                break
            job.buffer += data
            *lines, job.buffer = job.buffer.split(b"\n")
            if len(job.buffer) > MAX_LINE_BYTES:
                job.buffer = b""
                self._violation(job, f"a message longer than {MAX_LINE_BYTES} bytes")
            for line in lines:
                try:
                    message = decode(safejson.loads(line, max_bytes=MAX_LINE_BYTES))
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue  # a line the script itself wrote to the channel, or a torn one
                self._note(job, message)
                out.append(Event(job.spec.job_id, message))
            if not drain:
                break
        return out

    def _violation(self, job: _Job, reason: str) -> None:
        """End a job whose worker broke the protocol itself (the coordinator checks the rest)."""
        job.killed = JobKilled(ScriptStatus.FAILED, f"protocol violation: {reason}")
        if job.pid:
            kill_tree(job.pid)
        if job.group:
            job.group.kill()

    def _note(self, job: _Job, message: object) -> None:
        """What the executor itself takes from a worker's message: waits for the host lock or for a
        quiet machine (neither counts against --timeout), a refused cgroup."""
        if isinstance(message, LockWait):
            job.lock_wait.follow(message.waiting, time.monotonic())
            job.lock_misses = 0
        elif isinstance(message, QuietWait):
            job.quiet_wait.follow(message.waiting, time.monotonic())
        elif isinstance(message, MemoryGroupRefused) and job.group is not None:
            job.group.remove()
            job.group = None

    def _read_log(self, job: _Job, drain: bool = False) -> list[Event]:
        out: list[Event] = []
        while job.log_fd is not None:
            try:
                data = os.read(job.log_fd, 1 << 16)
            except BlockingIOError:
                break
            if not data:
                self._close(job, "log_fd")
                break
            out.append(Event(job.spec.job_id, LogChunk(data)))
            if not drain:
                break
        return out

    def _finish(self, job: _Job) -> list[Event]:
        out = self._read_messages(job, drain=True) + self._read_log(job, drain=True)
        for attr in ("msg_fd", "log_fd"):
            self._close(job, attr)
        if job.pid:
            kill_session(job.pid)  # what the script left running in its session ends with it
        self.trash.append((job.spec.job_id, job.workdir))
        oom = job.exit_code == -signal.SIGKILL and oom_killed_since(job.oom_before)
        if job.group is not None:
            limit = job.spec.config.memory_limit_bytes or 0
            peak = job.group.peak() or 0
            if job.killed is None and job.exit_code == -signal.SIGKILL and job.group.oom_kills():
                if peak < 0.95 * limit:
                    oom = True  # killed below its own limit: the group benchit runs in, or the machine, ran out
                else:
                    job.killed = JobKilled(
                        ScriptStatus.OOM,
                        f"used more memory than allowed: over {_limit_name(job.spec.config)} {limit / 2**30:.2f} "
                        f"GiB in pages really used; the kernel stopped it (memory cgroup v{job.group.version})",
                    )
            job.peak_rss = job.group.peak() or job.peak_rss
            job.group.remove()
        if job.killed is not None:
            out.append(Event(job.spec.job_id, job.killed))
        exited = JobExited(job.exit_code, oom, job.peak_rss, job.memory_enforced_by)
        out.append(Event(job.spec.job_id, exited))
        self.jobs.pop(job.spec.job_id, None)
        return out


def _limit_name(config: Config) -> str:
    return "the default memory limit (free memory / jobs)" if config.memory_limit_default else "--memory-limit"


@hookimpl
def benchit_executors() -> list[type[Executor]]:
    return [LocalExecutor]
