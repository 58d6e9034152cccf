"""The plain records that flow between the stages and lie in the cache: scripts, invocations, results, builds."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import orjson as _orjson
except ImportError:  # an optional speed-up
    _orjson = None  # type: ignore[assignment]


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

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Parity:
    """The headline of a result's ``parity`` (a JSON object on disk, with per-output statistics
    beside these keys); ``from_dict`` reads results written before ``verdict`` and ``rule`` were kept."""

    verdict: ParityVerdict
    reason: str | None = None
    rule: ParityRule | None = None
    max_abs_diff: float | None = None
    max_rel_diff: float | None = None

    @property
    def passed(self) -> bool | None:
        return self.verdict.passed

    def to_dict(self) -> dict[str, Any]:
        return {
            "verdict": self.verdict.value,
            "passed": self.passed,
            "reason": self.reason,
            "rule": self.rule.value if self.rule else None,
            "max_abs_diff": self.max_abs_diff,
            "max_rel_diff": self.max_rel_diff,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Parity:
        verdict = data.get("verdict")
        if verdict is None:  # before verdicts: only ``passed``, None meaning not judged
            passed = data.get("passed")
            verdict = "inconclusive" if passed is None else "passed" if passed else "failed"
        rule = data.get("rule")
        return cls(
            verdict=ParityVerdict(verdict),
            reason=data.get("reason"),
            rule=ParityRule(rule) if rule else None,
            max_abs_diff=data.get("max_abs_diff"),
            max_rel_diff=data.get("max_rel_diff"),
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
    # Rounds (--rounds): the median of each round (ms) and its sample count, in round order; and
    # for each kept sample of ``samples_ms`` (same order), the round it came from. Empty in results
    # written before rounds: such a result is one round whose median is ``median_ms``.
    rounds_ms: tuple[float, ...] = ()
    round_iterations: tuple[int, ...] = ()
    sample_rounds: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        for name in ("samples_ms", "rounds_ms", "round_iterations", "sample_rounds"):
            data[name] = list(data[name])
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Stats:
        values = {k: v for k, v in data.items() if k in _STATS_NAMES}
        values["samples_ms"] = tuple(map(float, values.get("samples_ms") or ()))
        values["rounds_ms"] = tuple(map(float, values.get("rounds_ms") or ()))
        values["round_iterations"] = tuple(map(int, values.get("round_iterations") or ()))
        values["sample_rounds"] = tuple(map(int, values.get("sample_rounds") or ()))
        return cls(**values)


_STATS_NAMES = frozenset(f.name for f in dataclasses.fields(Stats))


def measurement_key(
    device: str, runtime: str, precision: str = "fp32", mode: str = "eval", options_tag: str = ""
) -> str:
    """The name of one measurement of a build, and its result file's stem: ``cpu-torch``,
    ``cpu-torch-bf16``, for the train step ``cpu-torch-train``, ``cpu-torch-bf16-train`` (eval, the
    default mode, adds nothing, so that older caches keep their names), and last the ``options_tag``
    of non-default runtime options: ``cpu-torch-compile-o1a2b3c4d``."""
    mode_suffix = "" if mode in ("", "eval") else f"-{mode}"
    return f"{device}-{runtime}{precision_suffix(precision)}{mode_suffix}{options_tag}"


def options_tag(options: dict[str, str]) -> str:
    """What a measurement's name gains for runtime options that differ from their defaults: nothing
    when none do, else ``-o`` and 8 hex digits of a digest of the sorted options (stable across runs)."""
    if not options:
        return ""
    text = json.dumps(sorted((str(k), str(v)) for k, v in options.items()))
    return "-o" + hashlib.sha256(text.encode()).hexdigest()[:8]


def options_text(options: dict[str, str]) -> str:
    """Runtime options for people and report cells: ``compile_backend=aot_eager,compile_mode=...``."""
    return ",".join(f"{k}={v}" for k, v in sorted(options.items()))


def precision_suffix(precision: str) -> str:
    """What a measurement's name gains for ``precision``: nothing for fp32 (the default), else ``-<precision>``."""
    return "" if precision in ("", "fp32") else f"-{precision}"


# -- checks of records read back from a file (hand-edited, foreign, or written by another version) --
class RecordError(ValueError):
    """A record read back from a file has fields that are missing or of the wrong type."""

    def __init__(self, problems: list[tuple[str, str]]):
        super().__init__("; ".join(f"{name}: {why}" for name, why in problems))
        self.problems = problems  # (field, why): ``invocation.params`` names a field inside a field


Check = Callable[[Any], bool]


def _text(value: Any) -> bool:
    return isinstance(value, str)


# Larger than any count, size, time or timestamp benchit writes, small enough that no arithmetic
# on it overflows a float (``10**400`` would).
MAX_MAGNITUDE = 1e18
# A name that lies in one folder of the cache: a build, an artifact. One path component: no
# separator, never ``.`` or ``..`` (nor hidden), no control character.
_COMPONENT = re.compile(r"[A-Za-z0-9_+-][A-Za-z0-9_.+-]{0,199}")


def safe_component(name: Any) -> bool:
    """Whether ``name`` is a single path component that cannot leave its folder (see ``safe_name``)."""
    return isinstance(name, str) and _COMPONENT.fullmatch(name) is not None


def _number(value: Any) -> bool:
    """A finite number of sane magnitude (never a flag)."""
    if value.__class__ is float and -MAX_MAGNITUDE <= value <= MAX_MAGNITUDE:  # most: a nan fails here
        return True
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return abs(value) <= MAX_MAGNITUDE and (isinstance(value, int) or math.isfinite(value))


def _integer(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= MAX_MAGNITUDE


def _scalar(value: Any) -> bool:
    """A string, a flag or a number (as ``_number``): what a table cell may hold."""
    return isinstance(value, (str, bool)) or _number(value)


def _names(value: Any) -> bool:
    return isinstance(value, list) and all(safe_component(v) for v in value)


def _name(value: Any) -> bool:
    return safe_component(value)


def _numbers(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    # A result keeps hundreds of samples: a list of floats only is checked at C speed (a nan or
    # an infinity makes the sum of magnitudes not finite, and a sum that overflows takes the slow way).
    if _only(value, float) and math.isfinite(total := sum(map(abs, value))):
        return total <= MAX_MAGNITUDE or max(map(abs, value)) <= MAX_MAGNITUDE
    return all(_number(v) for v in value)


def _integers(value: Any) -> bool:
    if not isinstance(value, list):
        return False
    if _only(value, int):  # exactly int: never a flag
        return not value or max(map(abs, value)) <= MAX_MAGNITUDE
    return all(_integer(v) for v in value)


def _only(values: list[Any], kind: type) -> bool:
    """Whether every item of ``values`` is exactly of type ``kind`` (subclasses, such as bool, are not)."""
    return set(map(type, values)) <= {kind}


_NEVER_HUGE = frozenset({float, str, bool, type(None)})


def huge_numbers(value: Any, prefix: str = "") -> list[tuple[str, str]]:
    """``(field, why)`` for the first integer anywhere in ``value`` too large to be a float
    (``10**400``): any arithmetic on it, even ``x / 2``, would overflow."""
    if _orjson is not None and isinstance(value, (dict, list)):
        # orjson writes JSON's values, at C speed, and refuses an integer past 64 bits: what it
        # writes holds none too large. What it refuses is walked, to find which and where.
        try:
            _orjson.dumps(value)
            return []
        except TypeError:
            pass
    return _huge_numbers(value, prefix)


def _huge_numbers(value: Any, prefix: str) -> list[tuple[str, str]]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [] if abs(value) <= 2**1000 else [(prefix.rstrip(".") or "record", "a number too large")]
    if isinstance(value, list) and value:  # kept samples and their rounds: checked at C speed
        if _only(value, float) or (_only(value, int) and max(map(abs, value)) <= 2**1000):
            return []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if item.__class__ in _NEVER_HUGE or (item.__class__ is int and -(2**1000) <= item <= 2**1000):
            continue
        found = _huge_numbers(item, f"{prefix}{key}.")
        if found:
            return found
    return []


def _flag(value: Any) -> bool:
    return isinstance(value, bool)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _object(value: Any) -> bool:
    return isinstance(value, dict)


def _strings(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _labels(value: Any) -> bool:
    return isinstance(value, dict) and all(isinstance(k, str) and _texts(v) for k, v in value.items())


def _error(value: Any) -> bool:
    return isinstance(value, dict) and all(v is None or isinstance(v, str) for v in value.values())


def _stats(value: Any) -> bool:
    """An object; each of its fields is checked on its own (``_STATS_FIELDS``)."""
    return isinstance(value, dict)


def _machine(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("id"), str) and not problems(value, _MACHINE)


def _script_status(value: Any) -> bool:
    return isinstance(value, str) and value in ScriptStatus._value2member_map_


def _result_status(value: Any) -> bool:
    return isinstance(value, str) and value in ResultStatus._value2member_map_


_WHY: dict[Check, str] = {
    _text: "not a string",
    _number: "not a finite number of sane magnitude",
    _integer: "not an integer of sane magnitude",
    _scalar: "not a string, number or flag",
    _names: "not a list of plain names (no separator, no '..')",
    _name: "not a plain name (no separator, no '..')",
    _numbers: "not a list of finite numbers",
    _integers: "not a list of integers",
    _flag: "not true or false",
    _texts: "not a list of strings",
    _object: "not an object",
    _labels: "not an object of string lists",
    _error: "not an object of strings",
    _strings: "not an object of strings",
    _stats: "not an object",
    _machine: "not a machine (an object with a string id, hostname and cpu model)",
    _script_status: "not a script status",
    _result_status: "not a result status",
}

Fields = dict[str, tuple[Check, bool]]  # field: (its check, whether null is allowed)


def _fields(*groups: tuple[Check, bool, tuple[str, ...]]) -> Fields:
    return {name: (check, optional) for check, optional, names in groups for name in names}


def problems(data: Any, fields: Fields, prefix: str = "") -> list[tuple[str, str]]:
    """``(field, why)`` for each field of ``data`` whose value has the wrong type (absent fields pass)."""
    if not isinstance(data, dict):
        return [(prefix.rstrip(".") or "record", "not an object")]
    found = []
    # The fields present only: through the record's keys where it has fewer than the fields
    # (``info`` and ``environment`` have a few of many), in the fields' order all the same.
    names = fields if len(fields) <= len(data) else [n for n in data if n in fields]
    for name in names:
        value = data.get(name, _ABSENT)
        if value is _ABSENT:
            continue
        check, optional = fields[name]
        if check(value) or (optional and value is None):
            continue
        found.append((prefix + name, _why(check, value)))
    if len(found) > 1 and names is not fields:
        order = list(fields)
        found.sort(key=lambda f: order.index(f[0].removeprefix(prefix)))
    return found


_ABSENT = object()


def _why(check: Check, value: Any) -> str:
    if check in (_script_status, _result_status) and not isinstance(value, str):
        return _WHY[_text]  # a status is a string first, then one of the known ones
    return _WHY.get(check, "not one of the known values")


def _omit_unknown(data: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` less those of ``keys`` that are None: fields a record has only once they are known."""
    return {k: v for k, v in data.items() if not (k in keys and v is None)}


# -- results ---------------------------------------------------------------------------------------
_MACHINE = _fields(
    (_text, False, ("id", "hostname", "cpu_model")),
    (_text, True, ("accelerator",)),
    (_integer, True, ("accelerator_count",)),
)
_STATS_FIELDS = _fields(
    (_integer, False, ("iterations", "warmup_iterations")),
    (
        _number,
        False,
        (
            "mean_ms",
            "median_ms",
            "median_ci_low_ms",
            "median_ci_high_ms",
            "min_ms",
            "max_ms",
            "std_ms",
            "iqr_ms",
            "p90_ms",
            "p99_ms",
            "cv",
            "measure_time_s",
            "warmup_time_s",
        ),
    ),  # fmt: skip
    (_flag, False, ("noisy", "warmup_settled")),
    (_numbers, False, ("samples_ms", "rounds_ms")),
    (_integers, False, ("round_iterations", "sample_rounds")),
)
# The facts of ``parity`` that the report reads (the rest are per-output statistics, shown as they are).
_PARITY = _fields(
    (lambda v: isinstance(v, str) and v in ParityVerdict._value2member_map_, True, ("verdict",)),
    (lambda v: isinstance(v, str) and v in ParityRule._value2member_map_, True, ("rule",)),
    (_text, True, ("reason",)),
    (_flag, True, ("passed",)),
    (lambda v: isinstance(v, (int, float)) and not isinstance(v, bool), True, ("max_abs_diff", "max_rel_diff")),
)
# The facts of ``environment`` and ``info`` that have columns of their own: a cell holds a scalar.
_ENVIRONMENT = _fields(
    (_scalar, True, ("hostname", "threads", "device_name", "device_software", "cpu_model", "benchit")),
    (_object, True, ("versions",)),
)
_INFO = _fields(
    (
        _scalar,
        True,
        (
            "cpu_wait_fraction",
            "steal_fraction",
            "runnable_others",
            "cpu_pressure",
            "contended_reason",
            "blocks_discarded",
            "quiet_wait_s",
            "prepare_s",
            "first_step_s",
            "overhead_ns",
            "peak_rss_bytes",
            "peak_memory_allocated_bytes",
            "peak_memory_reserved_bytes",
        ),
    ),  # fmt: skip
    (_number, True, ("speed_probe_us", "parallel_probe_us")),
    (_text, True, ("speed_probe", "parallel_probe")),
)
_RESULT = _fields(
    (_text, False, ("device", "runtime", "precision", "mode")),
    (_result_status, False, ("status",)),
    (_object, False, ("info", "environment")),
    (_text, True, ("error", "script_digest")),
    (_stats, True, ("stats",)),
    (_object, True, ("parity",)),
    (_machine, True, ("machine",)),
    (_number, True, ("throughput_per_s", "finished")),
    (_flag, False, ("contended",)),
    (_strings, False, ("runtime_options",)),
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
    parity: dict[str, Any] | None = None
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

    def __post_init__(self) -> None:
        # Measuring code may still pass the plain string: the record holds the enum.
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
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Result:
        """``RecordError`` names each field missing or of the wrong type."""
        found = [(name, "missing") for name in ("device", "runtime", "status") if name not in data]
        found += problems(data, _RESULT)
        stats = data.get("stats")
        if not found and stats:
            found += [(f"stats.{name}", "missing") for name in _STATS_NEEDED if name not in stats]
            found += problems(stats, _STATS_FIELDS, "stats.")
        for name, fields in (("parity", _PARITY), ("environment", _ENVIRONMENT), ("info", _INFO)):
            if not found and isinstance(data.get(name), dict):
                found += problems(data[name], fields, f"{name}.")
        found = found or huge_numbers(data)
        if found:
            raise RecordError(found)
        return cls(
            device=data["device"],
            runtime=data["runtime"],
            status=ResultStatus(data["status"]),
            error=data.get("error"),
            precision=data.get("precision") or "fp32",
            stats=Stats.from_dict(stats) if stats else None,
            throughput_per_s=data.get("throughput_per_s"),
            parity=data.get("parity"),
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
        )


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


_BUILD = _fields(
    (_name, False, ("build_name", "script_key")),
    (_text, False, ("script", "script_digest", "module_path")),
    (_name, True, ("parent_build",)),
    (_text, True, ("relative_path",)),
    (_texts, False, ("script_args",)),
    (_labels, False, ("labels",)),
    (_object, False, ("invocation", "artifacts")),
)
_INVOCATION = _fields(
    (_text, False, ("hash", "model_class", "input_shapes", "call_site", "module_path", "parent")),
    (_integer, False, ("params", "batch_size", "call_count")),
    (_object, False, ("signature",)),
)


def invocation_problems(data: Any) -> list[tuple[str, str]]:
    """``(field, why)`` for each field of an invocation (as ``Invocation.to_dict``) of the wrong type."""
    return problems(data, _INVOCATION, "invocation.") or huge_numbers(data, "invocation.")


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
        found = problems(data, _BUILD)
        invocation = data.get("invocation")
        if isinstance(invocation, dict):
            found += problems(invocation, _INVOCATION, "invocation.")
        artifacts = data.get("artifacts")
        if isinstance(artifacts, dict):
            # A name that could lead out of the build's artifacts folder was not written by benchit.
            found += [(f"artifacts.{name[:40]!r}", _WHY[_name]) for name in artifacts if not safe_component(name)]
        found = found or huge_numbers(data)
        if found:
            raise RecordError(found)
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
_SCRIPT = _fields(
    (_text, False, ("script", "key", "digest", "benchit_version", "executor")),
    (_text, True, ("relative_path", "memory_enforced_by")),
    (_script_status, False, ("status",)),
    (_names, False, ("builds",)),
    (_texts, False, ("hashes", "script_args", "devices", "runtimes", "precisions")),
    (_labels, False, ("labels",)),
    (_flag, False, ("analyze_only", "memory_limit_default")),
    (_integer, False, ("results", "failed_results", "max_depth")),
    (_number, False, ("lock_wait_s",)),
    (_error, True, ("error",)),
    (_machine, True, ("machine",)),
    (_number, True, ("timeout_s", "started", "finished", "duration_s")),
    (_integer, True, ("memory_limit_bytes", "pid", "peak_rss_bytes")),
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
    results: int | None = None
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
        return _omit_unknown(data, (*_AT_THE_END, "status"))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ScriptRecord:
        """``RecordError`` names each field of the wrong type (an absent field takes its default,
        but an absent ``status`` is None)."""
        found = problems(data, _SCRIPT) or huge_numbers(data)
        if found:
            raise RecordError(found)
        names = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in names}
        for name in ("hashes", "script_args", "devices", "runtimes", "precisions", "builds"):
            if name in values:
                values[name] = tuple(values[name])
        values["status"] = ScriptStatus(data["status"]) if "status" in data else None
        values["machine"] = Machine.from_dict(data["machine"]) if data.get("machine") else None
        values["labels"] = {k: list(v) for k, v in (data.get("labels") or {}).items()}
        values.setdefault("key", "")
        return cls(**values)
