"""The frozen configuration of one ``benchit benchmark`` run, built from the command line."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchit.naming import measurement_key, options_tag

REBUILD = ("if_needed", "always", "never")
MODES = ("eval", "train", "generate")  # --mode: what is timed: a forward call, a training step, a generate() call
OPTIMIZERS = ("sgd", "adamw")  # --optimizer: what the train step updates the weights with
DEFAULT_CACHE = "~/.cache/benchit"  # unless $BENCHIT_CACHE_DIR or --cache-dir says otherwise


@dataclass(frozen=True)
class TimingSettings:
    """How long to warm up and to measure; every bound is explicit and recorded."""

    warmup_min_iterations: int = 5
    warmup_tolerance: float = 0.05  # successive warm-up block medians agree within 5%
    warmup_max_s: float = 5.0
    min_iterations: int = 64
    min_time_s: float = 1.0
    max_time_s: float = 10.0
    ci_tolerance: float = 0.02  # stop once the median's 95% CI is within +-2%
    block_s: float = 0.05  # work between two checks of the stopping rule
    # Each runtime is measured in this many rounds, interleaved with the model's other runtimes;
    # the time bounds above are for all rounds together (docs/performance.md, "Rounds").
    rounds: int = 5
    # More rounds, up to this many in all (within max_time_s), while the rounds' medians disagree
    # by more than ci_tolerance; 0 or at most ``rounds``: none beyond ``rounds``.
    max_rounds: int = 0
    # The rounds are divided among this many passes over the scan's plan, each pass a fresh worker
    # later in the scan (docs/performance.md, "Passes"); at most one pass per round.
    passes: int = 2
    # A block of measurement during which a contention signal passes this fraction is discarded
    # and measured again (benchit.measure.contention).
    contention_threshold: float = 0.1

    @property
    def pass_count(self) -> int:
        """The passes a scan makes: ``passes``, but never more than the rounds they divide."""
        return max(1, min(self.passes, self.rounds))

    def for_pass(self, index: int) -> TimingSettings:
        """The settings of pass ``index`` (from 0): its share of the rounds (the first passes take
        one more where they do not divide evenly), and of the bounds that are for all rounds
        together (``min_iterations``, ``min_time_s``, ``max_time_s``, ``max_rounds``), so that
        each round's share of them is the same as in one pass; the warm-up is each pass's own."""
        count = self.pass_count
        if count == 1:
            return self
        rounds = max(1, self.rounds)
        share = rounds // count + (1 if index % count < rounds % count else 0)
        part = share / rounds
        return dataclasses.replace(
            self,
            rounds=share,
            min_iterations=max(1, math.ceil(self.min_iterations * part)),
            min_time_s=self.min_time_s * part,
            max_time_s=self.max_time_s * part,
            max_rounds=math.ceil(self.max_rounds * part) if self.max_rounds > rounds else 0,
        )

    def to_dict(self) -> dict[str, float]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Config:
    """Everything a worker needs to run and measure a script; crosses processes as JSON."""

    cache_dir: Path
    devices: tuple[str, ...] = ("cpu",)
    runtimes: tuple[str, ...] = ("torch",)
    script_args: tuple[str, ...] = ()
    timeout_s: float = 300.0
    # Seconds the whole scan may wait for a quiet machine before measuring (0: never wait).
    quiet_wait_s: float = 180.0
    memory_limit_bytes: int | None = None
    threads_default: bool = False  # --threads not given: each machine uses its own physical cores
    memory_limit_default: bool = False  # the limit is the default share of free memory, not --memory-limit
    jobs: int = 1
    threads: int = 1
    analyze_only: bool = False
    rebuild: str = "if_needed"
    timing: TimingSettings = field(default_factory=TimingSettings)
    rtol: float = 1e-3
    atol: float = 1e-4
    precisions: tuple[str, ...] = ("fp32",)
    # Parity tolerances per precision (name -> [rtol, atol]) given by the user; the rest are
    # measure.precision's defaults (fp32's come from rtol and atol above).
    tolerances: dict[str, tuple[float, float]] = field(default_factory=dict)
    # (device, runtime, precision) triples to measure; empty means every combination.
    only: tuple[tuple[str, str, str], ...] = ()
    max_depth: int = 0
    # What each invocation is measured in: ``eval`` (one forward call), ``train`` (one training step),
    # ``generate`` (one greedy generate() call, each token stamped: ``measure.generate``).
    modes: tuple[str, ...] = ("eval",)
    optimizer: str = "sgd"
    plugin_dirs: tuple[str, ...] = ()
    preload: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    # Per runtime, its options that shape its numbers (``Runtime.identity_options``) and differ
    # from their defaults, as text: recorded with each result and part of its measurement's name.
    runtime_options: dict[str, dict[str, str]] = field(default_factory=dict)
    # Whether non-eager runtimes' outputs are checked against eager torch's: a later pass
    # (``TimingSettings.passes``) is timed only, its result keeping the first pass's verdict.
    parity: bool = True
    # Seconds the search for where a failed parity starts may take, per result (``measure.localize``; 0: off).
    localize_s: float = 60.0
    # Per device, the instances ``--device NAME:i,j`` named (absent: every visible instance).
    instances: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["cache_dir"] = str(self.cache_dir)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Config:
        data = dict(data)
        data["cache_dir"] = Path(data["cache_dir"])
        data["timing"] = TimingSettings(**data["timing"])
        for name in ("devices", "runtimes", "script_args", "plugin_dirs", "preload", "precisions", "modes"):
            data[name] = tuple(data[name])
        data["tolerances"] = {k: tuple(v) for k, v in data["tolerances"].items()}
        data["only"] = tuple(tuple(t) for t in data["only"])
        data["instances"] = {k: tuple(v) for k, v in data.get("instances", {}).items()}
        return cls(**data)

    def measurements(self) -> list[tuple[str, str, str]]:
        """The (device, runtime, precision) triples each invocation is measured with, in order."""
        every = [(d, r, p) for d in self.devices for p in self.precisions for r in self.runtimes]
        return [t for t in every if not self.only or t in self.only]

    def measured(self) -> list[tuple[str, str, str, str]]:
        """The (device, runtime, precision, mode) units each invocation is measured in, in order:
        every measurement in each mode (eval first: a model's eval result never waits on training)."""
        return [(d, r, p, m) for m in self.modes for d, r, p in self.measurements()]

    def runtime_settings(self) -> dict[str, Any]:
        """What a runtime is made with (``Runtime.options``): the plugins' options, ``rebuild`` and ``threads``."""
        return {**self.options, "rebuild": self.rebuild, "threads": self.threads}

    def measurement_key(self, device: str, runtime: str, precision: str = "fp32", mode: str = "eval") -> str:
        """The name of a measurement of this run (``naming.measurement_key``), runtime options included."""
        tag = options_tag(self.runtime_options.get(runtime, {}))
        return measurement_key(device, runtime, precision, mode=mode, options_tag=tag)
