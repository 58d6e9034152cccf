"""The rounds: every prepared runtime of a model warmed up, then timed in interleaved rounds under
the exclusive host lock, with the machine-speed probes and waits for a quiet machine between them."""

from __future__ import annotations

import gc
import os
import resource
import time

from benchit import keys
from benchit.config import Config
from benchit.contracts import Device, Timer
from benchit.measure import contention, generate, heap, lanes, memory, speed
from benchit.measure.contention import WaitObserver
from benchit.measure.energy import EnergyMeter
from benchit.measure.entry import AttemptCallback, Entry, attempting
from benchit.measure.environment import torch_settings
from benchit.measure.timing import another_round, measure_round, overhead_ns, pooled_centred, warm_up

# benchit's own per-iteration cost, calibrated once per device in each worker (a few ms).
_overhead: dict[str, float] = {}


def _round(entry: Entry, device: Device, timer: Timer, config: Config, alone: bool) -> None:
    """Measure one round of ``entry``'s runtime, noting the peaks of memory while it ran; ``alone``:
    no other runtime's rounds run between its own (no untimed call to start each but the first)."""
    assert entry.prepared is not None
    done = entry.rounds
    earlier = pooled_centred(done)
    earlier_s = sum(r.elapsed_s for r in done)
    latency = earlier_s / len(earlier) if earlier else entry.warmup.latency_s if entry.warmup else 1e-3
    # What the heap holds free is given back before a round that follows another runtime's (so
    # the peak from here is this runtime's own, not what the other freed) and before a runtime's
    # first round; then one untimed call pays for the pages taken again. Between a lone
    # runtime's rounds the heap holds only what it freed itself, and is kept.
    reenter = not done or not alone
    if reenter:
        heap.release()
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
                entry.prepared.step, timed, config.timing, latency, earlier, earlier_s, entry.watch, left, reenter
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


def calibrated_level(threads: int) -> float | None:
    """The fast level of the thread hand-off probe that ``benchit calibrate`` (or a scan's short
    calibration) measured on this machine at ``threads`` with this torch; None if there is none."""
    from benchit.measure.environment import host
    from benchit.store import floors

    this = host()
    floor = floors.find(this.machine.id, threads, this.versions.get("torch", ""))
    return floor.handoff_us if floor is not None else None


def _handed_off(
    gate: speed.HandOffGate, live: list[Entry], quiet: contention.QuietBudget | None, tell: WaitObserver | None
) -> float:
    """Before a round: wait out the hand-off slow state (``speed.HandOffGate``) within the budget,
    and within ``speed.SLOW_WAIT_MAX_S`` in this worker; if it outlasts them, the round is
    measured and the results it goes into are flagged with why. The seconds waited."""
    slow = gate.slow()
    waited = 0.0
    if slow is not None and quiet is not None:
        capped = contention.QuietBudget(min(quiet.left_s, max(0.0, speed.SLOW_WAIT_MAX_S - gate.waited_s)))
        waited, slow = capped.wait_until(gate.slow, slow, tell, pause_s=speed.SLOW_POLL_S)
        quiet.left_s = max(0.0, quiet.left_s - waited)
        gate.waited_s += waited
    if slow is not None:
        for entry in live:
            if entry.result is None and entry.slow is None:
                entry.slow = slow
    return waited


def measure(
    live: list[Entry],
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
    machine-speed probes (``measure.speed``), and with more than one thread the hand-off gate,
    which waits out the slow state within the same budget (``_handed_off``)."""
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
        attempting(entry, attempt)
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
    handoffs: list[float] = []
    # Lanes measuring side by side share the caches the probe hands data through: gated only alone.
    alone = (lane := lanes.current()) is None or lane.alone
    gate = (
        speed.HandOffGate(speed.HandOffProbe(threads).probe_us, calibrated_level(threads))
        if threads > 1 and alone
        else None
    )
    while index < rounds or another_round([e.rounds for e in live if e.result is None], config.timing):
        if gate is not None:
            waited += _handed_off(gate, live, quiet, tell)
            handoffs.append(gate.readings[-1])  # the reading the round was measured after
        readings.append(speed.probe_us())
        if pool is not None:
            pool_readings.append(pool.probe_us())
        for entry in live:
            if entry.result is not None:
                continue
            entry.info.setdefault(keys.MEASURE_START, time.time())  # wall clock: shows measurements never overlap
            attempting(entry, attempt)
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
        entry.info[keys.OVERHEAD_NS] = _overhead[device.name]
        entry.info[keys.SPEED_PROBE_US] = speed.summary(readings)
        entry.info[keys.SPEED_PROBE] = speed.LOOP_IDENTITY
        if pool is not None:
            entry.info[keys.PARALLEL_PROBE_US] = speed.summary(pool_readings)
            entry.info[keys.PARALLEL_PROBE] = pool.identity
        if gate is not None and handoffs:
            entry.info[keys.HANDOFF_PROBE_US] = speed.summary(handoffs)
            entry.info[keys.HANDOFF_LEVEL_US] = gate.level_us
        if entry.energy is not None:
            entry.info.update(entry.energy.facts())
    attempting(None, attempt)
    return waited
