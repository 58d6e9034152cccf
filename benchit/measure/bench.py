"""Measuring one captured invocation on one device with its runtimes: each refused or prepared
(``measure.prepare``), then all timed in interleaved rounds (``measure.rounds``), then each one's
result with its statistics, memory and evidence."""

from __future__ import annotations

from pathlib import Path

from benchit import failures, keys
from benchit.config import Config
from benchit.contracts import Runtime
from benchit.measure import contention, generate, lanes, memory, rounds
from benchit.measure.contention import WaitObserver
from benchit.measure.entry import AttemptCallback, Entry, Names, attempting, inputs_failure
from benchit.measure.environment import host, torch_settings
from benchit.measure.placement import Placed, TrainPlacement
from benchit.measure.prepare import prepare, refusal
from benchit.measure.timing import summarise
from benchit.measure.training import Trainer, adaptation_facts
from benchit.records import Parity, Result, ResultStatus


def _repeat(placement: Placed) -> int:
    """How many times the train step repeats each sample of the captured batch (1, or 2 where
    batch norm could not train on a batch of one)."""
    return placement.repeat if isinstance(placement, TrainPlacement) else 1


def _element_bytes(placement: Placed) -> int:
    """Bytes per element of the placed model's floating-point weights (its KV cache's dtype)."""
    model = placement.inputs()[0]
    first = next((p for p in model.parameters() if p.is_floating_point()), None)
    return first.element_size() if first is not None else 4


def _finish(entry: Entry, measured: list[Entry], placement: Placed, config: Config, waited: float) -> Result:
    """The result of a runtime whose rounds are done (``measured``: all such runtimes of the model):
    statistics, memory, contention and its evidence."""
    assert entry.warmup is not None and entry.watch is not None
    info, stats = entry.info, summarise(entry.rounds, entry.warmup, None, config.timing.ci_tolerance)
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
    contended = reason is not None or any(r.contended for r in entry.rounds) or entry.slow is not None
    if contended:
        info[keys.CONTENDED_REASON] = reason or entry.slow or entry.watch.last_reason or "busy"
    overhead = info[keys.OVERHEAD_NS]  # set by the rounds
    info[keys.OVERHEAD_FRACTION] = overhead * 1e-6 / stats.median_ms if stats.median_ms > 0 else None
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
        base: Names = {
            "device": device.name,
            "runtime": runtime.name,
            "precision": precision,
            "eager": runtime.eager,
            "mode": mode,
        }
        entry = Entry(runtime, base, environment, trainer=trainer, generation=generation)
        entry.info.update(lane.facts() if lane is not None else {keys.DEVICE_INDEX: device.index})
        entries.append(entry)
        refused = refusal(device, runtime, environment, precision, mode)
        if refused is not None:
            status, error = refused
            failure = (
                failures.describe(runtime.name, error, stage=failures.SETUP) if status is ResultStatus.FAILED else None
            )
            entry.result = Result(**base, status=status, error=error, environment=environment, failure=failure)
            continue
        if untrainable is not None:
            entry.fail(untrainable)
            continue
        attempting(entry, attempt)
        prepare(entry, placement, config, artifacts, precision)
        # Inputs a train step cannot use (a batch of one through batch norm, a detection model
        # without targets) made trainable where benchit can; every runtime trains on the same
        # inputs: the ones prepared so far, again.
        while isinstance(placement, TrainPlacement) and placement.fit_inputs(inputs_failure(entry)):
            for earlier in entries:
                if earlier.result is None or inputs_failure(earlier):
                    earlier.result, earlier.prepared, earlier.parity = None, None, None
                    attempting(earlier, attempt)
                    prepare(earlier, placement, config, artifacts, precision)
    attempting(None, attempt)
    if isinstance(placement, TrainPlacement) and placement.adapted:
        for entry in entries:
            entry.info.update(adaptation_facts(placement.adapted))
    live = [e for e in entries if e.result is None]
    waited = 0.0
    if live:
        try:
            with lanes.measuring():
                waited = rounds.measure(live, device, config, quiet, tell, attempt)
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
