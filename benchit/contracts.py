"""The contracts plugins implement or use: devices, timers, runtimes, executors, reporters and corpora.

Built-in implementations live in their stages (``backends/``, ``execute/``, ``report/``) and
subclass these like any plugin. This module imports only what sits below it in the stack (the
config, the messages of the executor seam, and leaves: records, errors, host), so that every stage,
and ``hookspecs``, may import it.
"""

from __future__ import annotations

import abc
import contextlib
import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from benchit.config import Config
from benchit.errors import Unavailable
from benchit.host import EventTimer, HostTimer, cpu_model
from benchit.keys import PEAK_MEMORY_ALLOCATED_BYTES, PEAK_MEMORY_RESERVED_BYTES
from benchit.messages import Event, JobSpec
from benchit.records import Machine, ScriptStatus

if TYPE_CHECKING:  # torch and pandas only where a model runs or a report is made
    import pandas as pd
    import torch

__all__ = [
    "Accelerator",
    "Corpus",
    "Device",
    "Executor",
    "Prepared",
    "Report",
    "Reporter",
    "Runtime",
    "Step",
    "Timer",
]

# -- timing ----------------------------------------------------------------------------------------
Step = Callable[[], object]


class Timer(Protocol):
    """Owns only the innermost loop; warm-up, stopping rules and statistics are the core's."""

    def run(self, step: Step, iterations: int) -> list[float]:
        """Run ``step`` ``iterations`` times; return each iteration's latency in seconds."""


# -- devices -----------------------------------------------------------------------------------------
class Device:
    """A place to run models. Subclass it in a plugin to add a device.

    A device knows whether it exists here, how to time work on it (host clock or device
    events), and how to read its peak memory. Torch is imported only when a device is used.
    """

    name: str = ""
    torch_device: str = "cpu"  # where torch tensors go for this device
    description: str = ""
    # The instance this object stands for (``at``): one lane of the device (docs/plugins.md, "Lanes").
    index: int = 0
    # Host cores each lane wants for itself while it measures (launching work, copying); a device
    # whose work never needs the host while it runs may say 0. Where the machine has fewer than
    # this for every lane, benchit measures its lanes one at a time.
    lane_cores: int = 1
    # How often the energy counter (``energy_joules``) is updated, in seconds (0: at every read).
    # A timed block shorter than this is extended; a counter updated less often than once a second
    # is too coarse to read around blocks, and its energy is left out with the reason.
    energy_update_s: float = 0.0

    def check(self) -> None:
        """Raise ``Unavailable`` with a reason when this device cannot be used here."""

    def instances(self) -> int:
        """How many instances of this device are here (each a lane of its own); at least 1."""
        return 1

    def at(self, index: int) -> Device:
        """This device bound to instance ``index`` (a shallow copy); ``select`` makes it current."""
        bound = copy.copy(self)
        bound.index = index
        return bound

    def select(self) -> None:
        """Make this instance the one the current process's work goes to (accelerators)."""

    def energy_joules(self) -> float | None:
        """The energy this instance has used, in joules, from a counter that only ever grows
        (its origin does not matter: benchit reads differences), or ``None`` where it has none
        (``energy_reason`` says why). Read around timed blocks, so it must be cheap."""
        return None

    def energy_reason(self) -> str:
        """Why ``energy_joules`` returns ``None`` here, in one line."""
        return f"device {self.name} has no energy counter"

    def timer(self) -> Timer:
        return HostTimer()

    def synchronize(self) -> None:
        """Wait until queued work on the device has finished."""

    def describe(self) -> dict[str, Any]:
        """Facts recorded with every result: model name, driver and runtime versions."""
        return {"device_name": cpu_model()}

    def reset_peak_memory(self) -> None:
        """Start a new peak-memory window (accelerators)."""

    def peak_memory(self) -> dict[str, int]:
        """Peak device memory since ``reset_peak_memory``, in bytes (accelerators)."""
        return {}


class Accelerator(Device):
    """A torch accelerator reached through a backend module (``torch.cuda``, ``torch.xpu``).

    Everything device-specific goes through ``backend()``, the one boundary tests fake.
    """

    def backend(self) -> Any:
        raise NotImplementedError

    def instances(self) -> int:
        return max(1, int(self.backend().device_count()))

    def at(self, index: int) -> Device:
        bound = super().at(index)
        base = self.torch_device.split(":")[0]
        if base != "cpu":  # a fake accelerator's tensors stay on the CPU
            bound.torch_device = f"{base}:{index}"
        return bound

    def select(self) -> None:
        setter = getattr(self.backend(), "set_device", None)
        if setter is not None:
            setter(self.index)

    def timer(self) -> Timer:
        return EventTimer(self.backend())

    def synchronize(self) -> None:
        self.backend().synchronize()

    def reset_peak_memory(self) -> None:
        self.backend().reset_peak_memory_stats()

    def peak_memory(self) -> dict[str, int]:
        backend = self.backend()
        return {
            PEAK_MEMORY_ALLOCATED_BYTES: int(backend.max_memory_allocated()),
            PEAK_MEMORY_RESERVED_BYTES: int(backend.max_memory_reserved()),
        }

    def describe(self) -> dict[str, Any]:
        backend = self.backend()
        props = backend.get_device_properties(backend.current_device())
        versions = self.versions(props)
        return {
            "device_name": backend.get_device_name(),
            "device_memory_bytes": int(getattr(props, "total_memory", 0)),
            "device_count": int(backend.device_count()),
            "device_index": self.index,
            **versions,
            # One report column for all of it, whatever the vendor calls each part.
            "device_software": ", ".join(f"{k} {v}" for k, v in versions.items() if v is not None),
        }

    def versions(self, props: Any) -> dict[str, Any]:
        """Driver and runtime versions, and the architecture, from ``props`` and the torch build."""
        return {}


# -- runtimes ----------------------------------------------------------------------------------------
@dataclass
class Prepared:
    """A model ready to run: ``step()`` runs it once on bound inputs and returns its outputs.

    ``info`` holds facts worth recording (build time, file sizes, ...); it lands in
    the result's ``info`` and in report columns ``info_<key>``.
    """

    step: Callable[[], Any]
    info: dict[str, Any] = field(default_factory=dict)


@dataclass
class Generator:
    """A model ready to generate (``--mode generate``): ``generate(**kwargs)`` runs Hugging Face's
    ``generate()`` with benchit's keyword arguments (greedy, exactly N new tokens, a stopping
    criterion that stamps each token) and the runtime's own (a static cache, a compile config).

    ``info`` lands in the result's ``info``, as ``Prepared.info`` does."""

    generate: Callable[..., Any]
    info: dict[str, Any] = field(default_factory=dict)


class Runtime:
    """How a plugin turns a captured model into something the core can time. Subclass it, set
    ``name`` and ``devices``, implement ``prepare``.

    The core owns warm-up, iteration counts, statistics, parity and the record format;
    a runtime only says whether it can run (``check``) and builds a ``Prepared`` step.
    """

    name: ClassVar[str] = ""
    devices: ClassVar[tuple[str, ...]] = ("cpu",)
    description: ClassVar[str] = ""
    eager: ClassVar[bool] = False  # True only for the reference runtime (no parity check)
    # The precisions ``prepare`` accepts a model cast to (--precision); others are unavailable.
    precisions: ClassVar[tuple[str, ...]] = ("fp32",)
    # The modes it runs (--mode): ``eval`` times one forward call; a runtime that lists ``train``
    # declares that the step ``prepare`` builds can be trained (see ``prepare``), one that lists
    # ``generate`` implements ``prepare_generate``. In a mode it does not list, its result is unavailable.
    modes: ClassVar[tuple[str, ...]] = ("eval",)
    # The options (their ``benchit_addoption`` dests) that shape this runtime's numbers: a value
    # other than the option's default is recorded with the result (``Result.runtime_options``) and
    # makes a measurement of its own, which resume, ``compare`` and the report tell apart.
    identity_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, options: dict[str, Any] | None = None):
        self.options = dict(options or {})

    @property
    def threads(self) -> int:
        """The intra-op thread count to run with: ``--threads`` (divided among ``-j`` jobs while a
        script runs); a runtime with its own thread pool sets it to this."""
        if self.options.get("threads"):
            return int(self.options["threads"])
        import torch

        return torch.get_num_threads()  # set to --threads before ``prepare`` and every measurement

    def supports(self, device: Device) -> bool:
        """Whether this runtime can drive ``device`` at all (``check`` says whether it can here)."""
        return device.name in self.devices

    def check(self, device: Device) -> None:
        """Raise ``Unavailable`` with a reason if this runtime cannot run on ``device`` here."""
        if not self.supports(device):
            raise Unavailable(f"runtime {self.name} does not support device {device.name}")

    def versions(self) -> dict[str, str]:
        """Versions of the libraries that shape this runtime's numbers."""
        return {}

    def context(self) -> contextlib.AbstractContextManager[Any]:
        """The grad mode ``prepare`` and every ``step`` run under."""
        import torch

        return torch.inference_mode()

    def train_context(self) -> contextlib.AbstractContextManager[Any]:
        """What ``prepare`` and every step run under in ``train`` mode: gradients enabled."""
        import torch

        return torch.enable_grad()

    def prepare(
        self,
        model: torch.nn.Module,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        device: Device,
        artifacts: Path,
    ) -> Prepared:
        """Build what runs ``model(*args, **kwargs)`` on ``device``.

        ``model`` and the inputs are already on ``device.torch_device``, in eval mode and in
        the precision measured (floating-point weights and inputs cast to fp16 or bf16 when
        asked for and listed in ``precisions``); do not change them in place. ``artifacts`` is this build's folder for files
        (ONNX models, engines) that later runs may reuse; ``self.options["rebuild"]``
        says whether to reuse them. Raise any exception to record the result as failed, or
        ``Unavailable`` when the model does not suit this runtime (recorded as unavailable).

        In ``train`` mode (only for a runtime whose ``modes`` list it), ``model`` is a copy in
        train mode whose parameters require gradients, ``prepare`` runs under ``train_context()``,
        and ``step()`` must return outputs that autograd can differentiate with respect to
        ``model``'s parameters (the very tensors: the optimizer updates them in place). The core
        wraps the step: the loss from its outputs, backward, the optimizer's step and
        ``zero_grad`` (``benchit.measure.training``), under autocast for fp16 and bf16.
        """
        raise NotImplementedError

    def failure_op(self, exc: BaseException) -> str | None:
        """The operator or node that ``exc`` (raised by ``prepare`` or a step) failed on, in this
        runtime's own words (optional: without it the core reads ``aten.x``, ``aten::x`` and ONNX
        node types from the messages itself); ``None``: let the core read it. Part of the failure's
        signature (``benchit.failures``)."""
        return None

    def prepare_generate(self, model: torch.nn.Module, device: Device, artifacts: Path) -> Generator:
        """In ``generate`` mode (only for a runtime whose ``modes`` list it): what runs ``model``'s
        Hugging Face ``generate()`` on ``device``. ``model`` is placed and cast as for ``prepare``
        and shared with the other runtimes: do not change it in place. The core times each call
        and each token (``benchit.measure.generate``) and checks the tokens against eager torch's."""
        raise Unavailable(f"runtime {self.name} does not generate")

    def prepare_onnx(self, path: Path, inputs: dict[str, Any], device: Device, artifacts: Path) -> Prepared:
        """Build what runs the ONNX file ``path`` (given on the command line) on ``inputs``
        (graph input name -> numpy array). Only runtimes that read ONNX override this."""
        raise Unavailable(f"runtime {self.name} needs a PyTorch script, not an ONNX file")


# -- executors ---------------------------------------------------------------------------------------
class Executor(abc.ABC):
    """Runs jobs somewhere and streams their events back; subclass it and return the class from
    the ``benchit_executors`` hook. The coordinator plans, schedules and writes the cache; an
    executor only runs jobs and streams typed events (``benchit.messages``) back.

    The coordinator (``benchit.execute.scheduler``) calls, in this order:

    1. ``cls.check(config)`` before anything is written: raise ``UsageError`` with one line when the
       executor cannot be used (a package missing, an address unreachable, a bad option).
    2. ``executor = cls()`` then ``executor.open(config, preload)``: start what is needed (a warm
       worker, a cluster connection). ``preload`` names modules worth importing once before scripts
       run. Options added by plugins through ``benchit_addoption`` are in ``config.options``.
    3. ``executor.machine()``: the machine jobs will run on when it is known before they start (the
       local one), else ``None``. Resume counts only results measured on it (all, when ``None``).
    4. ``executor.capacity``: how many jobs may run at once; the coordinator never has more submitted
       and unfinished.
    5. ``executor.submit(spec)`` for each job (a ``JobSpec``), and ``executor.events(timeout)``
       in a loop: it waits at most ``timeout`` seconds for something to happen and returns the
       ``Event``\\ s that arrived (possibly none). For each job, the events are the worker's messages
       (``InvocationFound``, ``ResultReady``, ``Attempt``, ``Artifact``, ``ScriptError``,
       ``InternalError``, ``Done``, and ``LockWait``, ``QuietWait``, ``MemoryGroupRefused``) in the
       order sent, ``LogChunk``\\ s of its output, ``JobStarted`` once its process
       runs, ``JobKilled`` if the executor ended it, and last, exactly once, ``JobExited``. After
       ``JobExited`` the executor forgets the job (it has released its process, pipes and folders).
    6. ``executor.cancel(job_id, status, reason)`` to stop a job now (Ctrl-C); the next ``events``
       call returns what is left of it, ``JobKilled(status, reason)`` and ``JobExited`` without
       waiting for the process to be reaped.
    7. ``executor.close()`` always, also after an exception: stop everything still running.

    The executor owns process-level concerns, because only it can see the processes: it enforces
    ``config.timeout_s`` (from the job's start, less the time its worker reported waiting for the
    host lock with ``LockWait``) and ``config.memory_limit_bytes`` and kills the job's
    whole process tree (sending ``JobKilled`` with ``timeout`` or ``oom``; a timeout may say where
    the script was stopped, with its stack, as the local executor does: ``execute/stack.py``), and it reports whether
    the kernel's out-of-memory killer struck (``JobExited.oom_killer``). It passes every ``Attempt``
    on as it came: after a hard death, the last one names the runtime that failed, and the
    coordinator measures the model's other runtimes again without it. It honours
    ``config.threads`` and ``config.jobs`` as the local executor does. The coordinator turns the
    events into a status (``benchit.execute.outcome``) and is the only writer of the cache: a
    worker never writes into it by path, so artifacts come back as ``Artifact`` messages.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    config: Config | None = None  # set by ``open``

    @classmethod
    def check(cls, config: Config) -> None:
        """Raise ``UsageError`` (one line) when this executor cannot run ``config`` here."""
        return None  # most executors can always run

    @abc.abstractmethod
    def open(self, config: Config, preload: list[str]) -> None:
        """Get ready to run jobs of this configuration (and keep it as ``self.config``)."""

    def machine(self) -> Machine | None:
        """The machine every job will run on, when known before they start."""
        return None

    @property
    def capacity(self) -> int:
        """How many jobs may run at once (``-j`` by default)."""
        return self.config.jobs if self.config else 1

    @abc.abstractmethod
    def submit(self, spec: JobSpec) -> None:
        """Start ``spec`` (or queue it); its events come from ``events``."""

    def scratch(self, job_id: int) -> str | None:
        """The job's own scratch folder on this machine, in which its worker may leave artifacts
        for the coordinator to move into the cache (``Artifact.path``), until the job's events
        have been handled; ``None`` (the default): its artifacts must arrive as bytes."""
        return None

    @abc.abstractmethod
    def events(self, timeout: float) -> list[Event]:
        """What happened since the last call, waiting at most ``timeout`` seconds for something."""

    @abc.abstractmethod
    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        """Stop the job now; its remaining events, with ``JobKilled`` and ``JobExited``, follow."""

    @abc.abstractmethod
    def close(self) -> None:
        """Stop every job still running and release everything."""


# -- reporters ---------------------------------------------------------------------------------------
class Report(Protocol):
    """What a reporter is given (``benchit.api.ReportData`` is the one the core builds): every
    result of the caches read (one row each, the columns of ``docs/usage.md``, plus
    ``samples_ms``), where they came from, and for ``benchit compare`` the comparison."""

    @property
    def frame(self) -> pd.DataFrame: ...

    @property
    def sources(self) -> tuple[str, ...]: ...

    @property
    def comparison(self) -> Any: ...  # ``benchit.report.compare.Comparison`` or None

    @property
    def created(self) -> float: ...

    @property
    def floors(self) -> tuple[Any, ...]: ...  # ``benchit.floor.Floor``: the machines' noise floors

    def results(self) -> pd.DataFrame:
        """The rows without the kept samples (what CSV and Markdown show)."""

    def to_dict(self) -> dict[str, Any]:
        """The whole report as JSON-safe data."""


class Reporter:
    """An output format (a plugin on ``benchit_reporters``). Subclasses set ``name`` (what
    ``--format`` takes), ``suffix`` (the file extension, with its dot) and ``description``, and
    implement ``write``."""

    name: ClassVar[str] = ""
    suffix: ClassVar[str] = ""
    description: ClassVar[str] = ""

    def check(self) -> None:
        """Raise ``benchit.Unavailable`` with a reason when this format cannot be written here
        (a missing optional library); the command stops before anything is read."""

    def write(self, report: Report, path: Path) -> None:
        """Write ``report`` to ``path`` (its parent exists). For ``benchit compare``,
        ``report.comparison`` is set: write the comparison."""
        raise NotImplementedError


# -- corpora -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Corpus:
    """A named folder of model scripts (a plugin on ``benchit_corpora``): ``benchit benchmark --all
    --search-dir NAME`` scans ``folder`` wherever it lies, and ``benchit corpora`` lists it.

    ``requires`` names the modules its scripts import beyond torch and benchit (``("timm",)``),
    looked for with ``importlib.util.find_spec``; ``install`` is what to install when one is missing
    (``'benchit-zoo[timm]'``, ``'acme-zoo[models]'``; by default the missing modules' names)."""

    name: str
    folder: Path
    description: str = ""
    requires: tuple[str, ...] = ()
    install: str = ""

    def __post_init__(self) -> None:
        # A plugin may give a folder as text, or one module as a string: keep the record's types.
        object.__setattr__(self, "folder", Path(self.folder))
        requires: Any = self.requires
        object.__setattr__(self, "requires", (requires,) if isinstance(requires, str) else tuple(requires))

    def missing(self) -> list[str]:
        """The modules of ``requires`` that this Python cannot find (none are imported)."""
        import importlib.util

        absent = []
        for module in self.requires:
            try:
                found = importlib.util.find_spec(module) is not None
            except (ImportError, ValueError):  # a dotted name whose parent is missing, or a bad name
                found = False
            if not found:
                absent.append(module)
        return absent

    def needs(self) -> str | None:
        """What to run to be able to run its scripts here (``pip install "benchit-zoo[timm]"``), or
        ``None`` when nothing is missing."""
        absent = self.missing()
        if not absent:
            return None
        return f'pip install "{self.install}"' if self.install else "pip install " + " ".join(absent)
