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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchit.execute import cgroup, process, scratch, stack

MAX_MESSAGE = 1 << 20
# Whether the user chose Inductor's cache folder; read before the preload (whose imports set it).
USER_COMPILE_CACHE = scratch.user_chose_compile_cache()
# A process that asked the CUDA runtime anything (even ``torch.cuda.is_available()``) forks children
# that cannot use CUDA ("Cannot re-initialize CUDA in forked subprocess"). PyTorch's NVML-based check
# answers ``is_available()`` without the runtime; the server sets it for its imports, and gives each
# child the user's own setting back.
NVML_CHECK = "PYTORCH_NVML_BASED_CUDA_CHECK"
USER_NVML_CHECK = os.environ.get(NVML_CHECK)


def _child(job: dict[str, Any], msg_fd: int, log_fd: int, server: int) -> None:
    """Runs in the forked child: its own session, output to the log pipe, then the job."""
    os.setsid()
    if USER_NVML_CHECK is None:
        os.environ.pop(NVML_CHECK, None)
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
    _enter_cwd(job.get("cwd"))
    if job.get("workdir"):
        scratch.enter(Path(job["workdir"]), compile_cache=not USER_COMPILE_CACHE)
    import faulthandler

    faulthandler.enable()
    if job.get("workdir"):
        stack.register(Path(job["workdir"]))  # where it was, asked for before a --timeout kill
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
        from benchit.failures import error_text

        send(InternalError(error_text(exc, frames=12)))
        code = 3
    finally:
        _end(code)


START_CWD = os.getcwd()  # the server's folder, which ``-m`` put first on sys.path


def _enter_cwd(cwd: str | None) -> None:
    """Run the child in ``cwd``, the folder benchit is in now (a kept worker may have been started
    by an earlier scan in another), with that folder first on sys.path where ``-m`` put the
    server's. A folder gone since stays as the server's."""
    if not cwd or cwd == START_CWD:
        return
    try:
        os.chdir(cwd)
    except OSError:
        return
    sys.path[:] = [cwd if entry == START_CWD else entry for entry in sys.path]


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


def import_once(names: list[str], guard: bool = False) -> str | None:
    """Import each ``module`` and look up each ``module:name`` once, so forked children find them
    ready; failures are skipped (a missing library is the script's problem, not ours).

    ``guard`` (the scan uses an accelerator): after each of ``names``, check that a forked child
    could still use the accelerators; stop at the first that broke that, and return its name."""
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
            if guard and entry in names and children_lose_accelerators():
                return entry
    # Move everything imported so far out of the collector's reach: children then neither
    # scan it in their collections nor copy its pages by touching its reference counts.
    gc.freeze()
    return None


def children_lose_accelerators() -> bool:
    """Whether a child forked now would find torch's accelerator runtime unusable: this process
    initialised it (torch marks its forked children "bad forks"). Asked of a child forked to answer."""
    torch = sys.modules.get("torch")
    found = [getattr(getattr(torch, name, None), "_is_in_bad_fork", None) for name in ("cuda", "xpu")]
    checks: list[Callable[[], bool]] = [check for check in found if callable(check)]
    if not checks:
        return False
    pid = os.fork()
    if pid == 0:
        os._exit(int(any(check() for check in checks)))
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0


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


def serve(sock: socket.socket, preload: list[str], parent: int | None = None, guard: bool = False) -> None:
    """The server loop: fork a child per job; report each child's exit status. ``guard``: the
    scan uses an accelerator, which no preloaded module may leave unusable in the children."""
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
    if guard:
        os.environ.setdefault(NVML_CHECK, "1")
    culprit = import_once(preload, guard)
    if culprit is not None:
        # Importing it initialised an accelerator (torch versions differ in what their imports
        # ask): start again without it; the scripts that need it import it themselves.
        if run_folder:
            os.environ[scratch.ENV] = run_folder
        if USER_NVML_CHECK is None:  # the new server reads the user's own setting, as this one did
            os.environ.pop(NVML_CHECK, None)
        rest = [name for name in preload if name != culprit]
        os.execv(sys.executable, _command(sock.fileno(), rest, parent, guard))

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

    def __init__(self, preload: list[str], env: dict[str, str] | None = None, guard: bool = False):
        self.sock, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = subprocess.Popen(
            _command(theirs.fileno(), preload, os.getpid(), guard),
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


def _command(fd: int, preload: list[str], parent: int | None, guard: bool) -> list[str]:
    """The server's command line: its socket, the modules to preload, benchit's pid, the guard."""
    return [
        sys.executable,
        "-m",
        "benchit.execute.forkserver",
        str(fd),
        json.dumps(preload),
        str(parent or 0),
        str(int(guard)),
    ]


if __name__ == "__main__":
    serve(
        socket.socket(fileno=int(sys.argv[1])),
        json.loads(sys.argv[2]),
        int(sys.argv[3]) or None if len(sys.argv) > 3 else None,
        len(sys.argv) > 4 and sys.argv[4] == "1",
    )
