"""Where an accuracy failure starts: each submodule run alone through the runtime from eager's own inputs, top-down."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from benchit import keys
from benchit.backends.tensors import map_tensors
from benchit.contracts import Device, Runtime
from benchit.measure.parity import Tolerances, compare, flatten
from benchit.naming import safe_name
from benchit.records import ParityVerdict

# ``keys.LOCALIZE_STATUS``'s values.
FOUND = "found"  # a failing submodule (or a model's own code) named
NONE = "none"  # nothing could be run alone (no submodule, none replayable)
OUT_OF_TIME = "budget ran out"  # the deepest failing submodule found before --localize-time ran out
NOT_SUPPORTED = "not supported"
ROOT = "(model)"  # ``diverged_at`` of a model whose every submodule agrees alone: its own forward code
DEFAULT_BUDGET_S = 60.0


@dataclass(frozen=True)
class Call:
    """One call of a submodule during eager torch's run: its inputs (cloned, replayable), its flat
    outputs, and when it began and ended in the run's sequence of calls (a nested call lies inside)."""

    args: tuple
    kwargs: dict
    outputs: list[np.ndarray] | None  # None: outputs benchit cannot compare
    begin: int
    end: int


@dataclass(frozen=True)
class Divergence:
    """What the search found: its ``status`` (``FOUND``, ``NONE``, ``OUT_OF_TIME``, ``NOT_SUPPORTED``)
    and why, the deepest submodule that fails alone (qualified name, class, its error alone, the
    failing chain from the model down to it), what it ran and how long it took."""

    status: str
    reason: str = ""
    at: str | None = None
    cls: str | None = None
    error: float | None = None
    end_to_end: float | None = None
    path: str = ""
    checked: int = 0
    seconds: float = 0.0

    def facts(self) -> dict[str, Any]:
        """The result ``info`` entries (``keys.DIVERGED_*``, ``keys.LOCALIZE_*``)."""
        facts: dict[str, Any] = {
            keys.LOCALIZE_STATUS: self.status + (f": {self.reason}" if self.reason else ""),
            keys.LOCALIZE_CHECKED: self.checked,
            keys.LOCALIZE_S: round(self.seconds, 4),
        }
        if self.at is not None:
            facts.update({keys.DIVERGED_AT: self.at, keys.DIVERGED_CLASS: self.cls, keys.DIVERGED_ERROR: self.error,
                          keys.DIVERGED_END_TO_END_ERROR: self.end_to_end, keys.DIVERGED_PATH: self.path})  # fmt: skip
        return facts


def not_supported(reason: str) -> Divergence:
    return Divergence(NOT_SUPPORTED, reason)


def _clone(value: Any) -> Any:
    return map_tensors(value, lambda t: t.detach().clone())


def record(model: Any, args: tuple, kwargs: dict) -> dict[str, list[Call]]:
    """Every submodule's calls during one eager run of ``model`` (hooks; the root's own call is
    not kept), by qualified name, each call apart, in order."""
    import torch

    calls: dict[str, list[Call]] = {}
    open_: dict[str, list[tuple[tuple, dict, int]]] = {}
    counter = [0]
    handles = []

    def before(name: str) -> Callable[..., None]:
        def hook(module: Any, a: tuple, kw: dict) -> None:
            counter[0] += 1
            open_.setdefault(name, []).append((_clone(a), _clone(kw), counter[0]))

        return hook

    def after(name: str) -> Callable[..., None]:
        def hook(module: Any, a: tuple, kw: dict, output: Any) -> None:
            counter[0] += 1
            saved_args, saved_kwargs, begin = open_[name].pop()
            try:
                outputs: list[np.ndarray] | None = [np.array(o, copy=True) for o in flatten(output)]
            except TypeError:
                outputs = None
            calls.setdefault(name, []).append(Call(saved_args, saved_kwargs, outputs, begin, counter[0]))

        return hook

    for name, module in model.named_modules():
        if name:
            handles.append(module.register_forward_pre_hook(before(name), with_kwargs=True))
            handles.append(module.register_forward_hook(after(name), with_kwargs=True))
    try:
        # Not inference mode: recorded inputs must be replayable through export and compilation.
        with torch.inference_mode(False), torch.no_grad():
            model(*_clone(args), **_clone(kwargs))
    finally:
        for handle in handles:
            handle.remove()
    return calls


def _error(parity: dict[str, Any]) -> float | None:
    value = parity.get("error_to_scale")
    return float(value) if isinstance(value, (int, float)) and np.isfinite(value) else None


def _fp64(module: Any, call: Call) -> Callable[[], list[np.ndarray] | str]:
    def run() -> list[np.ndarray] | str:
        import copy

        import torch

        from benchit.measure.precision import cast_value

        try:
            copied = copy.deepcopy(module).to(torch.float64)
            with torch.no_grad():
                return flatten(copied(*cast_value(_clone(call.args), torch.float64),
                                      **cast_value(_clone(call.kwargs), torch.float64)))  # fmt: skip
        except Exception as exc:  # noqa: BLE001 - without float64 the cosine rule judges
            return f"float64 could not run: {type(exc).__name__}"

    return run


class _Search:
    """The top-down search, its budget and its counts."""

    def __init__(self, runtime: Runtime, device: Device, artifacts: Path, tol: Tolerances, deadline: float,
                 clock: Callable[[], float]):  # fmt: skip
        self.runtime, self.device, self.artifacts, self.tol = runtime, device, artifacts, tol
        self.deadline, self.clock = deadline, clock
        self.checked = self.unreplayable = self.judged = 0
        self.out_of_time = False
        self.call: Call | None = None  # the failing call of the child ``first_failing`` returned

    def alone(self, name: str, index: int, module: Any, call: Call) -> dict[str, Any] | None:
        """The parity of ``module`` run alone by the runtime on ``call``'s inputs, or None when it
        cannot be replayed (its outputs or its preparation)."""
        if call.outputs is None:
            self.unreplayable += 1
            return None
        folder = self.artifacts / "localize" / safe_name(f"{name}-{index}" if index else name, 120)
        folder.mkdir(parents=True, exist_ok=True)
        self.checked += 1
        try:
            prepared = self.runtime.prepare(module, _clone(call.args), _clone(call.kwargs), self.device, folder)
            outputs = flatten(prepared.step())
            self.device.synchronize()
        except Exception:  # noqa: BLE001 - a submodule the runtime cannot take alone is not a verdict
            self.unreplayable += 1
            return None
        del prepared
        self.judged += 1
        return compare(call.outputs, outputs, self.tol, fp64=_fp64(module, call))

    def first_failing(self, prefix: str, parent: Any, calls: dict[str, list[Call]], within: tuple[int, int]
                      ) -> tuple[str, Any, dict[str, Any]] | None:  # fmt: skip
        """The first child of ``parent`` (in the order they were called, within the parent's call
        ``within``) whose call fails alone: its qualified name, module, parity; its failing call
        becomes ``self.call``."""
        ordered = []
        for local, child in parent.named_children():
            name = f"{prefix}.{local}" if prefix else local
            mine = [(i, c) for i, c in enumerate(calls.get(name, [])) if within[0] < c.begin and c.end < within[1]]
            if mine:
                ordered.append((mine[0][1].begin, name, child, mine))
        for _, name, child, mine in sorted(ordered, key=lambda t: t[0]):
            for index, call in mine:
                if self.clock() > self.deadline:
                    self.out_of_time = True
                    return None
                parity = self.alone(name, index, child, call)
                if parity is not None and parity.get("verdict") == ParityVerdict.FAILED.value:
                    self.call = call
                    return name, child, parity
        return None


def localize(model: Any, args: tuple, kwargs: dict, runtime: Runtime, device: Device, artifacts: Path,
             tol: Tolerances, budget_s: float, end_to_end: float | None = None,
             clock: Callable[[], float] = time.monotonic) -> Divergence:  # fmt: skip
    """Where ``runtime``'s failed parity on ``model`` starts: eager inputs and outputs of every
    submodule recorded once, then, from the model down, each child run alone through ``runtime``
    (``prepare`` and ``step``, artifacts in ``artifacts/localize/<name>``) from its recorded inputs
    and judged by ``tol`` (float64 where allclose fails, as the model's own check); only a failing
    child is searched further. The deepest failing one is named; a model none of whose children
    fails alone names its own code (``ROOT``). ``budget_s`` bounds the search (checked before each
    child): when it runs out, the deepest found so far is named and the status says so."""
    start = clock()
    if end_to_end is not None and not np.isfinite(end_to_end):
        end_to_end = None
    calls = record(model, args, kwargs)
    search = _Search(runtime, device, artifacts, tol, start + budget_s, clock)
    at, module, error = ROOT, model, end_to_end  # the model's own: its error is the end-to-end one
    chain: list[str] = []
    within = (0, 1 << 62)
    while True:
        found = search.first_failing("" if at == ROOT else at, module, calls, within)
        if found is None:
            break
        at, module, parity = found
        error = _error(parity)
        assert search.call is not None
        within = (search.call.begin, search.call.end)
        chain.append(f"{at} ({error:.3g})" if error is not None else at)
    seconds = clock() - start
    notes = [f"{search.unreplayable} call(s) could not run alone"] if search.unreplayable else []
    parent = any(True for _ in module.children())
    if search.out_of_time:
        notes.insert(0, f"after {seconds:.1f} s of {budget_s:g} s, the deepest failing submodule so far")
        status = OUT_OF_TIME
    elif not chain and parent and not search.judged:
        return Divergence(NONE, "; ".join(["no submodule could run alone", *notes]), checked=search.checked,
                          seconds=seconds)  # fmt: skip
    else:
        status = FOUND
        if parent:
            notes.insert(0, "no child fails alone: its own code")
        elif not chain:
            notes.insert(0, "the model has no submodule")
    return Divergence(status, "; ".join(notes), at, type(module).__name__, error, end_to_end,
                      " > ".join(chain), search.checked, seconds)  # fmt: skip
