"""Before the rounds: may a runtime run here (``refusal``), then prepare it, time its first step,
check its parity against eager and, when that fails, find where the outputs start to differ."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from benchit import failures, keys
from benchit.config import Config
from benchit.contracts import Device, Runtime
from benchit.errors import Unavailable
from benchit.measure import localize, memory
from benchit.measure.entry import Entry
from benchit.measure.hostlock import host_lock
from benchit.measure.parity import DEFAULT_TOLERANCES, TRAIN_TOLERANCES, Tolerances, compare, flatten
from benchit.measure.placement import Placed
from benchit.measure.precision import tolerance
from benchit.measure.training import name_outputs
from benchit.records import ParityVerdict, ResultStatus


def tolerances(config: Config, precision: str, mode: str = "eval") -> Tolerances:
    """The parity tolerances of ``precision``: its scale, cosine and RMSE factor defaults, with the
    element-wise rtol and atol the run gives it (--rtol/--atol for fp32); in ``train`` mode the
    training tolerances (``parity.TRAIN_TOLERANCES``)."""
    if mode == "train":
        return TRAIN_TOLERANCES.get(precision, TRAIN_TOLERANCES["fp32"])
    rtol, atol = tolerance(precision, config.rtol, config.atol, config.tolerances)
    defaults = DEFAULT_TOLERANCES.get(precision, DEFAULT_TOLERANCES["fp32"])
    return dataclasses.replace(defaults, rtol=rtol, atol=atol)


def refusal(
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
            return ResultStatus.FAILED, f"{call} raised {failures.error_text(exc)}"
    return None


def memory_now(device: Device) -> dict[str, int]:
    """Resident memory now and, on accelerators, device memory now (a fresh peak window's peak)."""
    device.reset_peak_memory()
    now = dict(device.peak_memory())
    now[keys.PEAK_RSS_BYTES] = memory.resident_bytes() or 0
    return now


def prepare(entry: Entry, placement: Placed, config: Config, artifacts: Path, precision: str) -> None:
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
                before = memory_now(device)
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
                after = memory_now(device)
    except Exception as exc:  # noqa: BLE001 - a failing runtime is a result
        entry.fail(exc)
        return
    entry.prepared, entry.parity = prepared, parity
    entry.added = {k: max(0, v - before.get(k, 0)) for k, v in after.items()}
    info[keys.PREPARE_RSS_BYTES] = entry.added.get(keys.PEAK_RSS_BYTES, 0)


def _localize(entry: Entry, placement: Placed, config: Config, artifacts: Path, tol: Tolerances,
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
        return localize.not_supported(f"the search failed: {failures.error_text(exc, frames=1)}").facts()
    return found.facts()
