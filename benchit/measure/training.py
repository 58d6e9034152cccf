"""The train step: the loss rule, the optimizer, mixed precision, the initial state restored, one step for parity.

The loss is the sum, over every floating-point tensor a model returns (through tuples, lists,
dicts, ``ModelOutput`` and other dataclasses), of that tensor's mean, as PyTorch's compile
benchmark reduces outputs to a loss. One step is forward, loss, backward, the optimizer's step and
``zero_grad``; with ``fp16`` or ``bf16`` the forward and the loss run under ``torch.autocast``
(the weights stay fp32), and ``fp16`` scales the loss with a ``GradScaler``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
from collections.abc import Callable, Iterator
from enum import Enum
from typing import TYPE_CHECKING, Any

from benchit.errors import Unavailable
from benchit.keys import TRAIN_ADAPTATIONS, TRAIN_INPUTS, Adaptation
from benchit.measure.targets import MADE_TARGETS

if TYPE_CHECKING:
    import numpy as np
    import torch

# The learning rates of --optimizer: SGD's as PyTorch's compile benchmark trains, AdamW's small
# enough that the weights stay finite over a round of steps on a loss that has no minimum.
LEARNING_RATES = {"sgd": 0.01, "adamw": 1e-4}


def float_outputs(value: Any) -> Iterator[torch.Tensor]:
    """Every floating-point tensor in a model's output, in order; raises ``Unavailable`` naming
    why there is none (no tensor at all, or only integer and boolean ones)."""
    import torch

    seen: list[str] = []

    def walk(item: Any) -> Iterator[torch.Tensor]:
        if isinstance(item, torch.Tensor):
            seen.append(str(item.dtype).removeprefix("torch."))
            if item.is_floating_point() or item.is_complex():
                yield item
        elif isinstance(item, dict):  # a ModelOutput is an OrderedDict of its fields that are set
            for key in item:
                yield from walk(item[key])
        elif isinstance(item, (list, tuple)):
            for element in item:
                yield from walk(element)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            for found in dataclasses.fields(item):
                yield from walk(getattr(item, found.name))
        elif hasattr(item, "to_tuple") and callable(item.to_tuple):
            yield from walk(item.to_tuple())

    found = list(walk(value))
    if found:
        yield from found
        return
    if not seen:
        kind = type(value).__name__
        raise Unavailable(f"the model returns no tensor (it returns {kind}): there is no loss to train")
    kinds = ", ".join(dict.fromkeys(seen))
    raise Unavailable(
        f"the model returns no floating-point tensor (only {kinds}, as argmax gives): there is no loss to train"
    )


def loss_of(outputs: Any) -> torch.Tensor:
    """The scalar loss of a model's outputs: the mean of each floating-point tensor, summed (a
    complex tensor counts by its real part). Raises ``Unavailable`` when there is nothing to train:
    no floating-point output, or none that depends on a parameter requiring a gradient."""
    import torch

    parts = []
    for tensor in float_outputs(outputs):
        real = tensor.real if tensor.is_complex() else tensor
        # The mean of a half-precision output in float32 at least: a long bf16 sum loses its digits.
        parts.append(real.mean(dtype=torch.promote_types(real.dtype, torch.float32)))
    loss = sum(parts[1:], parts[0])  # not torch.stack: outputs may differ in dtype
    if not loss.requires_grad:
        raise Unavailable(
            "no floating-point output depends on a parameter that requires a gradient "
            "(the forward detaches it, or runs under no_grad): nothing to train"
        )
    return loss


INPUTS_FAILURE = "cannot train on these inputs"
BATCH_NORM_NEEDS_TWO = "batch norm in train mode needs more than one value per channel"
NEEDS_TARGETS = "the model computes its own losses in train mode from targets (labels, boxes), which the captured call does not pass"
# Where a batch of one was repeated to two for it: the note each train result of the model keeps.
REPEATED_BATCH = f"a batch of 1 repeated to 2 (each sample twice): {BATCH_NORM_NEEDS_TWO} at a batch of 1"


def adaptation_facts(adapted: list[Adaptation]) -> dict[str, Any]:
    """What a train result keeps of the changes benchit made to its inputs: their codes, which
    code reads (the progress line), and a sentence for each, for people (never parsed)."""
    notes = {Adaptation.REPEATED_BATCH: REPEATED_BATCH, Adaptation.MADE_TARGETS: MADE_TARGETS}
    return {TRAIN_ADAPTATIONS: [a.value for a in adapted], TRAIN_INPUTS: "; ".join(notes[a] for a in adapted)}


class InputsNeed(str, Enum):
    """What captured inputs lacked for a train step: the code that ``placement.fit_inputs`` acts
    on (the reason's words are for people; nothing parses them)."""

    TWO_PER_CHANNEL = "two_per_channel"  # batch norm: more than one value per channel
    SPATIAL = "spatial"  # instance norm: more than one spatial element per channel
    TARGETS = "targets"  # a detection model: targets, from which it computes its losses


# Checks a model makes in train mode only, which the captured inputs can fail (eval never asks):
# a normalisation layer's (eval uses the running statistics), and torchvision's detection models',
# which compute their own losses in train mode from targets that an inference call does not pass.
_INPUT_CHECKS = (
    (ValueError, "Expected more than 1 value per channel when training", InputsNeed.TWO_PER_CHANNEL, BATCH_NORM_NEEDS_TWO, False),
    (ValueError, "Expected more than 1 spatial element when training", InputsNeed.SPATIAL, "instance norm in train mode needs more than one spatial element per channel", True),
    (AssertionError, "targets should not be none when in training mode", InputsNeed.TARGETS, NEEDS_TARGETS, None),
)  # fmt: skip


def _where(text: str, per_sample: bool) -> str:
    """How the inputs got there, from the input size PyTorch names: a batch of 1 reaching a 1x1
    map (``per_sample``: the batch does not count, only the map)."""
    found = re.search(r"input size torch\.Size\(\[([\d, ]*)\]\)", text)
    if not found:
        return ""
    size = [int(n) for n in found.group(1).split(",") if n.strip()]
    batch = f"batch of {size[0]}" if size else ""
    if len(size) > 2:
        shape = "x".join(map(str, size[2:]))
        return f" (a {shape} map)" if per_sample else f" ({batch} reaching a {shape} map)"
    return f" ({batch})" if batch else ""


def inputs_reason(exc: BaseException) -> str | None:
    """The one-line reason of a train step that fails because of the captured inputs, not of the
    model or of benchit (a batch norm that gets one value per channel, a detection model that
    needs targets in train mode), followed by the model's own
    line; ``None`` for any other failure. Such a result stays ``failed``: the inputs are the user's."""
    found = _input_check(exc)
    if found is None:
        return None
    need, per_sample, first = found[3], found[4], str(exc).strip().splitlines()[0]
    where = "" if per_sample is None else _where(first, per_sample)
    return f"{INPUTS_FAILURE}: {need}{where}\n{type(exc).__name__}: {first}"


def inputs_need(exc: BaseException) -> InputsNeed | None:
    """What the captured inputs lacked, when ``exc`` is such a failure (``inputs_reason``)."""
    found = _input_check(exc)
    return found[2] if found is not None else None


def _input_check(exc: BaseException) -> tuple[Any, ...] | None:
    text = str(exc).strip()
    return next((check for check in _INPUT_CHECKS if isinstance(exc, check[0]) and check[1] in text), None)


def trainable(model: Any) -> list[tuple[str, torch.Tensor]]:
    """The parameters of ``model`` that require a gradient, by name; raises ``Unavailable`` when
    there is none (every weight frozen, or the model is not an ``nn.Module``)."""
    import torch

    if not isinstance(model, torch.nn.Module):
        raise Unavailable(f"the captured model is a {type(model).__name__}, not a torch.nn.Module: nothing to train")
    found: list[tuple[str, torch.Tensor]] = [(n, p) for n, p in model.named_parameters() if p.requires_grad]
    if not found:
        raise Unavailable("the model has no parameter that requires a gradient: nothing to train")
    return found


def make_optimizer(name: str, params: list[torch.Tensor]) -> torch.optim.Optimizer:
    import torch

    if name == "adamw":
        return torch.optim.AdamW(params, lr=LEARNING_RATES["adamw"])
    return torch.optim.SGD(params, lr=LEARNING_RATES["sgd"])


def _autocast(device_type: str, precision: str) -> contextlib.AbstractContextManager[Any]:
    import torch

    if precision == "fp32":
        return contextlib.nullcontext()
    dtype = torch.float16 if precision == "fp16" else torch.bfloat16
    return torch.autocast(device_type=device_type, dtype=dtype)


class Trainer:
    """One model's training: its optimizer (state created before any timing), the GradScaler of
    fp16, and the initial weights, buffers and optimizer state, restored before each runtime and
    each round so that every runtime starts from the same weights."""

    def __init__(self, model: Any, optimizer: str, precision: str, device_type: str):
        import torch

        self.model = model
        self.named = trainable(model)
        self.params = [p for _, p in self.named]
        self.precision, self.device_type = precision, device_type
        self.optimizer = make_optimizer(optimizer, self.params)
        self.scaler = torch.amp.GradScaler(device_type) if precision == "fp16" else None
        # The one snapshot of the initial state: every parameter and buffer once (tied weights are
        # one tensor; non-persistent buffers, which a state_dict leaves out, are kept too, since the
        # captured model itself trains and goes back to the eval measurements of its submodules).
        self._tensors = [*dict.fromkeys([*model.parameters(), *model.buffers()])]
        self._initial = [t.detach().clone() for t in self._tensors]
        if optimizer != "sgd":
            # Create the optimizer's state (AdamW's moments) now, before any timing: one step on
            # zero gradients, whose change to the weights (weight decay) the restore takes back.
            # Plain SGD (no momentum) keeps no state: nothing to create.
            for p in self.params:
                p.grad = torch.zeros_like(p)
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
        self._state = {
            id(p): {k: v.detach().clone() if isinstance(v, torch.Tensor) else v for k, v in state.items()}
            for p, state in self.optimizer.state.items()
        }
        self._scaler = self.scaler.state_dict() if self.scaler is not None else None
        self.restore()

    def restore(self) -> None:
        """Back to the initial weights, buffers, optimizer state and loss scale; no gradients."""
        import torch

        with torch.no_grad():
            for tensor, initial in zip(self._tensors, self._initial, strict=True):
                tensor.copy_(initial)
            for p, state in self.optimizer.state.items():
                for key, saved in self._state.get(id(p), {}).items():
                    if isinstance(saved, torch.Tensor):
                        state[key].copy_(saved)
                    else:
                        state[key] = saved
        self.optimizer.zero_grad(set_to_none=True)
        if self.scaler is not None and self._scaler:
            self.scaler.load_state_dict(self._scaler)

    def _backward_and_update(self, loss: torch.Tensor) -> None:
        if self.scaler is not None:
            self.scaler.scale(loss).backward()
            self.scaler.step(self.optimizer)  # unscales the gradients first, skips a step with inf
            self.scaler.update()
        else:
            loss.backward()
            self.optimizer.step()

    def step(self, forward: Callable[[], Any]) -> Callable[[], Any]:
        """The timed unit: ``forward`` (a runtime's step), the loss, backward, the optimizer's
        step and ``zero_grad``; returns the loss."""

        def train_step() -> Any:
            with _autocast(self.device_type, self.precision):
                loss = loss_of(forward())
            self._backward_and_update(loss)
            self.optimizer.zero_grad(set_to_none=True)
            return loss

        return train_step

    def one_step(self, forward: Callable[[], Any], seed: int = 0) -> list[np.ndarray]:
        """For parity: from the initial state and a fixed seed (dropout draws the same masks), one
        step of ``forward``; the loss, each parameter's gradient and each updated parameter, on the
        host (see ``output_names``). Leaves the initial state restored."""
        import torch

        from benchit.measure.parity import flatten

        self.restore()
        torch.manual_seed(seed)
        try:
            with _autocast(self.device_type, self.precision):
                loss = loss_of(forward())
            self._backward_and_update(loss)
            grads = [p.grad if p.grad is not None else torch.zeros_like(p) for p in self.params]
            return flatten([loss, *grads, *self.params])
        finally:
            self.restore()

    def output_names(self) -> list[str]:
        """What each array of ``one_step`` is: ``loss``, ``grad NAME``..., ``param NAME``..."""
        return ["loss", *(f"grad {n}" for n, _ in self.named), *(f"param {n}" for n, _ in self.named)]


def name_outputs(parity: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A parity record of one step with each output named (the loss, a gradient or an updated
    parameter) in its statistics and its reason, instead of only its index."""
    per_output = [{**o, "name": names[o["index"]]} if o.get("index", -1) < len(names) else o
                  for o in parity.get("per_output", [])]  # fmt: skip
    reason = parity.get("reason")
    if isinstance(reason, str) and reason.startswith("output "):
        index_text, _, rest = reason.removeprefix("output ").partition(":")
        if index_text.isdigit() and int(index_text) < len(names):
            reason = f"{names[int(index_text)]}:{rest}"
    return {**parity, "per_output": per_output, "reason": reason, "compared": "loss, gradients, updated parameters"}
