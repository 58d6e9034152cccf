"""The plain records that flow between the stages: scripts, invocations, stats, results, machines."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class ScriptStatus(str, enum.Enum):
    """How a script ended (``running`` while it runs); a ``str`` so that JSON keeps plain strings."""

    OK = "ok"
    NO_MODELS = "no_models"
    FAILED = "failed"
    TIMEOUT = "timeout"
    OOM = "oom"
    KILLED = "killed"
    INTERRUPTED = "interrupted"
    RUNNING = "running"
    UNAVAILABLE = "unavailable"

    def __str__(self) -> str:
        return self.value

    @property
    def final(self) -> bool:
        """Whether the script ran to its end: its builds replace those of an earlier run."""
        return self in (ScriptStatus.OK, ScriptStatus.NO_MODELS, ScriptStatus.FAILED)


class ResultStatus(str, enum.Enum):
    """How one device x runtime result ended."""

    OK = "ok"
    FAILED = "failed"
    UNAVAILABLE = "unavailable"
    NOT_RUN = "not_run"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Machine:
    """The machine a result was measured on; ``id`` is stable across runs and reboots."""

    id: str
    hostname: str
    cpu_model: str
    accelerator: str | None = None
    accelerator_count: int = 0

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Machine:
        return cls(
            id=str(data["id"]),
            hostname=str(data.get("hostname") or ""),
            cpu_model=str(data.get("cpu_model") or ""),
            accelerator=data.get("accelerator"),
            accelerator_count=int(data.get("accelerator_count") or 0),
        )


@dataclass(frozen=True)
class Script:
    """A script selected for a run; ``hashes`` limits it to some invocations (``FILE::HASH``)."""

    path: Path
    labels: dict[str, list[str]]
    hashes: tuple[str, ...] = ()
    label_error: str | None = None
    # This run's script arguments (a sweep point); empty means the configuration's --script-args.
    script_args: tuple[str, ...] = ()
    relative_path: str | None = None  # below the --search-dir it was found in, or its file name

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "labels": self.labels,
            "hashes": list(self.hashes),
            "label_error": self.label_error,
            "script_args": list(self.script_args),
            "relative_path": self.relative_path,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Script:
        return cls(
            path=Path(data["path"]),
            labels={k: list(v) for k, v in data["labels"].items()},
            hashes=tuple(data.get("hashes", ())),
            label_error=data.get("label_error"),
            script_args=tuple(data.get("script_args", ())),
            relative_path=data.get("relative_path"),
        )


@dataclass(frozen=True)
class Invocation:
    """A unique top-level model call: the model's structure plus its input signature."""

    hash: str
    model_class: str
    params: int
    signature: dict[str, Any]
    input_shapes: str
    batch_size: int
    call_site: str
    call_count: int = 1
    # For a submodule captured under --max-depth: its path in the top-level model
    # (``encoder.layer.0``) and the hash of the invocation that called it.
    module_path: str = ""
    parent: str = ""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Invocation:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


@dataclass(frozen=True)
class Stats:
    """Latency statistics of one measurement, in milliseconds."""

    iterations: int
    mean_ms: float
    median_ms: float
    median_ci_low_ms: float
    median_ci_high_ms: float
    min_ms: float
    max_ms: float
    std_ms: float
    iqr_ms: float
    p90_ms: float
    p99_ms: float
    cv: float
    warmup_iterations: int
    measure_time_s: float
    noisy: bool
    warmup_time_s: float = 0.0
    warmup_settled: bool = True  # False when --warmup-time ran out before the latency settled
    # Up to SAMPLES_KEPT per-iteration latencies (ms, sorted), evenly drawn by rank, for later
    # statistics (``benchit compare``); empty in results written before they were kept.
    samples_ms: tuple[float, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["samples_ms"] = list(self.samples_ms)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        values["samples_ms"] = tuple(float(x) for x in values.get("samples_ms") or ())
        return cls(**values)


@dataclass(frozen=True)
class Result:
    """The outcome of one invocation on one device with one runtime."""

    device: str
    runtime: str
    status: str
    error: str | None = None
    precision: str = "fp32"
    stats: Stats | None = None
    throughput_per_s: float | None = None
    parity: dict[str, Any] | None = None
    info: dict[str, Any] = field(default_factory=dict)
    environment: dict[str, Any] = field(default_factory=dict)
    machine: Machine | None = None  # stamped by the coordinator from where the job ran
    # Whether the runtime is the eager reference (``Runtime.eager``): the report's speed-up baseline,
    # carried here because the report may read a cache where the runtime's plugin is not installed.
    eager: bool = False

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["stats"] = self.stats.to_dict() if self.stats else None
        data["machine"] = self.machine.to_dict() if self.machine else None
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        stats = data.get("stats")
        return cls(
            device=data["device"],
            runtime=data["runtime"],
            status=data["status"],
            error=data.get("error"),
            precision=data.get("precision") or "fp32",
            stats=Stats.from_dict(stats) if stats else None,
            throughput_per_s=data.get("throughput_per_s"),
            parity=data.get("parity"),
            info=dict(data.get("info") or {}),
            environment=dict(data.get("environment") or {}),
            machine=Machine.from_dict(data["machine"]) if data.get("machine") else None,
            # Results written before the flag was kept: only the built-in torch was the baseline.
            eager=bool(data["eager"]) if "eager" in data else data["runtime"] == "torch",
        )
