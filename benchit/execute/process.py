"""The processes a script starts: finding them all, measuring their memory, ending them together.

Linux only (``/proc``, ``prctl``); every function degrades to doing nothing elsewhere.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
import time
from collections.abc import Collection
from pathlib import Path

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
# Counters of the kernel's out-of-memory kills, most specific first: our cgroup (v2, v1), the machine.
OOM_COUNTERS = (
    ("/sys/fs/cgroup/memory.events", "oom_kill"),
    ("/sys/fs/cgroup/memory/memory.oom_control", "oom_kill"),
    ("/proc/vmstat", "oom_kill"),
)


def _prctl(option: int, value: int) -> bool:
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        return libc.prctl(option, value, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(sig: int = signal.SIGKILL, parent: int | None = None) -> None:
    """Ask Linux to send ``sig`` to this process when its parent dies (no orphaned workers).

    If ``parent`` has already died (the race between fork and this call), exit at once.
    """
    _prctl(PR_SET_PDEATHSIG, int(sig))
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def become_subreaper() -> None:
    """Adopt orphaned descendants, so that a process tree stays one tree when a middle process exits."""
    _prctl(PR_SET_CHILD_SUBREAPER, 1)


def _table() -> dict[int, tuple[int, int]]:
    """pid -> (parent pid, session id) of every process we can see."""
    table = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else ():
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as file:
                fields = file.read().rsplit(b")", 1)[1].split()
        except OSError:
            continue
        table[int(entry)] = (int(fields[1]), int(fields[3]))  # after "comm)": state ppid pgrp session
    return table


def tree(root: int, table: dict[int, tuple[int, int]] | None = None) -> set[int]:
    """``root``, every process in its session, and every descendant of any of them."""
    table = _table() if table is None else table
    members = {pid for pid, (_, sid) in table.items() if sid == root}
    if root in table:
        members.add(root)
    while True:
        more = {pid for pid, (ppid, _) in table.items() if ppid in members and pid not in members}
        if not more:
            return members
        members |= more


def kill_tree(root: int) -> None:
    """SIGKILL ``root`` and everything it started, including processes that left its session.

    Everything found is stopped first, so that nothing can fork or be re-parented away
    between finding the tree and killing it.
    """
    stopped: set[int] = set()
    for _ in range(10):
        found = tree(root) - stopped - {os.getpid()}
        if not found:
            break
        for pid in found:
            _signal(pid, signal.SIGSTOP)
        stopped |= found
    for pid in stopped | {root}:
        _signal(pid, signal.SIGKILL)
    try:
        os.killpg(root, signal.SIGKILL)
    except OSError:
        pass


def kill_session(sid: int) -> None:
    """SIGKILL what is left of a finished script's session.

    Unlike ``kill_tree`` this never follows parent links from ``sid``: the leader has exited
    and its pid may belong to someone else now, but a session id is not reused while it has
    members.
    """
    for pid, (_, session) in _table().items():
        if session == sid and pid != os.getpid():
            _signal(pid, signal.SIGKILL)


def kill_children(parent: int, keep: Collection[int] = (), reap: bool = False) -> None:
    """SIGKILL every child of ``parent`` not in ``keep``, with its tree (orphans adopted by a
    subreaper); with ``reap``, also collect their exit status (``parent`` must be this process)."""
    for pid, (ppid, _) in _table().items():
        if ppid == parent and pid not in keep:
            kill_tree(pid)
            deadline = time.monotonic() + 1.0
            while reap and time.monotonic() < deadline:
                try:
                    if os.waitpid(pid, os.WNOHANG)[0]:
                        break
                except ChildProcessError:
                    break
                time.sleep(0.01)


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except OSError:
        pass


def tree_rss(root: int) -> int:
    """Memory of every process of ``tree(root)``, in bytes: the proportional set size (PSS), so
    that pages shared with the warm worker or between the processes count once in all, not once
    per process; resident size where PSS is unavailable."""
    page = os.sysconf("SC_PAGE_SIZE")
    total = 0
    for pid in tree(root):
        try:
            with open(f"/proc/{pid}/smaps_rollup", "rb") as file:
                for line in file:
                    if line.startswith(b"Pss:"):
                        total += int(line.split()[1]) * 1024
                        break
            continue
        except (OSError, IndexError, ValueError):
            pass
        try:
            with open(f"/proc/{pid}/statm") as file:
                total += int(file.read().split()[1]) * page
        except (OSError, IndexError, ValueError):
            continue
    return total


def _vm_data() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return None


def limit_data(extra: int) -> None:
    """Let this process reserve at most ``extra`` more bytes of private writable address space
    (RLIMIT_DATA), so that an absurd allocation fails at once with MemoryError.

    RLIMIT_DATA counts what is reserved, touched or not (a 3 GB ``torch.empty`` never written
    counts 3 GB), so it is only a backstop set far above the memory limit (``backstop``); the
    limit itself is enforced on the memory really used (a cgroup, or the parent's polling).
    """
    current = _vm_data()
    if current is None:
        return
    try:
        _, hard = resource.getrlimit(resource.RLIMIT_DATA)
        soft = current + extra
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
    except (OSError, ValueError):
        pass


def oom_kills() -> dict[str, int]:
    """The kernel's out-of-memory kill counters we can read: file -> count."""
    counts = {}
    for path, key in OOM_COUNTERS:
        try:
            text = Path(path).read_text()
        except OSError:
            continue
        for line in text.splitlines():
            name, _, value = line.partition(" ")
            if name == key and value.strip().isdigit():
                counts[path] = int(value)
    return counts


def oom_killed_since(before: dict[str, int]) -> bool:
    """Whether the kernel's out-of-memory killer has struck since ``before`` was read."""
    now = oom_kills()
    return any(now[path] > count for path, count in before.items() if path in now)


def backstop(limit: int) -> int:
    """How much address space a script may reserve beyond its start under a memory ``limit``:
    far above it, so that only absurd reservations fail early."""
    return max(4 * limit, limit + (8 << 30))


MEMORY_MARGIN_FRACTION = 0.10  # of the machine's memory, left to everything else
MEMORY_MARGIN_MIN = 1 << 30


def meminfo() -> dict[str, int]:
    """/proc/meminfo in bytes (empty where there is none)."""
    found = {}
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            name, _, value = line.partition(":")
            parts = value.split()
            if parts and parts[0].isdigit():
                found[name] = int(parts[0]) * (1024 if parts[1:] == ["kB"] else 1)
    except OSError:
        pass
    return found


def _own_cgroup_room() -> tuple[int, int] | None:
    """(limit, limit less current use) of the memory cgroup this process runs in, when it has a limit."""
    from benchit.execute import cgroup

    return cgroup.own_limit()


def default_memory_limit(jobs: int) -> int | None:
    """Each script's share of the memory free now: MemAvailable (or the room left in the memory
    cgroup benchit runs in, when smaller), less a margin (10% of the machine's or that cgroup's
    memory, at least 1 GiB or a quarter of it), divided among the ``jobs`` scripts that run at once;
    ``None`` where the kernel does not say (then no default limit)."""
    info = meminfo()
    if "MemAvailable" not in info or "MemTotal" not in info:
        return None
    total, available = info["MemTotal"], info["MemAvailable"]
    room = _own_cgroup_room()
    if room is not None and room[0] < total:
        total, available = room[0], min(available, room[1])
    margin = max(int(total * MEMORY_MARGIN_FRACTION), min(MEMORY_MARGIN_MIN, total // 4))
    return max(256 << 20, (available - margin) // max(1, jobs))
