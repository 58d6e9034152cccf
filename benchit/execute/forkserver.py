"""A warm worker: a process that imports torch (and the corpus's heavy libraries) once, then forks
one isolated child per script, so each script pays for its own work and not for start-up.

The parent talks to the server over a ``SOCK_SEQPACKET`` socket: it sends a job with two
file descriptors (the message pipe and the log pipe); the server forks, answers
``{"job", "pid"}``, and later ``{"job", "exit"}`` when the child has ended.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

from benchit.execute import cgroup, process, scratch

MAX_MESSAGE = 1 << 20
# Whether the user chose Inductor's cache folder; read before the preload (whose imports set it).
USER_COMPILE_CACHE = scratch.user_chose_compile_cache()


def _child(job: dict[str, Any], msg_fd: int, log_fd: int, server: int) -> None:
    """Runs in the forked child: its own session, output to the log pipe, then the job."""
    os.setsid()
    process.die_with_parent(signal.SIGKILL, parent=server)
    # Orphans of the script's processes are adopted here, so a timeout still finds them.
    process.become_subreaper()
    config = job.get("config", {})
    limit = config.get("memory_limit_bytes")
    # The kernel enforces the limit on the pages really used where a memory cgroup is allowed;
    # elsewhere the parent polls. RLIMIT_DATA, which counts reserved address space, is only a
    # backstop far above the limit (and left out where accelerator drivers map memory).
    group = job.get("cgroup")
    joined = group is not None and cgroup.MemoryGroup.from_dict(group).join()
    if limit and not joined and set(config.get("devices", ())) <= {"cpu"}:
        process.limit_data(process.backstop(limit))
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGPIPE):
        signal.signal(sig, signal.SIG_DFL)
    signal.set_wakeup_fd(-1)
    os.dup2(log_fd, 1)
    os.dup2(log_fd, 2)
    os.close(log_fd)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    sys.stderr.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if job.get("workdir"):
        scratch.enter(Path(job["workdir"]), compile_cache=not USER_COMPILE_CACHE)
    import faulthandler

    faulthandler.enable()
    from benchit.execute import worker
    from benchit.measure import memory
    from benchit.messages import InternalError, JobSpec, MemoryGroupRefused

    memory.mark_worker_start()

    send = worker.channel(msg_fd)
    if group is not None and not joined:
        send(MemoryGroupRefused())  # the executor polls instead
    code = 0
    try:
        worker.run(JobSpec.from_dict(job), send)
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, then exit
        from benchit.measure.bench import error_text

        send(InternalError(error_text(exc, frames=12)))
        code = 3
    finally:
        _end(code)


def _end(code: int) -> None:
    """Leave the child whatever the script did to its streams, threads or signal handlers: flush
    what can be flushed, end the processes it started, and ``os._exit`` (never Python's own exit,
    which would wait for leftover non-daemon threads)."""
    try:
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                if stream is not None and not stream.closed:
                    stream.flush()
            except Exception:  # noqa: BLE001, S110 - a broken stream must not keep the child alive
                pass
        # Whatever the script started ends with it, including processes that left its session.
        process.kill_children(os.getpid())
    finally:
        os._exit(code)


# benchit's own modules that every child needs; imported once here instead of in each child.
OWN_MODULES = (
    "benchit.execute.worker",
    "benchit.messages",
    "benchit.plugins",
    "benchit.scan.capture",
    "benchit.measure.bench",
    "benchit.backends.runtimes.torch",
)


def import_once(names: list[str]) -> None:
    """Import each ``module`` and look up each ``module:name`` once, so forked children find them
    ready; failures are skipped (a missing library is the script's problem, not ours)."""
    with warnings.catch_warnings():
        # Import-time warnings would land on benchit's terminal instead of a script's log.
        warnings.simplefilter("ignore")
        for entry in ["torch", *names, *OWN_MODULES]:
            module_name, _, attribute = entry.partition(":")
            try:
                module = importlib.import_module(module_name)
                if attribute and not hasattr(module, attribute):  # lazy packages import on lookup
                    importlib.import_module(f"{module_name}.{attribute}")
            except Exception:  # noqa: BLE001 - see above
                pass
    # Move everything imported so far out of the collector's reach: children then neither
    # scan it in their collections nor copy its pages by touching its reference counts.
    gc.freeze()


def _shutdown(*_: Any) -> None:
    """End every script's process tree, then the server (benchit died, even by SIGKILL)."""
    process.kill_children(os.getpid())
    os._exit(0)


def _tell(sock: socket.socket, message: dict[str, Any]) -> None:
    """Send ``message`` to benchit; if benchit has gone (Ctrl-C, kill), end everything quietly."""
    try:
        sock.send(json.dumps(message).encode())
    except OSError:
        _shutdown()


def serve(sock: socket.socket, preload: list[str], parent: int | None = None) -> None:
    """The server loop: fork a child per job; report each child's exit status."""
    # SIGTERM rather than SIGKILL when benchit dies, so the server can take the scripts'
    # own child processes down with it; the children's SIGKILL is the backstop.
    signal.signal(signal.SIGTERM, _shutdown)
    process.die_with_parent(signal.SIGTERM, parent=parent)
    process.become_subreaper()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The server's own temporary files (and those of the libraries it imports) go in the run's folder.
    run_folder = os.environ.pop(scratch.ENV, None)
    if run_folder:
        scratch.enter(Path(run_folder), compile_cache=not USER_COMPILE_CACHE)
    import_once(preload)

    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    os.set_blocking(wake_r, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    children: dict[int, int] = {}
    selector = selectors.DefaultSelector()
    selector.register(sock, selectors.EVENT_READ, "job")
    selector.register(wake_r, selectors.EVENT_READ, "wake")
    _tell(sock, {"ready": os.getpid()})
    while True:
        for key, _ in selector.select(timeout=1.0):
            if key.data == "wake":
                try:
                    os.read(wake_r, 4096)
                except BlockingIOError:
                    pass
                continue
            try:
                data, fds, _, _ = socket.recv_fds(sock, MAX_MESSAGE, 2)
            except OSError:  # benchit went away mid-message (a signal, a kill): end quietly
                _shutdown()
            if not data:
                _shutdown()
            job = json.loads(data)
            server = os.getpid()
            pid = os.fork()
            if pid == 0:
                selector.close()
                sock.close()
                os.close(wake_r)
                os.close(wake_w)
                try:
                    _child(job["job"], fds[0], fds[1], server)
                finally:
                    os._exit(3)  # a child never returns into the server's loop
            for fd in fds:
                os.close(fd)
            children[pid] = job["id"]
            _tell(sock, {"job": job["id"], "pid": pid})
        while children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            job_id = children.pop(pid, None)
            if job_id is not None:
                # A crashed script's detached processes were adopted by this server: end them.
                process.kill_children(os.getpid(), keep=children)
                _tell(sock, {"job": job_id, "exit": os.waitstatus_to_exitcode(status)})


class ForkServer:
    """The parent's handle on a warm worker process."""

    def __init__(self, preload: list[str], env: dict[str, str] | None = None):
        self.sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "benchit.execute.forkserver",
                str(theirs.fileno()),
                json.dumps(preload),
                str(os.getpid()),
            ],
            pass_fds=[theirs.fileno()],
            env=env,
            stdin=subprocess.DEVNULL,
            # Out of the terminal's process group: Ctrl-C reaches benchit alone, which then stops
            # the server and the scripts in order (the server dies with benchit in any case).
            start_new_session=True,
        )
        theirs.close()
        self.ready = False

    def submit(self, job_id: int, job: dict[str, Any], msg_fd: int, log_fd: int) -> None:
        socket.send_fds(self.sock, [json.dumps({"id": job_id, "job": job}).encode()], [msg_fd, log_fd])

    def receive(self) -> dict[str, Any] | None:
        data = self.sock.recv(MAX_MESSAGE)
        return json.loads(data) if data else None

    def close(self) -> None:
        try:
            self.sock.close()
        finally:
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


if __name__ == "__main__":
    serve(
        socket.socket(fileno=int(sys.argv[1])), json.loads(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else None
    )
