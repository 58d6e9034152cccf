"""The cache's records of a script's last run and of its builds (``scripts/<key>.json``, ``builds/<build>/build.json``)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from benchit import fieldcheck as fc
from benchit.naming import safe_component
from benchit.records import Invocation, Machine, ScriptStatus, invocation_problems, machine_check

_script_status = fc.one_of(ScriptStatus, "not a script status")


def _omit_unknown(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` less those of ``keys`` that are None: fields a record has only once they are known."""
    return {k: v for k, v in data.items() if not (k in keys and v is None)}


# -- builds ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArtifactFacts:
    """What benchit recorded of an artifact it wrote: only a file with this digest is reused."""

    sha256: str
    bytes: int

    def to_dict(self) -> dict[str, Any]:
        return {"sha256": self.sha256, "bytes": self.bytes}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArtifactFacts:
        digest, size = data.get("sha256"), data.get("bytes")
        return cls(digest if isinstance(digest, str) else "", size if isinstance(size, int) else 0)


_BUILD = fc.fields(
    (fc.name, False, ("build_name", "script_key")),
    (fc.text, False, ("script", "script_digest", "module_path")),
    (fc.name, True, ("parent_build",)),
    (fc.text, True, ("relative_path",)),
    (fc.texts, False, ("script_args",)),
    (fc.labels, False, ("labels",)),
    (fc.obj, False, ("invocation", "artifacts")),
)
# What an invocation read back lacks is blank, as a report shows it, rather than the build lost.
_NO_INVOCATION = {"hash": "", "model_class": "", "params": 0, "signature": {}, "input_shapes": "", "batch_size": 0}


@dataclass(frozen=True)
class BuildRecord:
    """``builds/<build_name>/build.json``: one invocation of one script run, and its artifacts."""

    build_name: str
    script: str
    script_key: str
    script_digest: str
    labels: dict[str, list[str]] = field(default_factory=dict)
    relative_path: str | None = None
    script_args: tuple[str, ...] = ()
    invocation: Invocation | None = None
    artifacts: dict[str, ArtifactFacts] = field(default_factory=dict)
    # A submodule (--max-depth): where it sits in its model, and the build that called it.
    module_path: str = ""
    parent_build: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "build_name": self.build_name,
            "script": self.script,
            "relative_path": self.relative_path,
            "script_key": self.script_key,
            "labels": self.labels,
            "script_digest": self.script_digest,
            "script_args": list(self.script_args),
            "artifacts": {name: facts.to_dict() for name, facts in self.artifacts.items()},
            "invocation": self.invocation.to_dict() if self.invocation else None,
            "module_path": self.module_path,
            "parent_build": self.parent_build,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BuildRecord:
        """``RecordError`` names each field of the wrong type (an absent field takes its default)."""
        found = fc.problems(data, _BUILD)
        invocation = data.get("invocation")
        if isinstance(invocation, dict):
            found += invocation_problems(invocation)
        artifacts = data.get("artifacts")
        if isinstance(artifacts, dict):
            # A name that could lead out of the build's artifacts folder was not written by benchit.
            found += [
                (f"artifacts.{name[:40]!r}", fc.why(fc.name, name)) for name in artifacts if not safe_component(name)
            ]
        found = found or fc.huge_numbers(data)
        if found:
            raise fc.RecordError(found)
        artifacts = data.get("artifacts") or {}
        return cls(
            build_name=data.get("build_name", ""),
            script=data.get("script", ""),
            script_key=data.get("script_key", ""),
            script_digest=data.get("script_digest", ""),
            labels={k: list(v) for k, v in (data.get("labels") or {}).items()},
            relative_path=data.get("relative_path"),
            script_args=tuple(data.get("script_args") or ()),
            invocation=Invocation.from_dict({**_NO_INVOCATION, "call_site": "", **invocation}) if invocation else None,
            # An entry that is not an object was not written by benchit: it is never reused.
            artifacts={k: ArtifactFacts.from_dict(v) for k, v in artifacts.items() if isinstance(v, dict)},
            module_path=data.get("module_path") or "",
            parent_build=data.get("parent_build"),
        )


# -- script runs -----------------------------------------------------------------------------------
_SCRIPT = fc.fields(
    (fc.text, False, ("script", "key", "digest", "benchit_version", "executor")),
    (fc.text, True, ("relative_path", "memory_enforced_by")),
    (_script_status, False, ("status",)),
    (fc.names, False, ("builds",)),
    (fc.texts, False, ("hashes", "script_args", "devices", "runtimes", "precisions")),
    (fc.labels, False, ("labels",)),
    (fc.flag, False, ("analyze_only", "memory_limit_default")),
    (fc.integer, False, ("results", "failed_results", "max_depth")),
    (fc.number, False, ("lock_wait_s",)),
    (fc.error, True, ("error",)),
    (machine_check, True, ("machine",)),
    (fc.number, True, ("timeout_s", "started", "finished", "duration_s")),
    (fc.integer, True, ("memory_limit_bytes", "pid", "peak_rss_bytes")),
)
# Written once the script ended (and the last three only when known).
_AT_THE_END = (
    "finished",
    "duration_s",
    "results",
    "failed_results",
    "lock_wait_s",
    "memory_enforced_by",
    "machine",
    "peak_rss_bytes",
)


@dataclass(frozen=True)
class ScriptRecord:
    """``scripts/<key>.json``: the last run of a script with one set of script args: what it was
    run with, how it ended, and its builds. ``status`` is ``None`` only in a record read back
    without one (a damaged file): not a complete run."""

    key: str
    script: str = ""
    relative_path: str | None = None
    digest: str = ""
    labels: dict[str, list[str]] = field(default_factory=dict)
    hashes: tuple[str, ...] = ()
    script_args: tuple[str, ...] = ()
    devices: tuple[str, ...] = ()
    runtimes: tuple[str, ...] = ()
    precisions: tuple[str, ...] = ()
    max_depth: int = 0
    analyze_only: bool = False
    benchit_version: str = ""
    timeout_s: float | None = None
    memory_limit_bytes: int | None = None
    memory_limit_default: bool = False
    executor: str = ""
    status: ScriptStatus | None = ScriptStatus.RUNNING
    error: dict[str, Any] | None = None  # type, message, traceback
    builds: tuple[str, ...] = ()
    pid: int | None = None
    started: float | None = None  # time.time()
    # Known once the script ended:
    finished: float | None = None
    duration_s: float | None = None
    result_count: int | None = None  # ``results`` on disk: how many results the run recorded
    failed_results: int | None = None
    lock_wait_s: float | None = None  # time its worker waited for the host lock (not its own work)
    memory_enforced_by: str | None = None
    machine: Machine | None = None
    peak_rss_bytes: int | None = None

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        for name in ("hashes", "script_args", "devices", "runtimes", "precisions", "builds"):
            data[name] = list(data[name])
        data["status"] = self.status.value if self.status else None
        data["machine"] = self.machine.to_dict() if self.machine else None
        data["results"] = data.pop("result_count")
        return _omit_unknown(data, (*_AT_THE_END, "status"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScriptRecord:
        """``RecordError`` names each field of the wrong type (an absent field takes its default,
        but an absent ``status`` is None)."""
        found = fc.problems(data, _SCRIPT) or fc.huge_numbers(data)
        if found:
            raise fc.RecordError(found)
        names = {f.name for f in dataclasses.fields(cls)} - {"result_count"}
        values = {k: v for k, v in data.items() if k in names}
        if "results" in data:
            values["result_count"] = data["results"]
        for name in ("hashes", "script_args", "devices", "runtimes", "precisions", "builds"):
            if name in values:
                values[name] = tuple(values[name])
        values["status"] = ScriptStatus(data["status"]) if "status" in data else None
        values["machine"] = Machine.from_dict(data["machine"]) if data.get("machine") else None
        values["labels"] = {k: list(v) for k, v in (data.get("labels") or {}).items()}
        values.setdefault("key", "")
        return cls(**values)
