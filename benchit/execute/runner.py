"""Running scripts in warm, isolated worker processes: scheduling, timeouts, memory limits,
statuses, and writing what the workers send into the cache as it arrives."""

from __future__ import annotations

import collections
import json
import os
import selectors
import signal
import time
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from benchit import __version__
from benchit.config import Config
from benchit.execute.forkserver import ForkServer
from benchit.execute.process import (
    become_subreaper,
    kill_children,
    kill_session,
    kill_tree,
    oom_killed_since,
    oom_kills,
    tree_rss,
)
from benchit.records import Script
from benchit.store.cache import Cache, file_digest, script_key

LOG_LIMIT = 8 << 20  # bytes of a script's output kept from its start
LOG_TAIL = 64 << 10  # bytes kept from its end when the output is longer
GRACE_S = 2.0
# How allocators say that memory ran out, when they raise something other than MemoryError.
_OOM_MESSAGES = ("can't allocate memory", "cannot allocate memory", "out of memory")


class Progress(Protocol):
    def script_started(self, job: Job) -> None: ...
    def invocation(self, job: Job, build: str, invocation: dict[str, Any]) -> None: ...
    def result(self, job: Job, build: str, result: dict[str, Any]) -> None: ...
    def script_finished(self, job: Job) -> None: ...
    def script_skipped(self, script: Script, reason: str) -> None: ...


@dataclass
class Job:
    """One script's run, as the parent sees it."""

    index: int
    script: Script
    key: str
    digest: str
    record: dict[str, Any]
    done: dict[str, list[str]]
    lock: IO[str] | None = None
    pid: int | None = None
    started: float = 0.0
    exit_code: int | None = None
    exited_at: float | None = None
    msg_fd: int | None = None
    log_fd: int | None = None
    log: IO[bytes] | None = None
    log_written: int = 0
    log_tail: collections.deque[bytes] = field(default_factory=collections.deque)
    log_dropped: int = 0
    buffer: bytes = b""
    builds: list[str] = field(default_factory=list)
    script_error: dict[str, Any] | None = None
    internal_error: str | None = None
    finished_ok: bool = False
    verdict: tuple[str, str] | None = None  # (status, reason) decided by the parent: timeout, oom...
    results: int = 0
    failed_results: int = 0
    peak_rss: int = 0
    oom_before: dict[str, int] = field(default_factory=dict)  # the kernel's OOM-kill counters at start
    kept: list[str] = field(default_factory=list)  # builds of an earlier run of the same script

    @property
    def status(self) -> str:
        return self.record.get("status", "running")


class Runner:
    """Runs scripts, at most ``config.jobs`` at a time, and records everything in the cache."""

    name = "local"

    def __init__(self, config: Config, cache: Cache, progress: Progress, preload: list[str]):
        self.config = config
        self.cache = cache
        self.progress = progress
        self.preload = preload
        self.server: ForkServer | None = None
        self.selector = selectors.DefaultSelector()
        self.active: dict[int, Job] = {}
        self.finished: list[Job] = []
        self.skipped: list[tuple[Script, str]] = []
        self.started_at = time.time()

    def open(self) -> None:
        """Check what the executor needs before anything is written; raise ``UsageError`` if it cannot run."""

    # -- deciding what to run -------------------------------------------------------------
    def plan(self, script: Script) -> tuple[str, dict[str, Any], dict[str, list[str]]] | None:
        """``None`` when the script is complete in the cache; else (digest, record, pairs done)."""
        key = script_key(script.path)
        digest = file_digest(script.path)
        previous = self.cache.read_script(key)
        record = {
            "script": str(script.path),
            "key": key,
            "digest": digest,
            "labels": script.labels,
            "hashes": list(script.hashes),
            "script_args": list(self.config.script_args),
            "devices": list(self.config.devices),
            "runtimes": list(self.config.runtimes),
            "analyze_only": self.config.analyze_only,
            "benchit_version": __version__,
            "timeout_s": self.config.timeout_s,
            "memory_limit_bytes": self.config.memory_limit_bytes,
            "status": "running",
            "error": None,
            "builds": [],
            "pid": os.getpid(),
            "started": time.time(),
        }
        if previous is not None and previous.get("digest") == digest:
            # Until this run lists its own builds, keep listing the earlier ones: an interrupted
            # re-run must not hide results that are still valid.
            record["builds"] = [b for b in previous.get("builds") or [] if isinstance(b, str)]
        if previous is None or self.config.rebuild == "always":
            return digest, record, {}
        if self.config.rebuild == "never":
            return None
        same = all(previous.get(k) == record[k] for k in ("digest", "script_args", "benchit_version", "hashes"))
        if not same or not self._settled(previous):
            return digest, record, {}
        done = self._pairs_done(previous, digest)
        wanted = {f"{d}-{r}" for d in self.config.devices for r in self.config.runtimes}
        if self.config.analyze_only or all(wanted <= set(done.get(b, ())) for b in previous.get("builds", [])):
            return None
        return digest, record, done

    def _settled(self, previous: dict[str, Any]) -> bool:
        """Whether the way a script last ended would repeat under this run's settings. ``running``
        (benchit was killed), ``interrupted`` and ``killed`` never count; a timeout counts unless
        --timeout grew; an out-of-memory ending counts only under a --memory-limit as low as before."""
        status = previous.get("status")
        if status == "timeout":
            return self.config.timeout_s <= (previous.get("timeout_s") or 0)
        if status == "oom":
            before, now = previous.get("memory_limit_bytes"), self.config.memory_limit_bytes
            return before is not None and now is not None and now <= before
        return status in ("ok", "no_models", "failed")

    def _pairs_done(self, previous: dict[str, Any], digest: str) -> dict[str, list[str]]:
        done: dict[str, list[str]] = {}
        for build in previous.get("builds", []):
            done[build] = [
                f"{r['device']}-{r['runtime']}"
                for r in self.cache.read_results(build)
                if r.get("script_digest") == digest and r["status"] in ("ok", "failed", "unavailable")
            ]
        return done

    # -- the main loop ----------------------------------------------------------------------
    def run(self, scripts: list[Script]) -> list[Job]:
        queue: collections.deque[Script] = collections.deque(scripts)
        deferred: list[Script] = []
        index = 0
        become_subreaper()  # if the warm worker dies, what its scripts started comes here to be killed
        try:
            while queue or self.active or deferred:
                while queue and len(self.active) < self.config.jobs:
                    script = queue.popleft()
                    index += 1
                    if not self._start(script, index, wait=False):
                        deferred.append(script)
                        index -= 1
                if not queue and not self.active and deferred:
                    queue.append(deferred.pop(0))
                    index += 1
                    self._start(queue.popleft(), index, wait=True)
                if self.active:  # nothing to wait for when every script was complete in the cache
                    self._poll()
        except KeyboardInterrupt:
            for job in list(self.active.values()):
                job.verdict = ("interrupted", "stopped by the user (Ctrl-C) before the script finished")
                if job.pid:
                    kill_tree(job.pid)
                self._finish(job)
            raise
        finally:
            if self.server:
                self.server.close()
        return self.finished

    def _start(self, script: Script, index: int, wait: bool) -> bool:
        key = script_key(script.path)
        lock = self.cache.try_lock(key, blocking=wait)
        if lock is None:
            return False
        try:
            plan = self.plan(script)
        except OSError as exc:
            lock.close()
            self.skipped.append((script, f"cannot read: {exc}"))
            return True
        if plan is None:
            lock.close()
            self.skipped.append((script, "complete in the cache"))
            self.progress.script_skipped(script, "complete in the cache")
            return True
        digest, record, done = plan
        job = Job(index=index, script=script, key=key, digest=digest, record=record, done=done, lock=lock)
        job.kept = list(record["builds"])
        self.cache.write_script(key, record)
        if script.label_error:
            job.verdict = ("failed", script.label_error)
            self.progress.script_started(job)
            self._finish(job)
            return True
        if self.server is None:
            self.server = ForkServer(self.preload)
            self.selector.register(self.server.sock, selectors.EVENT_READ, ("server", None))
        msg_r, msg_w = os.pipe()
        log_r, log_w = os.pipe()
        job.msg_fd, job.log_fd = msg_r, log_r
        job.log = open(self.cache.log_path(key), "wb")
        job_spec = {"config": self.config.to_dict(), "script": script.to_dict(), "done": done}
        self.server.submit(index, job_spec, msg_w, log_w)
        os.close(msg_w)
        os.close(log_w)
        for fd, kind in ((msg_r, "msg"), (log_r, "log")):
            os.set_blocking(fd, False)
            self.selector.register(fd, selectors.EVENT_READ, (kind, job))
        job.started = time.monotonic()
        self.active[index] = job
        self.progress.script_started(job)
        return True

    def _poll(self) -> None:
        for key, _ in self.selector.select(timeout=0.25):
            kind, job = key.data
            if kind == "server":
                self._server_message()
            elif kind == "msg":
                self._read_messages(job)
            else:
                self._read_log(job)
        now = time.monotonic()
        for job in list(self.active.values()):
            if job.pid and job.verdict is None and job.exit_code is None:
                if now - job.started > self.config.timeout_s:
                    job.verdict = ("timeout", f"did not finish within --timeout {self.config.timeout_s:g} s")
                    kill_tree(job.pid)
                elif self.config.memory_limit_bytes:
                    rss = tree_rss(job.pid)
                    job.peak_rss = max(job.peak_rss, rss)
                    if rss > self.config.memory_limit_bytes:
                        job.verdict = (
                            "oom",
                            f"used {rss / 2**30:.2f} GiB, over --memory-limit "
                            f"{self.config.memory_limit_bytes / 2**30:.2f} GiB",
                        )
                        kill_tree(job.pid)
            if job.exit_code is not None and (job.msg_fd is None or now - (job.exited_at or now) > GRACE_S):
                self._finish(job)

    def _server_message(self) -> None:
        assert self.server is not None
        message = self.server.receive()
        if message is None:
            self._server_died()
            return
        job = self.active.get(message.get("job", -1))
        if job is None:
            return
        if "pid" in message:
            job.pid = message["pid"]
            job.started = time.monotonic()
            job.oom_before = oom_kills()
        elif "exit" in message:
            job.exit_code = message["exit"]
            job.exited_at = time.monotonic()

    def _server_died(self) -> None:
        """The warm worker died (the kernel's OOM killer picks the biggest process): its children
        die with it. Record them, and let the next script start a fresh one."""
        assert self.server is not None
        self.selector.unregister(self.server.sock)
        self.server.close()
        code = self.server.process.returncode
        self.server = None
        how = (
            f"was killed by {signal.Signals(-code).name}"
            if code and -code in signal.Signals._value2member_map_
            else f"exited with code {code}"
        )
        for job in list(self.active.values()):
            oom = code == -signal.SIGKILL and oom_killed_since(job.oom_before)
            job.verdict = job.verdict or (
                "oom" if oom else "killed",
                f"benchit's warm worker process {how}"
                + (" by the kernel's out-of-memory killer" if oom else "")
                + " while this script ran; the scan went on with a new one",
            )
            if job.pid:
                kill_tree(job.pid)
            self._finish(job)
        # Processes that had left a script's session were adopted by this process (a subreaper).
        kill_children(os.getpid(), reap=True)

    def _close(self, job: Job, attr: str) -> None:
        fd = getattr(job, attr)
        if fd is not None:
            self.selector.unregister(fd)
            os.close(fd)
            setattr(job, attr, None)

    def _read_messages(self, job: Job, drain: bool = False) -> None:
        """Handle the complete messages waiting on the job's channel (all of them when ``drain``)."""
        while job.msg_fd is not None:
            try:
                data = os.read(job.msg_fd, 1 << 16)
            except BlockingIOError:
                return
            if not data:
                self._close(job, "msg_fd")
                return
            job.buffer += data
            *lines, job.buffer = job.buffer.split(b"\n")
            for line in lines:
                try:
                    message = json.loads(line)
                except ValueError:
                    continue
                self._handle(job, message)
            if not drain:
                return

    def _handle(self, job: Job, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "invocation":
            invocation = message["invocation"]
            if job.script.hashes and not invocation["hash"].startswith(job.script.hashes):
                return
            build = message["build"]
            self.cache.write_build(
                build,
                {
                    "build_name": build,
                    "script": str(job.script.path),
                    "script_key": job.key,
                    "labels": job.script.labels,
                    "invocation": invocation,
                    "script_digest": job.digest,
                },
            )
            if build not in job.builds:
                job.builds.append(build)
                job.record["builds"] = job.builds + [b for b in job.kept if b not in job.builds]
                self.cache.write_script(job.key, job.record)
                self.progress.invocation(job, build, invocation)
        elif kind == "result":
            result = {**message["result"], "script_digest": job.digest, "finished": time.time()}
            self.cache.write_result(message["build"], result)
            job.results += 1
            job.failed_results += result["status"] == "failed"
            self.progress.result(job, message["build"], result)
        elif kind == "script_error":
            job.script_error = message["error"]
        elif kind == "internal_error":
            job.internal_error = message["error"]
        elif kind == "done":
            job.finished_ok = True

    def _read_log(self, job: Job, drain: bool = False) -> None:
        """Copy the job's output to its log: the first LOG_LIMIT bytes, then only a tail in memory."""
        while job.log_fd is not None and job.log is not None:
            try:
                data = os.read(job.log_fd, 1 << 16)
            except BlockingIOError:
                return
            if not data:
                self._close(job, "log_fd")
                return
            self._keep_log(job, data)
            if not drain:
                return

    def _keep_log(self, job: Job, data: bytes) -> None:
        assert job.log is not None
        room = LOG_LIMIT - job.log_written
        if room > 0:
            job.log.write(data[:room])
            job.log_written += min(room, len(data))
            data = data[room:]
        if data:
            job.log_dropped += len(data)
            job.log_tail.append(data)
            while sum(map(len, job.log_tail)) - len(job.log_tail[0]) > LOG_TAIL:
                job.log_tail.popleft()

    def _verdict(self, job: Job) -> tuple[str, dict[str, Any] | None]:
        if job.verdict:
            status, reason = job.verdict
            return status, {"type": status, "message": reason, "traceback": self._log_tail(job)}
        if job.internal_error:
            return "failed", {
                "type": "InternalError",
                "message": "benchit failed inside the worker",
                "traceback": job.internal_error,
            }
        if job.finished_ok:
            if job.script_error:
                return self._script_failure(job.script_error)
            return ("ok" if job.builds else "no_models"), None
        code = job.exit_code
        if code == -signal.SIGKILL and oom_killed_since(job.oom_before):
            return "oom", {
                "type": "SIGKILL",
                "message": "killed by the kernel's out-of-memory killer: the machine (or its memory cgroup) "
                "ran out of memory; try --memory-limit to stop such scripts sooner",
                "traceback": self._log_tail(job),
            }
        if code is not None and code < 0:
            name = signal.Signals(-code).name if -code in signal.Signals._value2member_map_ else str(-code)
            hint = {
                "SIGKILL": " (killed from outside, often the kernel's out-of-memory killer)",
                "SIGSEGV": " (segmentation fault)",
                "SIGABRT": " (aborted)",
                "SIGBUS": " (bus error)",
            }
            return "killed", {
                "type": name,
                "message": f"the worker was killed by {name}{hint.get(name, '')}",
                "traceback": self._log_tail(job),
            }
        return "failed", {
            "type": "WorkerExit",
            "message": f"the worker exited with code {code} before finishing (os._exit?)",
            "traceback": self._log_tail(job),
        }

    def _script_failure(self, error: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """``oom`` for a script that ran out of memory (MemoryError, or torch's allocator failing,
        which the RLIMIT_DATA of --memory-limit provokes); ``failed`` for anything else."""
        error = dict(error)
        kind, message = str(error.get("type", "")), str(error.get("message") or "")
        if not message.strip():
            error["message"] = message = f"the script raised {kind or 'an exception'} (no message)"
        lowered = message.lower()
        if "MemoryError" in kind or "OutOfMemory" in kind or any(m in lowered for m in _OOM_MESSAGES):
            limit = self.config.memory_limit_bytes
            where = f" under --memory-limit {limit / 2**20:.0f} MiB" if limit else ""
            error["message"] = f"ran out of memory{where}: {kind}: {message}"
            return "oom", error
        return "failed", error

    def _log_tail(self, job: Job, limit: int = 2000) -> str:
        try:
            data = self.cache.log_path(job.key).read_bytes()[-limit:] if not job.log_tail else b"".join(job.log_tail)
        except OSError:
            return ""
        return data[-limit:].decode("utf-8", errors="replace").strip()

    def _finish(self, job: Job) -> None:
        self._read_messages(job, drain=True)
        self._read_log(job, drain=True)
        for attr in ("msg_fd", "log_fd"):
            self._close(job, attr)
        if job.log is not None:
            if job.log_dropped:
                tail = b"".join(job.log_tail)[-LOG_TAIL:]
                job.log.write(
                    f"\n[benchit: {job.log_dropped} bytes of output not kept; the last {len(tail)} follow]\n".encode()
                    + tail
                )
            job.log.close()
        if job.pid:
            kill_session(job.pid)  # what the script left running in its session ends with it
        status, error = self._verdict(job)
        final = status in ("ok", "no_models", "failed")  # else the earlier builds stay listed
        job.record.update(
            status=status,
            error=error,
            builds=job.builds if final else job.builds + [b for b in job.kept if b not in job.builds],
            finished=time.time(),
            duration_s=round(time.monotonic() - job.started, 3) if job.started else 0.0,
            results=job.results,
            failed_results=job.failed_results,
        )
        if job.peak_rss:
            job.record["peak_rss_bytes"] = job.peak_rss
        self.cache.write_script(job.key, job.record)
        if job.lock is not None:
            job.lock.close()
        self.active.pop(job.index, None)
        self.finished.append(job)
        self.progress.script_finished(job)
