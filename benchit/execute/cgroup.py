"""A memory cgroup per script: a limit the kernel enforces on the memory the script's processes
really use (touched pages, not reserved address space), and that ends only them when exceeded.

cgroup v2 (``memory.max``, ``memory.events``, ``cgroup.kill``) where this process's own group
delegates the memory controller; else the v1 memory controller where its hierarchy is writable
(``memory.limit_in_bytes``, ``memory.oom_control``); else nothing, and the coordinator's polling
of the scripts' memory is the only limit.
"""

from __future__ import annotations

import os
import signal
import time
from dataclasses import dataclass
from pathlib import Path


def _mounts() -> list[tuple[str, str, str]]:
    """(mount point, file system type, super options) of every cgroup file system."""
    found: list[tuple[str, str, str]] = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        before, _, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if len(fields) >= 5 and len(tail) >= 3 and tail[0] in ("cgroup", "cgroup2"):
            found.append((fields[4], tail[0], tail[2]))
    return found


def _own_groups() -> dict[str, str]:
    """Controller (``""`` for v2) -> this process's group path, from /proc/self/cgroup."""
    groups: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return groups
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            groups[name] = path
    return groups


def _v2_base() -> Path | None:
    groups = _own_groups()
    for mount, kind, _ in _mounts():
        if kind != "cgroup2" or "" not in groups:
            continue
        base = Path(mount) / groups[""].lstrip("/")
        try:
            if "memory" not in (base / "cgroup.controllers").read_text().split():
                continue
            if "memory" not in (base / "cgroup.subtree_control").read_text().split():
                # Refused (EBUSY) while processes live in the group itself: cgroup v2 puts
                # processes only in leaves. Then there is no delegated memory controller for us.
                (base / "cgroup.subtree_control").write_text("+memory")
        except OSError:
            continue
        if os.access(base, os.W_OK):
            return base
    return None


def _v1_base() -> Path | None:
    groups = _own_groups()
    for mount, kind, options in _mounts():
        if kind == "cgroup" and "memory" in options.split(",") and "memory" in groups:
            base = Path(mount) / groups["memory"].lstrip("/")
            if (base / "memory.limit_in_bytes").exists() and os.access(base, os.W_OK):
                return base
    return None


_base: tuple[int, Path] | None | bool = False  # False: not looked for yet


def available() -> tuple[int, Path] | None:
    """(cgroup version, folder to create groups in), or ``None`` where the kernel does not let us."""
    global _base
    if os.environ.get("BENCHIT_MEMORY_CGROUP") == "off":  # to compare, or where a cgroup misbehaves
        return None
    if _base is False:
        v2 = _v2_base()
        v1 = None if v2 else _v1_base()
        _base = (2, v2) if v2 else (1, v1) if v1 else None
    return _base  # type: ignore[return-value]


def why_unavailable() -> str:
    """One line on why no memory cgroup can be made here (for docs and test skips)."""
    kinds = {kind for _, kind, _ in _mounts()}
    if not kinds:
        return "no cgroup file system is mounted"
    return (
        f"cgroup file systems here: {', '.join(sorted(kinds))}; none delegates a writable memory "
        "controller to this process (cgroup v2 needs 'memory' in the parent's cgroup.subtree_control)"
    )


@dataclass(frozen=True)
class MemoryGroup:
    """One script's memory cgroup; the forked worker joins it (``join``) before the script runs."""

    path: Path
    version: int

    @classmethod
    def create(cls, name: str, limit: int) -> MemoryGroup | None:
        """A new group limited to ``limit`` bytes, or ``None`` if cgroups are not available."""
        where = available()
        if where is None:
            return None
        version, base = where
        group = cls(base / name, version)
        try:
            group.path.mkdir()
            if version == 2:
                (group.path / "memory.max").write_text(str(limit))
                if (group.path / "memory.swap.max").exists():
                    (group.path / "memory.swap.max").write_text("0")  # over the limit means over, not swapped
                (group.path / "memory.oom.group").write_text("1")  # the whole tree goes, not one process
            else:
                (group.path / "memory.limit_in_bytes").write_text(str(limit))
        except OSError:
            group.remove()
            return None
        return group

    def to_dict(self) -> dict[str, object]:
        return {"path": str(self.path), "version": self.version}

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> MemoryGroup:
        return cls(Path(str(data["path"])), int(data["version"]))  # type: ignore[call-overload]

    def join(self) -> bool:
        """Move the calling process into the group (its children follow it)."""
        try:
            (self.path / "cgroup.procs").write_text("0")
            return True
        except OSError:
            return False

    def oom_kills(self) -> int:
        """How many processes the kernel killed in this group for going over its limit."""
        name = "memory.events" if self.version == 2 else "memory.oom_control"
        try:
            for line in (self.path / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def peak(self) -> int | None:
        """The group's peak memory use in bytes (``None`` where the kernel does not keep it)."""
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        try:
            return int((self.path / name).read_text().split()[0])
        except (OSError, ValueError, IndexError):
            return None

    def pids(self) -> list[int]:
        try:
            return [int(p) for p in (self.path / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            return []

    def kill(self) -> None:
        """SIGKILL every process in the group."""
        if self.version == 2:
            try:
                (self.path / "cgroup.kill").write_text("1")
                return
            except OSError:
                pass
        for _ in range(10):
            pids = self.pids()
            if not pids:
                return
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.01)

    def remove(self, within: float = 2.0) -> None:
        """Remove the group once its processes are gone (killing what is left)."""
        deadline = time.monotonic() + within
        while self.path.exists():
            try:
                self.path.rmdir()
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
                self.kill()
                time.sleep(0.02)


def sweep() -> None:
    """Remove the groups that killed benchit runs left behind (their creator is gone)."""
    where = available()
    if where is None:
        return
    for folder in where[1].glob("benchit-*-*"):
        owner = folder.name.split("-")[1]
        if owner.isdigit() and not Path(f"/proc/{owner}").exists():
            MemoryGroup(folder, where[0]).remove(within=0.5)


def own_limit() -> tuple[int, int] | None:
    """(limit, limit less current use) of the memory cgroup this process is in (v2 or v1), or
    ``None`` when it has no limit or none can be read."""
    groups = _own_groups()
    for mount, kind, options in _mounts():
        if kind == "cgroup2" and "" in groups:
            folder, names = Path(mount) / groups[""].lstrip("/"), ("memory.max", "memory.current")
        elif kind == "cgroup" and "memory" in options.split(",") and "memory" in groups:
            folder, names = (
                Path(mount) / groups["memory"].lstrip("/"),
                ("memory.limit_in_bytes", "memory.usage_in_bytes"),
            )
        else:
            continue
        try:
            limit, used = (int((folder / name).read_text().split()[0]) for name in names)
        except (OSError, ValueError, IndexError):
            continue
        if limit < 1 << 60:  # "max" fails int(); v1 writes a huge number for no limit
            return limit, max(0, limit - used)
    return None
