"""One runtime of a model on its way to a result (``Entry``), and what the stages share: the
fields of its results, the callback that hears what is running now."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from benchit import failures
from benchit.contracts import Prepared, Runtime
from benchit.errors import Unavailable
from benchit.measure import contention, generate
from benchit.measure.energy import EnergyMeter
from benchit.measure.timing import Round, Warmup
from benchit.measure.training import InputsNeed, Trainer, inputs_need, inputs_reason
from benchit.records import Result, ResultStatus

# Hears which runtime is being prepared or measured now, as the failed result it would end with if
# the process died there (``None``: between runtimes); the worker sends it on (``messages.Attempt``).
AttemptCallback = Callable[[Result | None], None]


def attempting(entry: Entry | None, attempt: AttemptCallback | None) -> None:
    """Tell ``attempt`` that ``entry``'s runtime is being prepared or measured now (``None``: none is)."""
    if attempt is not None:
        attempt(None if entry is None else Result(**entry.base, status=ResultStatus.FAILED))


class Names(TypedDict):
    """The fields every ``Result`` of one ``benchmark`` call shares."""

    device: str
    runtime: str
    precision: str
    eager: bool
    mode: str


@dataclass
class Entry:
    """One runtime of a model on its way to a result: prepared, warmed up, its rounds measured."""

    runtime: Runtime
    base: Names
    environment: dict[str, Any]
    info: dict[str, Any] = field(default_factory=dict)
    prepared: Prepared | None = None
    parity: dict[str, Any] | None = None
    warmup: Warmup | None = None
    rounds: list[Round] = field(default_factory=list)
    added: dict[str, int] = field(default_factory=dict)  # memory its preparation added (resident, device)
    peaks: dict[str, int] = field(default_factory=dict)  # during its rounds, the process's peaks
    switches: int = 0  # involuntary context switches during its rounds
    watch: contention.BlockWatch | None = None
    result: Result | None = None  # once it failed or was refused
    trainer: Trainer | None = None  # in train mode: the model's optimizer and initial state
    inputs_need: InputsNeed | None = None  # in train mode: what the captured inputs lacked, when they did
    phase: str = failures.PREPARE  # where a failure now is caught: preparing, or running what was prepared
    energy: EnergyMeter | None = None  # the device's energy counter, read around its timed blocks
    generation: generate.Session | None = None  # in generate mode: the prompt, eager's tokens
    slow: str | None = None  # why a round was measured in the thread hand-off slow state (``speed.HandOffGate``)

    def context(self) -> Any:
        """The grad mode of its runtime in this mode."""
        return self.runtime.train_context() if self.trainer is not None else self.runtime.context()

    def fail(self, exc: BaseException) -> None:
        """End this runtime with ``exc`` (``Unavailable``: the model does not suit it); the others go on."""
        status = ResultStatus.UNAVAILABLE if isinstance(exc, Unavailable) else ResultStatus.FAILED
        error = str(exc) if isinstance(exc, Unavailable) else failures.error_text(exc)
        if self.trainer is not None:  # a step the captured inputs cannot train: its reason, no traceback
            error = inputs_reason(exc) or error
            self.inputs_need = inputs_need(exc)
        failure = failures.of_runtime(self.runtime, exc, error, self.phase) if status is ResultStatus.FAILED else None
        self.result = Result(**self.base, status=status, error=error, info=self.info, environment=self.environment,
                             failure=failure)  # fmt: skip
        self.prepared = None


def inputs_failure(entry: Entry) -> InputsNeed | None:
    """What the captured inputs lacked for ``entry``'s failed train step (``training.inputs_need``),
    or ``None``."""
    result = entry.result
    failed = entry.trainer is not None and result is not None and result.status is ResultStatus.FAILED
    return entry.inputs_need if failed else None
