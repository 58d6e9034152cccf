"""The typed messages that cross the executor seam: the job sent out, and what comes back.

A worker sends ``InvocationFound``, ``ResultReady``, ``Artifact``, ``ScriptError``,
``InternalError``, ``LockWait``, ``QuietWait``, ``MemoryGroupRefused`` and ``Done``; an executor adds ``JobStarted``, ``LogChunk``, ``JobKilled`` and,
last for every job, ``JobExited``. The executor hands them to the coordinator as ``Event``
(job id + message). Every class turns into JSON-safe data with ``to_dict`` (bytes as base64)
and back with ``from_dict``; ``decode`` reads any message from its ``type``.
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from benchit.config import Config
from benchit.records import Invocation, Machine, Result, Script, ScriptStatus


def _b64(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


def _bytes(text: str | None) -> bytes | None:
    return None if text is None else base64.b64decode(text)


class Message:
    """Base of every message; ``kind`` is its ``type`` on the wire."""

    kind: ClassVar[str] = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, **dataclasses.asdict(self)}  # type: ignore[call-overload]

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Message:
        names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        return cls(**{k: v for k, v in data.items() if k in names})


# -- what a worker sends ---------------------------------------------------------------------------
@dataclass(frozen=True)
class InvocationFound(Message):
    """A model call was captured (sent as soon as found, and again with its final call count)."""

    kind: ClassVar[str] = "invocation"
    build: str
    invocation: Invocation

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "build": self.build, "invocation": self.invocation.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> InvocationFound:
        return cls(build=data["build"], invocation=Invocation.from_dict(data["invocation"]))


@dataclass(frozen=True)
class ResultReady(Message):
    """One device x runtime result of a build."""

    kind: ClassVar[str] = "result"
    build: str
    result: Result

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "build": self.build, "result": self.result.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ResultReady:
        return cls(build=data["build"], result=Result.from_dict(data["result"]))


@dataclass(frozen=True)
class Attempt(Message):
    """The runtime of a build the worker is preparing or measuring now (``None``: none of them), as
    the failed result it ends with if the worker dies there: the coordinator records it and
    measures the model's other runtimes again without it (``execute.salvage``)."""

    kind: ClassVar[str] = "attempt"
    build: str
    result: Result | None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "build": self.build, "result": self.result.to_dict() if self.result else None}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Attempt:
        result = data.get("result")
        return cls(build=data["build"], result=Result.from_dict(result) if result is not None else None)


@dataclass(frozen=True)
class Artifact(Message):
    """A file of a build's artifacts folder (an ONNX model, its stamp...), ``name`` relative to it.

    It travels as ``data`` (bytes), or as ``path``, a file the receiver may read (and, when the
    worker sends it, move away) on its own file system. In a ``JobSpec`` it is an earlier run's
    file that the worker may reuse.
    """

    kind: ClassVar[str] = "artifact"
    build: str
    name: str
    sha256: str
    size: int
    data: bytes | None = None
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.kind,
            "build": self.build,
            "name": self.name,
            "sha256": self.sha256,
            "size": self.size,
            "data": _b64(self.data),
            "path": self.path,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Artifact:
        return cls(
            build=data["build"],
            name=data["name"],
            sha256=data["sha256"],
            size=int(data["size"]),
            data=_bytes(data.get("data")),
            path=data.get("path"),
        )

    @classmethod
    def of_file(cls, build: str, name: str, path: Path, inline: bool) -> Artifact:
        """Describe ``path``; with ``inline`` its bytes travel in the message."""
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        return cls(build, name, digest, len(data), data=data if inline else None, path=None if inline else str(path))

    def inlined(self) -> Artifact:
        """The same artifact with its bytes in the message (read from ``path``, never through a
        link put in its place)."""
        if self.data is not None or self.path is None:
            return self
        with open(self.path, "rb", opener=lambda p, f: os.open(p, f | os.O_NOFOLLOW)) as file:
            return dataclasses.replace(self, data=file.read(), path=None)


@dataclass(frozen=True)
class ScriptError(Message):
    """The script raised (or called ``sys.exit`` with an error): ``type``, ``message``, ``traceback``."""

    kind: ClassVar[str] = "script_error"
    type: str
    message: str
    traceback: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "error": self.error()}

    def error(self) -> dict[str, str]:
        return {"type": self.type, "message": self.message, "traceback": self.traceback}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScriptError:
        error = data["error"]
        return cls(
            type=str(error.get("type", "")),
            message=str(error.get("message") or ""),
            traceback=str(error.get("traceback") or ""),
        )


@dataclass(frozen=True)
class InternalError(Message):
    """benchit itself failed inside the worker; ``traceback`` says where."""

    kind: ClassVar[str] = "internal_error"
    traceback: str


@dataclass(frozen=True)
class Done(Message):
    """The worker finished its job (measured every build it was asked to)."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True)
class LockWait(Message):
    """The worker starts (``waiting``) or stops waiting for the host lock (another benchit process
    is measuring): time spent waiting is not the script's own work, and --timeout does not count it."""

    kind: ClassVar[str] = "lock_wait"
    waiting: bool


@dataclass(frozen=True)
class QuietWait(Message):
    """The worker starts (``waiting``, because of ``evidence``: ``busy: 61% CPU wait``) or stops
    waiting for a quiet machine (after ``waited_s`` seconds, which the coordinator takes from the
    scan's --quiet-wait budget). Like a lock wait, not the script's own work: --timeout does not count it."""

    kind: ClassVar[str] = "quiet_wait"
    waiting: bool
    evidence: str = ""
    waited_s: float = 0.0


@dataclass(frozen=True)
class MemoryGroupRefused(Message):
    """The worker could not join the memory cgroup made for it: its executor polls its memory instead."""

    kind: ClassVar[str] = "memory_group_refused"


# -- what an executor adds -------------------------------------------------------------------------
@dataclass(frozen=True)
class JobStarted(Message):
    """The job's process started (``pid`` on its machine, when there is one)."""

    kind: ClassVar[str] = "started"
    machine: Machine
    pid: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "machine": self.machine.to_dict(), "pid": self.pid}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JobStarted:
        return cls(machine=Machine.from_dict(data["machine"]), pid=data.get("pid"))


@dataclass(frozen=True)
class LogChunk(Message):
    """Bytes the job wrote to its stdout or stderr, in order."""

    kind: ClassVar[str] = "log"
    data: bytes

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "data": _b64(self.data)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LogChunk:
        return cls(data=_bytes(data["data"]) or b"")


@dataclass(frozen=True)
class JobKilled(Message):
    """The executor ended the job itself: ``timeout``, ``oom`` (over --memory-limit, or its worker
    host was killed by the kernel's out-of-memory killer), ``killed`` or ``interrupted``."""

    kind: ClassVar[str] = "killed"
    status: ScriptStatus
    reason: str
    stack: str = ""  # a timeout's: where the script was when stopped, as a traceback (execute/stack.py)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JobKilled:
        return cls(status=ScriptStatus(data["status"]), reason=data["reason"], stack=str(data.get("stack") or ""))


@dataclass(frozen=True)
class JobExited(Message):
    """The last event of every job: its exit code (negative: the signal; ``None``: unknown),
    whether the kernel's out-of-memory killer struck meanwhile, its peak memory if measured, and
    what enforced its memory limit (``cgroup v2``, ``cgroup v1``, ``polling``; empty: none)."""

    kind: ClassVar[str] = "exited"
    exit_code: int | None
    oom_killer: bool = False
    peak_rss_bytes: int = 0
    memory_enforced_by: str = ""


_KINDS: dict[str, type[Message]] = {
    cls.kind: cls
    for cls in (
        InvocationFound,
        ResultReady,
        Attempt,
        Artifact,
        ScriptError,
        InternalError,
        Done,
        LockWait,
        QuietWait,
        MemoryGroupRefused,
        JobStarted,
        LogChunk,
        JobKilled,
        JobExited,
    )
}


def decode(data: dict[str, Any]) -> Message:
    """The message ``data`` describes; ``ValueError`` for an unknown ``type``."""
    cls = _KINDS.get(data.get("type", ""))
    if cls is None:
        raise ValueError(f"unknown message type {data.get('type')!r}")
    return cls.from_dict(data)


@dataclass(frozen=True)
class Event:
    """A message about one job, as an executor hands it to the coordinator."""

    job_id: int
    message: Message

    def to_dict(self) -> dict[str, Any]:
        return {"job": self.job_id, **self.message.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(job_id=int(data["job"]), message=decode(data))


# -- what goes out -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class JobSpec:
    """One script to run: the script, the run's configuration, the device-runtime pairs already
    measured (per build), and reusable artifacts of earlier runs.

    ``key`` is the script's cache key: builds are named ``<key>_<invocation hash>`` wherever the
    script runs. ``sources`` (file name -> bytes: the script and the ``.py`` files of its folder)
    is filled by ``inlined()`` for executors whose workers cannot read the script's path; with
    ``inline`` the worker sends artifacts as bytes, else as paths in ``workdir``, a private folder
    the executor made for the job (the worker makes its own when there is none).
    """

    job_id: int
    key: str
    script: Script
    config: Config
    done: dict[str, list[str]] = field(default_factory=dict)
    artifacts: tuple[Artifact, ...] = ()
    sources: dict[str, bytes] = field(default_factory=dict)
    workdir: str | None = None
    inline: bool = False
    # Builds whose script died hard before measuring them: run it again, measure each of these at
    # its first call (the script may die again later), and stop the script after the last one.
    salvage: tuple[str, ...] = ()
    # What is left of the scan's --quiet-wait budget as the job starts (None: all of it).
    quiet_wait_s: float | None = None
    # A later pass (``execute.passes``): the machine its earlier passes ran on, where an executor
    # with several machines should run it too (a pass on another machine is never joined).
    machine_hint: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "job_id": self.job_id,
            "key": self.key,
            "script": self.script.to_dict(),
            "config": self.config.to_dict(),
            "done": self.done,
            "artifacts": [a.to_dict() for a in self.artifacts],
            "sources": {name: _b64(data) for name, data in self.sources.items()},
            "workdir": self.workdir,
            "inline": self.inline,
            "salvage": list(self.salvage),
            "quiet_wait_s": self.quiet_wait_s,
            "machine_hint": self.machine_hint,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> JobSpec:
        return cls(
            job_id=int(data["job_id"]),
            key=data["key"],
            script=Script.from_dict(data["script"]),
            config=Config.from_dict(data["config"]),
            done={k: list(v) for k, v in (data.get("done") or {}).items()},
            artifacts=tuple(Artifact.from_dict(a) for a in data.get("artifacts") or ()),
            sources={name: _bytes(text) or b"" for name, text in (data.get("sources") or {}).items()},
            workdir=data.get("workdir"),
            inline=bool(data.get("inline")),
            salvage=tuple(data.get("salvage") or ()),
            quiet_wait_s=data.get("quiet_wait_s"),
            machine_hint=data.get("machine_hint") if isinstance(data.get("machine_hint"), str) else None,
        )

    def inlined(self) -> JobSpec:
        """This job made to run where none of the coordinator's paths exist: the script's file and
        the ``.py`` files beside it, and the reusable artifacts, travel as bytes; artifacts come
        back as bytes."""
        folder = self.script.path.parent
        sources = {p.name: p.read_bytes() for p in sorted(folder.glob("*.py")) if p.is_file()}
        sources[self.script.path.name] = self.script.path.read_bytes()
        artifacts = []
        for artifact in self.artifacts:
            try:
                artifacts.append(artifact.inlined())
            except OSError:  # gone, or a link put in its place since it was found: not reused
                continue
        return dataclasses.replace(self, sources=sources, artifacts=tuple(artifacts), workdir=None, inline=True)
