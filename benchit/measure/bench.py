"""Measuring one captured invocation on one device with its runtimes: prepare, check parity, time in interleaved rounds."""

from __future__ import annotations

import dataclasses
import gc
import os
import resource
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypedDict

from benchit import failures, keys
from benchit.config import Config
from benchit.contracts import Device, Prepared, Runtime, Timer
from benchit.errors import Unavailable
from benchit.measure import contention, generate, lanes, localize, memory, speed
from benchit.measure.contention import WaitObserver
from benchit.measure.energy import EnergyMeter
from benchit.measure.environment import host, torch_settings
from benchit.measure.hostlock import host_lock
from benchit.measure.parity import DEFAULT_TOLERANCES, TRAIN_TOLERANCES, Tolerances, compare, flatten
from benchit.measure.placement import Placed, TrainPlacement
from benchit.measure.precision import tolerance
from benchit.measure.timing import (
    Round,
    Warmup,
    another_round,
    measure_round,
    overhead_ns,
    pooled_centred,
    summarise,
    warm_up,
)
from benchit.measure.training import InputsNeed, Trainer, adaptation_facts, inputs_need, inputs_reason, name_outputs
from benchit.records import Parity, ParityVerdict, Result, ResultStatus

# Hears which runtime is being prepared or measured now, as the failed result it would end with if
# the process died there (``None``: between runtimes); the worker sends it on (``messages.Attempt``).
AttemptCallback = Callable[[Result | None], None]


def _attempting(entry: _Entry | None, attempt: AttemptCallback | None) -> None:
    if attempt is not None:
        attempt(None if entry is None else Result(**entry.base, status=ResultStatus.FAILED))


def error_text(exc: BaseException, frames: int = 6) -> str:
    """``Type: message`` plus the last frames of the traceback, for the cache and the report."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    tail = "".join(lines[-frames:]).strip()
    return f"{type(exc).__name__}: {str(exc).strip()}\n{tail}"


def tolerances(config: Config, precision: str, mode: str = "eval") -> Tolerances:
    """The parity tolerances of ``precision``: its scale, cosine and RMSE factor defaults, with the
    element-wise rtol and atol the run gives it (--rtol/--atol for fp32); in ``train`` mode the
    training tolerances (``parity.TRAIN_TOLERANCES``)."""
    if mode == "train":
        return TRAIN_TOLERANCES.get(precision, TRAIN_TOLERANCES["fp32"])
    rtol, atol = tolerance(precision, config.rtol, config.atol, config.tolerances)
    defaults = DEFAULT_TOLERANCES.get(precision, DEFAULT_TOLERANCES["fp32"])
    return dataclasses.replace(defaults, rtol=rtol, atol=atol)


def _refusal(
    device: Device, runtime: Runtime, environment: dict[str, Any], precision: str, mode: str = "eval"
) -> tuple[ResultStatus, str] | None:
    """Ask the device and the runtime whether they can run here and what they are (into
    ``environment``); ``(status, error)`` when they refuse, ``None`` when they can run. ``Unavailable`` is the contract's "no";
    anything else a plugin raises fails this device x runtime pair only, naming the call."""

    def versions() -> None:
        own = runtime.versions()
        environment["versions"] = {**environment["versions"], **own}
        environment["runtime_versions"] = dict(own)  # the report's ``<library>_version`` columns

    def precisions() -> None:
        if precision not in runtime.precisions:
            declared = ", ".join(runtime.precisions)
            raise Unavailable(f"runtime {runtime.name} does not run {precision} (it declares {declared})")
        if mode not in runtime.modes:
            declared = ", ".join(runtime.modes)
            raise Unavailable(f"runtime {runtime.name} does not run {mode} (it declares the modes {declared})")

    steps = (
        (f"device {device.name}: check()", device.check),
        (f"runtime {runtime.name}: check()", lambda: runtime.check(device)),
        (f"runtime {runtime.name}: precisions and modes", precisions),
        (f"device {device.name}: describe()", lambda: environment.update(device.describe())),
        (f"runtime {runtime.name}: versions()", versions),
    )
    for call, step in steps:
        try:
            step()
        except Unavailable as exc:
            return ResultStatus.UNAVAILABLE, str(exc)
        except Exception as exc:  # noqa: BLE001 - a broken plugin fails its own pair, not the script
            return ResultStatus.FAILED, f"{call} raised {error_text(exc)}"
    return None


class _Names(TypedDict):
    """The fields every ``Result`` of one ``benchmark`` call shares."""

    device: str
    runtime: str
    precision: str
    eager: bool
    mode: str


# benchit's own per-iteration cost, calibrated once per device in each worker (a few ms).
_overhead: dict[str, float] = {}


@dataclass
class _Entry:
    """One runtime of a model on its way to a result: prepared, warmed up, its rounds measured."""

    runtime: Runtime
    base: _Names
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

    def context(self) -> Any:
        """The grad mode of its runtime in this mode."""
        return self.runtime.train_context() if self.trainer is not None else self.runtime.context()

    def fail(self, exc: BaseException) -> None:
        """End this runtime with ``exc`` (``Unavailable``: the model does not suit it); the others go on."""
        status = ResultStatus.UNAVAILABLE if isinstance(exc, Unavailable) else ResultStatus.FAILED
        error = str(exc) if isinstance(exc, Unavailable) else error_text(exc)
        if self.trainer is not None:  # a step the captured inputs cannot train: its reason, no traceback
            error = inputs_reason(exc) or error
            self.inputs_need = inputs_need(exc)
        failure = failures.of_runtime(self.runtime, exc, error, self.phase) if status is ResultStatus.FAILED else None
        self.result = Result(**self.base, status=status, error=error, info=self.info, environment=self.environment,
                             failure=failure)  # fmt: skip
        self.prepared = None


def _inputs_failure(entry: _Entry) -> InputsNeed | None:
    """What the captured inputs lacked for ``entry``'s failed train step (``training.inputs_need``),
    or ``None``."""
    result = entry.result
    failed = entry.trainer is not None and result is not None and result.status is ResultStatus.FAILED
    return entry.inputs_need if failed else None


def _memory_now(device: Device) -> dict[str, int]:
    """Resident memory now and, on accelerators, device memory now (a fresh peak window's peak)."""
    device.reset_peak_memory()
    now = dict(device.peak_memory())
    now[keys.PEAK_RSS_BYTES] = memory.resident_bytes() or 0
    return now


def _prepare(entry: _Entry, placement: Placed, config: Config, artifacts: Path, precision: str) -> None:
    """Prepare ``entry``'s runtime, time its first step and check its parity (the shared host lock:
    this burns CPU, but may overlap other scripts' work)."""
    import torch

    runtime, device, info = entry.runtime, placement.device, entry.info
    # The script may have changed the thread count; prepare (ort reads it) and measure with
    # the one asked for.
    torch.set_num_threads(config.threads)
    trainer, mode = entry.trainer, entry.base["mode"]
    entry.phase = failures.PREPARE
    try:
        with entry.context():
            with host_lock(exclusive=False):
                model, args, kwargs = placement.inputs()
                if trainer is not None:
                    trainer.restore()
                before = _memory_now(device)
                start = time.perf_counter()
                if entry.generation is not None:  # the timed step is a whole generate() call
                    prepared = entry.generation.prepare(runtime, device, artifacts)
                else:
                    prepared = runtime.prepare(model, args, kwargs, device, artifacts)
                info.update(prepared.info)
                info[keys.PREPARE_S] = time.perf_counter() - start
                entry.phase = failures.RUN
                forward = prepared.step
                if trainer is not None:  # the timed unit is the whole train step
                    prepared = dataclasses.replace(prepared, step=trainer.step(forward))
                start = time.perf_counter()
                outputs = prepared.step()
                device.synchronize()
                info[keys.FIRST_STEP_S] = time.perf_counter() - start
                parity = None
                if entry.generation is not None:
                    info[keys.FIRST_GENERATE_S] = info[keys.FIRST_STEP_S]
                    if not runtime.eager and config.parity:
                        parity = entry.generation.parity(prepared.step, tolerances(config, precision))  # type: ignore[arg-type]
                elif not runtime.eager and config.parity:
                    parity = compare(
                        placement.reference(),
                        trainer.one_step(forward) if trainer is not None else flatten(outputs),
                        tolerances(config, precision, mode),
                        nudged=placement.nudged_reference,
                        rerun=placement.eager_again,
                        fp64=placement.fp64_reference,
                    )
                    if trainer is not None:
                        parity = name_outputs(parity, trainer.output_names())
                if parity is not None and parity.get("verdict") == ParityVerdict.FAILED.value:
                    tol = tolerances(config, precision, mode)
                    info.update(_localize(entry, placement, config, artifacts, tol, parity))
                del outputs
                if trainer is not None:
                    trainer.restore()  # every runtime starts from the same weights
                after = _memory_now(device)
    except Exception as exc:  # noqa: BLE001 - a failing runtime is a result
        entry.fail(exc)
        return
    entry.prepared, entry.parity = prepared, parity
    entry.added = {k: max(0, v - before.get(k, 0)) for k, v in after.items()}
    info[keys.PREPARE_RSS_BYTES] = entry.added.get(keys.PEAK_RSS_BYTES, 0)


def _localize(entry: _Entry, placement: Placed, config: Config, artifacts: Path, tol: Tolerances,
              parity: dict[str, Any]) -> dict[str, Any]:  # fmt: skip
    """Where ``entry``'s failed parity starts (``measure.localize``), as result ``info`` facts; none
    with ``--localize-time 0``."""
    if config.localize_s <= 0:
        return {}
    if entry.trainer is not None or entry.generation is not None:
        return localize.not_supported(f"in --mode {entry.base['mode']}: only eval").facts()
    import torch

    model, args, kwargs = placement.inputs()
    if not isinstance(model, torch.nn.Module):
        return localize.not_supported("the model is not a torch.nn.Module").facts()
    try:
        found = localize.localize(model, args, kwargs, entry.runtime, placement.device, artifacts, tol,
                                  config.localize_s, end_to_end=parity.get("error_to_scale"))  # fmt: skip
    except Exception as exc:  # noqa: BLE001 - the search is evidence; the result stands without it
        return localize.not_supported(f"the search failed: {error_text(exc, frames=1)}").facts()
    return found.facts()


def _round(entry: _Entry, device: Device, timer: Timer, config: Config, alone: bool) -> None:
    """Measure one round of ``entry``'s runtime, noting the peaks of memory while it ran; ``alone``:
    no other runtime's rounds run between its own (no untimed call to start each)."""
    assert entry.prepared is not None
    done = entry.rounds
    earlier = pooled_centred(done)
    earlier_s = sum(r.elapsed_s for r in done)
    latency = earlier_s / len(earlier) if earlier else entry.warmup.latency_s if entry.warmup else 1e-3
    device.reset_peak_memory()
    memory.reset_peak_rss()
    if entry.trainer is not None:
        # Each round starts from the initial weights: the runtimes share the model, and a loss
        # with no minimum would take the weights far from where they started.
        entry.trainer.restore()
    timed = entry.energy.timer(timer) if entry.energy is not None else timer  # energy read around its blocks
    before = resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw
    with entry.context():
        left = max(0, max(1, config.timing.rounds) - len(done) - 1)
        done.append(
            measure_round(
                entry.prepared.step, timed, config.timing, latency, earlier, earlier_s, entry.watch, left, not alone
            )
        )
    entry.switches += resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw - before
    peaks = {**device.peak_memory(), keys.PEAK_RSS_BYTES: memory.resident_bytes("VmHWM") or 0}
    entry.peaks = {k: max(v, entry.peaks.get(k, 0)) for k, v in peaks.items()}


def _quiet(
    judge: contention.Judge, reason: str | None, quiet: contention.QuietBudget | None, tell: WaitObserver | None
) -> float:
    """Wait for a quiet machine if ``reason`` says it is busy and the budget allows; seconds waited."""
    if reason is None or quiet is None:
        return 0.0
    return quiet.wait(judge, reason, tell)[0]


def _measure(
    live: list[_Entry],
    device: Device,
    config: Config,
    quiet: contention.QuietBudget | None,
    tell: WaitObserver | None,
    attempt: AttemptCallback | None = None,
) -> float:
    """Warm every runtime up, then measure them in ``config.timing.rounds`` interleaved rounds
    (a, b, c, a, b, c, ...), so that drift of the machine hits each alike, and more rounds of all
    while ``timing.another_round`` (the rounds' medians still disagree, time is left); the host lock held
    exclusively throughout. Waits for a quiet machine after a busy warm-up and after a round with
    contended blocks, within the budget; returns the seconds waited. Before each round, the
    machine-speed probes (``measure.speed``)."""
    import torch

    torch.set_num_threads(lanes.threads(config))
    timer = device.timer()
    waited = 0.0
    settings = {**torch_settings(), "load_average": list(os.getloadavg())}
    if device.name not in _overhead:
        _overhead[device.name] = overhead_ns(timer)
    threads = torch.get_num_threads()
    judge = lanes.judge(config.timing.contention_threshold, threads)
    start = contention.snapshot()
    for entry in live:
        entry.environment.update(settings)
        entry.energy = EnergyMeter.start(device)
        assert entry.prepared is not None
        recorder = entry.prepared.step if isinstance(entry.prepared.step, generate.Recorder) else None
        entry.watch = contention.BlockWatch(judge) if recorder is None else generate.TokenWatch(judge, recorder)
        _attempting(entry, attempt)
        # A lone runtime's first step (``_prepare``) was the last thing to run: it sizes the
        # warm-up's first block, where several runtimes' preparations ran in between.
        first = entry.info.get(keys.FIRST_STEP_S) if len(live) == 1 else None
        try:
            with entry.context():
                entry.warmup = warm_up(entry.prepared.step, timer, config.timing, first)
        except Exception as exc:  # noqa: BLE001 - a failing runtime is a result; the others go on
            entry.fail(exc)
    warming = contention.between(start, contention.snapshot(), judge.threads)
    waited += _quiet(judge, judge.reason(warming.over(contention.IDLE_WINDOW_S)), quiet, tell)
    gc.collect()  # start from a clean heap, so no collection is owed when the first block runs
    rounds = max(1, config.timing.rounds)
    index = 0
    readings: list[float] = []
    pool = speed.ParallelProbe(threads) if threads > 1 else None
    pool_readings: list[float] = []  # the thread pool's probe (more than one thread)
    while index < rounds or another_round([e.rounds for e in live if e.result is None], config.timing):
        readings.append(speed.probe_us())
        if pool is not None:
            pool_readings.append(pool.probe_us())
        for entry in live:
            if entry.result is not None:
                continue
            entry.info.setdefault(keys.MEASURE_START, time.time())  # wall clock: shows measurements never overlap
            _attempting(entry, attempt)
            try:
                _round(entry, device, timer, config, alone=sum(e.result is None for e in live) == 1)
            except Exception as exc:  # noqa: BLE001 - a failing runtime is a result; the others go on
                entry.fail(exc)
                continue
            entry.info[keys.MEASURE_END] = time.time()
        # A round with no discarded block has nothing set aside, and so no reason.
        busy = [reason for e in live if e.result is None and e.watch and (reason := e.watch.round_busy())]
        index += 1
        if busy and (index < rounds or another_round([e.rounds for e in live if e.result is None], config.timing)):
            waited += _quiet(judge, busy[0], quiet, tell)
    for entry in live:
        entry.info[keys.SPEED_PROBE_US] = speed.summary(readings)
        entry.info[keys.SPEED_PROBE] = speed.LOOP_IDENTITY
        if pool is not None:
            entry.info[keys.PARALLEL_PROBE_US] = speed.summary(pool_readings)
            entry.info[keys.PARALLEL_PROBE] = pool.identity
        if entry.energy is not None:
            entry.info.update(entry.energy.facts())
    _attempting(None, attempt)
    return waited


def _repeat(placement: Placed) -> int:
    """How many times the train step repeats each sample of the captured batch (1, or 2 where
    batch norm could not train on a batch of one)."""
    return placement.repeat if isinstance(placement, TrainPlacement) else 1


def _element_bytes(placement: Placed) -> int:
    """Bytes per element of the placed model's floating-point weights (its KV cache's dtype)."""
    model = placement.inputs()[0]
    first = next((p for p in model.parameters() if p.is_floating_point()), None)
    return first.element_size() if first is not None else 4


def _finish(entry: _Entry, measured: list[_Entry], placement: Placed, config: Config, waited: float) -> Result:
    """The result of a runtime whose rounds are done (``measured``: all such runtimes of the model):
    statistics, memory, contention and its evidence."""
    assert entry.warmup is not None and entry.watch is not None
    info, stats = entry.info, summarise(entry.rounds, entry.warmup, None, config.timing.ci_tolerance)
    name = placement.device.name
    # Every runtime of the model was prepared before the rounds: the process's peaks while this one
    # ran hold the others' prepared state too, which a run of this runtime alone would not.
    for key, peak in entry.peaks.items():
        others = sum(e.added.get(key, 0) for e in measured if e is not entry)
        info[key] = (
            max(peak - others, memory.worker_start_rss or 0) if key == keys.PEAK_RSS_BYTES else max(0, peak - others)
        )
    reserved, allocated = keys.PEAK_MEMORY_RESERVED_BYTES, keys.PEAK_MEMORY_ALLOCATED_BYTES
    if reserved in info and allocated in info:
        # The others' shares are estimated apart for the two; what was allocated was reserved.
        info[reserved] = max(info[reserved], info[allocated])
    info[keys.WORKER_START_RSS_BYTES] = memory.worker_start_rss
    info[keys.INVOLUNTARY_CONTEXT_SWITCHES] = entry.switches
    kept = entry.watch.kept
    info.update(kept.evidence())
    info[keys.BLOCKS_DISCARDED] = sum(r.discarded for r in entry.rounds)
    info[keys.QUIET_WAIT_S] = round(waited, 3)
    reason = entry.watch.judge.reason(kept, whole=True)
    contended = reason is not None or any(r.contended for r in entry.rounds)
    if contended:
        info[keys.CONTENDED_REASON] = reason or entry.watch.last_reason or "busy"
    info[keys.OVERHEAD_NS] = _overhead[name]
    info[keys.OVERHEAD_FRACTION] = _overhead[name] * 1e-6 / stats.median_ms if stats.median_ms > 0 else None
    if entry.prepared is not None and isinstance(entry.prepared.step, generate.Recorder):
        info.update(entry.prepared.step.columns(stats, _element_bytes(placement)))
    return Result(
        **entry.base,
        status=ResultStatus.OK,
        stats=stats,
        throughput_per_s=placement.item.invocation.batch_size * _repeat(placement) * 1000.0 / stats.median_ms
        if stats.median_ms > 0
        else None,
        parity=Parity.from_dict(entry.parity) if entry.parity is not None else None,
        info=info,
        environment={**entry.environment, "timing": config.timing.to_dict()},
        contended=contended,
        failure=failures.of_parity(entry.runtime.name, entry.parity.get("reason"))
        if entry.parity is not None and entry.parity.get("verdict") == "failed"
        else None,
    )


def benchmark_all(
    placement: Placed,
    runtimes: list[Runtime],
    config: Config,
    artifacts: Path,
    precision: str = "fp32",
    quiet: contention.QuietBudget | None = None,
    tell: WaitObserver | None = None,
    mode: str = "eval",
    attempt: AttemptCallback | None = None,
) -> list[Result]:
    """The ``Result`` of each of ``runtimes`` on the placement's device, in order, with the
    placement's model already cast to ``precision``: every runtime prepared (and its parity
    checked) first, then all measured in interleaved rounds. Failures are results, never
    exceptions; one runtime's failure ends only its own result, and ``attempt`` hears which runtime
    is being prepared or measured, so that a crash there can fail it alone. ``quiet`` is the budget of seconds
    to wait for a quiet machine (none: never wait), ``tell`` hears of each wait. In ``train`` mode
    the placement is a ``TrainPlacement`` (its model in train mode, ``precision`` autocast's) and
    each runtime's step is the whole train step."""
    device = placement.device
    entries = []
    trainer: Trainer | None = None
    untrainable: BaseException | None = None
    generation: generate.Session | None = None
    if mode == "train":
        assert isinstance(placement, TrainPlacement)
        try:
            trainer = placement.trainer()
        except Exception as exc:  # noqa: BLE001 - a model that cannot train ends every train result
            untrainable = exc
    elif mode == "generate":
        try:
            generation = generate.Session.of(placement, config.script_args)
        except Exception as exc:  # noqa: BLE001 - a model that cannot generate ends every generate result
            untrainable = exc
    for runtime in runtimes:
        environment = {**host().to_dict(), **torch_settings()}
        lane = lanes.current()
        base: _Names = {
            "device": device.name,
            "runtime": runtime.name,
            "precision": precision,
            "eager": runtime.eager,
            "mode": mode,
        }
        entry = _Entry(runtime, base, environment, trainer=trainer, generation=generation)
        entry.info.update(lane.facts() if lane is not None else {keys.DEVICE_INDEX: device.index})
        entries.append(entry)
        refused = _refusal(device, runtime, environment, precision, mode)
        if refused is not None:
            status, error = refused
            failure = failures.describe(runtime.name, error, stage=failures.SETUP) if status is ResultStatus.FAILED else None
            entry.result = Result(**base, status=status, error=error, environment=environment, failure=failure)
            continue
        if untrainable is not None:
            entry.fail(untrainable)
            continue
        _attempting(entry, attempt)
        _prepare(entry, placement, config, artifacts, precision)
        # Inputs a train step cannot use (a batch of one through batch norm, a detection model
        # without targets) made trainable where benchit can; every runtime trains on the same
        # inputs: the ones prepared so far, again.
        while isinstance(placement, TrainPlacement) and placement.fit_inputs(_inputs_failure(entry)):
            for earlier in entries:
                if earlier.result is None or _inputs_failure(earlier):
                    earlier.result, earlier.prepared, earlier.parity = None, None, None
                    _attempting(earlier, attempt)
                    _prepare(earlier, placement, config, artifacts, precision)
    _attempting(None, attempt)
    if isinstance(placement, TrainPlacement) and placement.adapted:
        for entry in entries:
            entry.info.update(adaptation_facts(placement.adapted))
    live = [e for e in entries if e.result is None]
    waited = 0.0
    if live:
        try:
            with lanes.measuring():
                waited = _measure(live, device, config, quiet, tell, attempt)
        except Exception as exc:  # noqa: BLE001 - the device's timer or calibration failed: every result says so
            for entry in live:
                if entry.result is None:
                    entry.fail(exc)
    results = []
    measured = [e for e in live if e.result is None]  # those that came through every round
    for entry in entries:
        if entry.result is None:
            try:
                entry.result = _finish(entry, measured, placement, config, waited)
            except Exception as exc:  # noqa: BLE001 - a failing runtime is a result
                entry.fail(exc)
        assert entry.result is not None
        results.append(entry.result)
    return results


def benchmark(placement: Placed, runtime: Runtime, config: Config, artifacts: Path, precision: str = "fp32") -> Result:
    """Return the ``Result`` of ``runtime`` on the placement's device, with the placement's model
    already cast to ``precision``; failures are results, never exceptions. Never waits for a
    quiet machine (``benchmark_all`` with a budget does)."""
    return benchmark_all(placement, [runtime], config, artifacts, precision)[0]
