"""The plain records that flow between the stages and lie in the cache: scripts, invocations, results, builds."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchit import fieldcheck as fc
from benchit import keys
from benchit.failures import Failure
from benchit.naming import measurement_key, options_tag


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


class ParityVerdict(str, enum.Enum):
    """How a non-eager runtime's outputs compare with eager torch's (``measure.parity``)."""

    PASSED = "passed"
    FAILED = "failed"
    INCONCLUSIVE = "inconclusive"  # eager torch's output not finite, or nothing could judge it
    EAGER_NONDETERMINISTIC = "eager_nondeterministic"  # eager torch differs from itself: not judged

    def __str__(self) -> str:
        return self.value

    @property
    def passed(self) -> bool | None:
        """``parity["passed"]``: True or False when judged, None otherwise."""
        return {ParityVerdict.PASSED: True, ParityVerdict.FAILED: False}.get(self)


class ParityRule(str, enum.Enum):
    """Which rule decided a parity verdict (``measure.parity`` says each)."""

    ALLCLOSE = "allclose"  # within the precision's tolerances of eager torch
    RMSE_FP64 = "rmse_fp64"  # as close to a float64 run as eager torch, within k
    COSINE = "cosine"  # no float64 run: cosine similarity with eager torch
    GREEDY_TOKENS = "greedy_tokens"  # --mode generate: greedy tokens parted from eager's, no near tie

    def __str__(self) -> str:
        return self.value


# The typed facts of a ``parity`` object, besides ``passed`` (its verdict's) and what ``Parity.extra`` keeps.
_PARITY_KEYS = ("verdict", "reason", "rule", "max_abs_diff", "max_rel_diff", "fp64", "eager_rerun", "per_output")


@dataclass(frozen=True)
class Parity:
    """A result's ``parity``, as ``measure.parity`` judged it (docs/architecture.md, "Parity"): its
    verdict, the rule that decided, why, the largest differences, whether float64 ran (``fp64``),
    eager torch's second run (``eager_rerun``), each output's statistics (``per_output``), and in
    ``extra`` whatever else the object held (tolerances, ``error_to_scale``...). ``from_dict`` reads
    results written before ``verdict`` and ``rule`` were kept; ``to_dict`` gives back the object read."""

    verdict: ParityVerdict
    reason: str | None = None
    rule: ParityRule | None = None
    max_abs_diff: float | None = None
    max_rel_diff: float | None = None
    fp64: str | None = None  # "ran", or why float64 could not run
    eager_rerun: dict[str, Any] | None = None
    per_output: tuple[dict[str, Any], ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    # The facts the object read did not hold (an older result's): left out again by ``to_dict``.
    absent: frozenset[str] = field(default=frozenset(), compare=False)

    @property
    def passed(self) -> bool | None:
        return self.verdict.passed

    def to_dict(self) -> dict[str, Any]:
        data = {**self.extra, "verdict": self.verdict.value, "passed": self.passed, "reason": self.reason}
        data["rule"] = self.rule.value if self.rule else None
        data.update(max_abs_diff=self.max_abs_diff, max_rel_diff=self.max_rel_diff)
        data.update(fp64=self.fp64, eager_rerun=self.eager_rerun)
        data["per_output"] = list(self.per_output) if self.per_output is not None else None
        # What the object read lacked stays out; a new one has the last three only where measured.
        left_out = self.absent or {k for k in ("fp64", "eager_rerun", "per_output") if data[k] is None}
        return {k: v for k, v in data.items() if k not in left_out}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Parity:
        verdict = data.get("verdict")
        if verdict is None:  # before verdicts: only ``passed``, None meaning not judged
            passed = data.get("passed")
            verdict = "inconclusive" if passed is None else "passed" if passed else "failed"
        rule, per_output = data.get("rule"), data.get("per_output")
        return cls(
            verdict=ParityVerdict(verdict),
            reason=data.get("reason"),
            rule=ParityRule(rule) if rule else None,
            max_abs_diff=data.get("max_abs_diff"),
            max_rel_diff=data.get("max_rel_diff"),
            fp64=data.get("fp64"),
            eager_rerun=data.get("eager_rerun"),
            per_output=tuple(per_output) if isinstance(per_output, list) else None,
            extra={k: v for k, v in data.items() if k not in _PARITY_KEYS and k != "passed"},
            absent=frozenset(k for k in (*_PARITY_KEYS, "passed") if k not in data),
        )


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
        return cls(**{k: v for k, v in data.items() if k in _INVOCATION_NAMES})


_INVOCATION_NAMES = frozenset(f.name for f in dataclasses.fields(Invocation))


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
    # Rounds (--rounds): the median of each round (ms) and its sample count, in round order; and
    # for each kept sample of ``samples_ms`` (same order), the round it came from. Empty in results
    # written before rounds: such a result is one round whose median is ``median_ms``.
    rounds_ms: tuple[float, ...] = ()
    round_iterations: tuple[int, ...] = ()
    sample_rounds: tuple[int, ...] = ()
    # Passes (--passes): the pass of each round of ``rounds_ms`` (same order), and the coefficient
    # of variation of the passes' levels (None with one pass). Empty and None in a one-pass result
    # and in results written before passes.
    round_passes: tuple[int, ...] = ()
    between_pass_cv: float | None = None

    @property
    def passes(self) -> int:
        """How many passes the rounds came from (1 for a result without passes)."""
        return len(set(self.round_passes)) or 1

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for name in ("samples_ms", "rounds_ms", "round_iterations", "sample_rounds", "round_passes"):
            data[name] = list(data[name])
        # A one-pass result writes what results before passes wrote, and reads back as it lies.
        if not data["round_passes"]:
            del data["round_passes"]
        if data["between_pass_cv"] is None:
            del data["between_pass_cv"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        values = {k: v for k, v in data.items() if k in _STATS_NAMES}
        values["samples_ms"] = tuple(map(float, values.get("samples_ms") or ()))
        values["rounds_ms"] = tuple(map(float, values.get("rounds_ms") or ()))
        values["round_iterations"] = tuple(map(int, values.get("round_iterations") or ()))
        values["sample_rounds"] = tuple(map(int, values.get("sample_rounds") or ()))
        values["round_passes"] = tuple(map(int, values.get("round_passes") or ()))
        return cls(**values)


_STATS_NAMES = frozenset(f.name for f in dataclasses.fields(Stats))


# -- checks of the records' own fields (``fieldcheck``) ----------------------------------------------
@fc.check("not an object", passes=(dict,))
def _stats(value: Any) -> bool:
    """An object; each of its fields is checked on its own (``_STATS_FIELDS``)."""
    return isinstance(value, dict)


@fc.check("not a failure (an object with a string stage)")
def _failure(value: Any) -> bool:
    """A failure (``failures.Failure``): an object whose ``stage`` is a string."""
    return isinstance(value, dict) and isinstance(value.get("stage"), str)


@fc.check("not a machine (an object with a string id, hostname and cpu model)")
def machine_check(value: Any) -> bool:
    """The check of a record's ``machine`` field (``fieldcheck``)."""
    return isinstance(value, dict) and isinstance(value.get("id"), str) and not fc.problems(value, _MACHINE)


_result_status = fc.one_of(ResultStatus, "not a result status")


# -- results ---------------------------------------------------------------------------------------
_MACHINE = fc.fields(
    (fc.text, False, ("id", "hostname", "cpu_model")),
    (fc.text, True, ("accelerator",)),
    (fc.integer, True, ("accelerator_count",)),
)
# fmt: off
_STATS_FIELDS = fc.fields(
    (fc.integer, False, ("iterations", "warmup_iterations")),
    (fc.number, False, ("mean_ms", "median_ms", "median_ci_low_ms", "median_ci_high_ms", "min_ms", "max_ms", "std_ms",
                        "iqr_ms", "p90_ms", "p99_ms", "cv", "measure_time_s", "warmup_time_s")),
    (fc.flag, False, ("noisy", "warmup_settled")),
    (fc.numbers, False, (keys.SAMPLES_MS, keys.ROUNDS_MS)),
    (fc.integers, False, ("round_iterations", "sample_rounds", "round_passes")),
    (fc.number, True, ("between_pass_cv",)),
)
# fmt: on
# The typed facts of ``parity`` (``Parity``; the rest, such as the tolerances, are kept as they are).
_PARITY = fc.fields(
    (lambda v: isinstance(v, str) and v in ParityVerdict._value2member_map_, True, ("verdict",)),
    (lambda v: isinstance(v, str) and v in ParityRule._value2member_map_, True, ("rule",)),
    (fc.text, True, ("reason",)),
    (fc.flag, True, ("passed",)),
    (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool), True, ("max_abs_diff", "max_rel_diff")),
    (fc.text, True, ("fp64",)),
    (fc.obj, True, ("eager_rerun",)),
    (fc.objects, True, ("per_output",)),
)
# The facts of ``environment`` and ``info`` that have columns of their own: a cell holds a scalar.
_ENVIRONMENT = fc.fields(
    (fc.scalar, True, ("hostname", "threads", "device_name", "device_software", "cpu_model", "benchit")),
    (fc.obj, True, ("versions",)),
)
# fmt: off
_INFO = fc.fields(
    (fc.scalar, True, (keys.CPU_WAIT_FRACTION, keys.STEAL_FRACTION, keys.RUNNABLE_OTHERS, keys.CPU_PRESSURE,
                       keys.CONTENDED_REASON, keys.BLOCKS_DISCARDED, keys.QUIET_WAIT_S, keys.PREPARE_S,
                       keys.FIRST_STEP_S, keys.OVERHEAD_NS, keys.PEAK_RSS_BYTES, keys.PEAK_MEMORY_ALLOCATED_BYTES,
                       keys.PEAK_MEMORY_RESERVED_BYTES)),
    (fc.number, True, (keys.SPEED_PROBE_US, keys.PARALLEL_PROBE_US)),
    (fc.text, True, (keys.SPEED_PROBE, keys.PARALLEL_PROBE)),
    (fc.texts, True, (keys.TRAIN_ADAPTATIONS,)),
)
# fmt: on
_RESULT = fc.fields(
    (fc.text, False, ("device", "runtime", "precision", "mode")),
    (_result_status, False, ("status",)),
    (fc.obj, False, ("info", "environment")),
    (fc.text, True, ("error", "script_digest")),
    (_stats, True, ("stats",)),
    (fc.obj, True, ("parity",)),
    (_failure, True, ("failure",)),
    (machine_check, True, ("machine",)),
    (fc.number, True, ("throughput_per_s", "finished")),
    (fc.flag, False, ("contended",)),
    (fc.strings, False, ("runtime_options",)),
)
_STATS_NEEDED = tuple(f.name for f in dataclasses.fields(Stats) if f.default is dataclasses.MISSING)


@dataclass(frozen=True)
class Result:
    """The outcome of one invocation on one device with one runtime. The coordinator stamps
    ``machine`` (where the job ran), ``script_digest`` (the script version) and ``finished``."""

    device: str
    runtime: str
    status: ResultStatus
    error: str | None = None
    precision: str = "fp32"
    stats: Stats | None = None
    throughput_per_s: float | None = None
    parity: Parity | None = None
    info: dict[str, Any] = field(default_factory=dict)
    environment: dict[str, Any] = field(default_factory=dict)
    machine: Machine | None = None
    script_digest: str | None = None
    finished: float | None = None  # time.time() when the coordinator wrote it

    # Whether the runtime is the eager reference (``Runtime.eager``): the report's speed-up baseline,
    # carried here because the report may read a cache where the runtime's plugin is not installed.
    eager: bool = False
    # Measured on a machine too busy to trust the number (``measure.contention``), after the
    # --quiet-wait budget ran out: ``info`` has the evidence and ``contended_reason``.
    contended: bool = False
    # What was timed: ``eval`` (one forward call) or ``train`` (forward, loss, backward, optimizer step).
    mode: str = "eval"
    # The runtime's options that shape its numbers (``Runtime.identity_options``) and differ from
    # their defaults: part of what was measured. Empty: the defaults (and every older result).
    runtime_options: dict[str, str] = field(default_factory=dict)
    # Why it failed (a failed result, or one whose parity failed), typed: ``benchit.failures``.
    # Results written before it was kept have none; ``failures.of_result`` derives it from ``error``.
    failure: Failure | None = None

    def __post_init__(self) -> None:
        # Measuring code may still pass the plain string: the record holds the enum.
        if self.status.__class__ is not ResultStatus:
            object.__setattr__(self, "status", ResultStatus(self.status))

    @property
    def measurement(self) -> str:
        """``device-runtime[-precision][-train][-o<tag>]``: see ``measurement_key``."""
        return measurement_key(
            self.device, self.runtime, self.precision, mode=self.mode, options_tag=options_tag(self.runtime_options)
        )

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["status"] = self.status.value
        data["stats"] = self.stats.to_dict() if self.stats else None
        data["machine"] = self.machine.to_dict() if self.machine else None
        data["parity"] = self.parity.to_dict() if self.parity else None
        if self.failure is not None:  # a result without one writes what results before failures wrote
            data["failure"] = self.failure.to_dict()
        else:
            del data["failure"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        """``RecordError`` names each field missing or of the wrong type."""
        found = [(name, "missing") for name in ("device", "runtime", "status") if name not in data]
        found += fc.problems(data, _RESULT)
        stats = data.get("stats")
        if not found and stats:
            found += [(f"stats.{name}", "missing") for name in _STATS_NEEDED if name not in stats]
            found += fc.problems(stats, _STATS_FIELDS, "stats.")
        for name, fields in (("parity", _PARITY), ("environment", _ENVIRONMENT), ("info", _INFO)):
            if not found and isinstance(value := data.get(name), dict) and value:  # an empty one has no problem
                found += fc.problems(value, fields, f"{name}.")
        found = found or fc.huge_numbers(data)
        if found:
            raise fc.RecordError(found)
        return cls(
            device=data["device"],
            runtime=data["runtime"],
            status=ResultStatus(data["status"]),
            error=data.get("error"),
            precision=data.get("precision") or "fp32",
            stats=Stats.from_dict(stats) if stats else None,
            throughput_per_s=data.get("throughput_per_s"),
            parity=Parity.from_dict(data["parity"]) if data.get("parity") is not None else None,
            info=dict(data.get("info") or {}),
            environment=dict(data.get("environment") or {}),
            machine=Machine.from_dict(data["machine"]) if data.get("machine") else None,
            script_digest=data.get("script_digest"),
            finished=data.get("finished"),
            # Results written before the flag was kept: only the built-in torch was the baseline.
            eager=bool(data["eager"]) if "eager" in data else data["runtime"] == "torch",
            contended=bool(data.get("contended", False)),
            mode=data.get("mode") or "eval",  # results written before modes timed the eval call
            runtime_options=dict(data.get("runtime_options") or {}),
            failure=Failure.from_dict(data["failure"]) if data.get("failure") else None,
        )


# -- invocations ----------------------------------------------------------------------------------
_INVOCATION = fc.fields(
    (fc.text, False, ("hash", "model_class", "input_shapes", "call_site", "module_path", "parent")),
    (fc.integer, False, ("params", "batch_size", "call_count")),
    (fc.obj, False, ("signature",)),
)


def invocation_problems(data: Any) -> list[tuple[str, str]]:
    """``(field, why)`` for each field of an invocation (as ``Invocation.to_dict``) of the wrong type."""
    return fc.problems(data, _INVOCATION, "invocation.") or fc.huge_numbers(data, "invocation.")
