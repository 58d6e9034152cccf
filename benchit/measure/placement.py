"""A captured model and its inputs placed on one device, and eager torch's reference outputs on them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from benchit.backends.runtimes import to_device
from benchit.backends.tensors import map_tensors
from benchit.contracts import Device
from benchit.keys import Adaptation
from benchit.measure.parity import flatten
from benchit.records import Invocation

if TYPE_CHECKING:
    from benchit.measure.training import InputsNeed


class _Invoked(Protocol):
    @property
    def invocation(self) -> Invocation: ...


class Placed(Protocol):
    """What ``benchmark`` needs of a placement: the device, the invocation (its batch size), the
    model and inputs on the device, and eager torch's outputs for the parity check. ``Placement``
    is the one for PyTorch scripts; ``execute.onnxjob.FilePlacement`` the one for ONNX files."""

    @property
    def device(self) -> Device: ...

    @property
    def item(self) -> _Invoked: ...

    def inputs(self) -> tuple[Any, tuple, dict]: ...

    def reference(self) -> list[Any]: ...

    def nudged_reference(self) -> list[Any] | None: ...

    def eager_again(self) -> list[Any]: ...

    def fp64_reference(self) -> list[Any] | str: ...


class _Placed:
    """What both placements keep: the invocation, the device, the model and inputs once moved
    there, and eager torch's outputs for parity, each computed once when first asked for (a
    first run, a second one, a float64 copy's), by the subclass's ``_eager`` and ``_run_fp64``."""

    def __init__(self, item: Any, device: Any):
        self.item = item
        self.device = device
        self._moved: tuple[Any, tuple, dict] | None = None
        self._reference: list[Any] | None = None
        self._rerun: list[Any] | None = None
        self._fp64: list[Any] | str | None = None

    def inputs(self) -> tuple[Any, tuple, dict]:
        raise NotImplementedError

    def _eager(self) -> list[Any]:
        raise NotImplementedError

    def _run_fp64(self) -> list[Any] | str:
        raise NotImplementedError

    def reference(self) -> list[Any]:
        if self._reference is None:
            self._reference = self._eager()
        return self._reference

    def eager_again(self) -> list[Any]:
        """Eager torch's outputs on a second run of the same inputs (computed once): a model whose
        two runs differ (dropout left on, sampling) cannot judge another runtime's outputs."""
        if self._rerun is None:
            self._rerun = self._eager()
        return self._rerun

    def fp64_reference(self) -> list[Any] | str:
        """A float64 copy's outputs on float64 inputs, on the same device (computed once; the
        copy is released at once), or why there are none."""
        if self._fp64 is None:
            self._fp64 = self._run_fp64()
        return self._fp64

    def _forget(self) -> None:
        """The moved model and inputs and the eager outputs dropped; the device's cache emptied."""
        import torch

        self._moved = self._reference = self._rerun = self._fp64 = None
        empty_cache = getattr(getattr(torch, self.device.torch_device, None), "empty_cache", None)
        if self.device.torch_device != "cpu" and empty_cache is not None:
            empty_cache()


class Placement(_Placed):
    """One invocation's model and inputs on one device, moved there once, and eager torch's
    outputs on them (computed only if a runtime needs a parity check): a first run, a second one
    (is the model deterministic?) and, only if an output needs it, a float64 copy's (nothing
    floating to cast, or a copy that fails: an op without a float64 kernel, a device without
    float64, out of memory, say why there is none)."""

    def inputs(self) -> tuple[Any, tuple, dict]:
        if self._moved is None:
            import torch

            where = self.device.torch_device
            # The first runtime asks under its own grad mode (eager torch's is inference_mode).
            # A model moved there would get inference-tensor parameters, which the ONNX exporter
            # and torch.compile of a later runtime cannot trace: move it outside.
            with torch.inference_mode(False):
                self._moved = (
                    self.item.module.to(where),
                    to_device(self.item.args, where),
                    to_device(self.item.kwargs, where),
                )
        return self._moved

    def _eager(self) -> list[Any]:
        import torch

        model, args, kwargs = self.inputs()
        with torch.inference_mode():
            return flatten(model(*args, **kwargs))

    def _run_fp64(self) -> list[Any] | str:
        import copy

        import torch

        from benchit.measure.precision import cast_value

        model, args, kwargs = self.inputs()
        floating = [False]

        def note(value: torch.Tensor) -> torch.Tensor:
            floating[0] = floating[0] or value.is_floating_point()
            return value

        map_tensors((args, kwargs), note)
        tensors = [*model.parameters(), *model.buffers()] if isinstance(model, torch.nn.Module) else []
        if not (floating[0] or any(t.is_floating_point() for t in tensors)):
            return "the model has no floating-point parameters or inputs to cast"
        copied: Any = None
        try:
            copied = copy.deepcopy(model).to(torch.float64)
            with torch.inference_mode():
                return flatten(copied(*cast_value(args, torch.float64), **cast_value(kwargs, torch.float64)))
        except Exception as exc:  # noqa: BLE001 - without float64 the cosine rule judges
            first = (str(exc).strip().splitlines() or [""])[0][:300]
            return f"float64 could not run: {type(exc).__name__}: {first}"
        finally:
            del copied  # a float64 copy is twice the model: give it back before measuring
            empty_cache = getattr(getattr(torch, self.device.torch_device, None), "empty_cache", None)
            if self.device.torch_device != "cpu" and empty_cache is not None:
                empty_cache()

    def nudged_reference(self) -> list[Any] | None:
        """Eager torch's outputs on the floating-point inputs moved by about one rounding step of
        their precision (a fixed random sign and size per element), or ``None`` when no input is
        floating point: how far the model itself moves under rounding."""
        import torch

        model, args, kwargs = self.inputs()
        generator = torch.Generator().manual_seed(0)
        moved = [False]

        def nudge(value: torch.Tensor) -> torch.Tensor:
            if not (value.is_floating_point() and value.numel()):
                return value
            moved[0] = True
            noise = torch.rand(value.shape, generator=generator).mul_(2).sub_(1)
            step = noise.to(value.device, value.dtype) * torch.finfo(value.dtype).eps
            return value + value * step

        args, kwargs = map_tensors(args, nudge), map_tensors(kwargs, nudge)
        if not moved[0]:
            return None
        with torch.inference_mode():
            return flatten(model(*args, **kwargs))

    def release(self) -> None:
        if self._moved is not None and self.device.torch_device != "cpu":
            self.item.module.to("cpu")
        self._forget()


def _repeat_batch_of_one(args: tuple, kwargs: dict) -> tuple[tuple, dict] | None:
    """``args`` and ``kwargs`` with each batch of one repeated to two (its sample twice): a
    tensor whose first dimension is 1, and a list of one item (torchvision's detection models take
    a list of images, and of targets); ``None`` when there is no batch of one."""
    import torch

    grown: list[Any] = []

    def grow_tensor(tensor: torch.Tensor) -> torch.Tensor:
        if tensor.dim() == 0 or tensor.shape[0] != 1:
            return tensor
        grown.append(tensor)
        return torch.cat([tensor, tensor])

    def grow(value: Any) -> Any:
        if isinstance(value, list) and len(value) == 1:
            grown.append(value)
            return [value[0], value[0]]
        return map_tensors(value, grow_tensor)

    with torch.inference_mode(False):
        wider = tuple(grow(v) for v in args), {k: grow(v) for k, v in kwargs.items()}
    return wider if grown else None


class TrainPlacement(_Placed):
    """One invocation's model on one device in train mode, with its ``training.Trainer``; and eager
    torch's one step from the initial weights for the parity check (the loss, gradients and updated
    parameters): a first run, a second (is the step deterministic under a fixed seed?) and, only if
    needed, a float64 copy's.

    The captured model itself trains: no copy of it is made. The trainer's one snapshot of the
    initial weights and buffers restores them before each runtime and each round, and ``release``
    restores them and puts the model back in eval mode, so that the weights sit twice in memory,
    not three times. Every eval measurement of an invocation comes before its training
    (``Config.measured``), and an fp16 or bf16 eval measures a cast copy.

    ``precision`` is autocast's (the weights stay fp32); ``optimizer`` the --optimizer."""

    def __init__(self, item: Any, device: Any, precision: str, optimizer: str):
        super().__init__(item, device)
        self.precision = precision
        self.optimizer = optimizer
        self._trainer: Any = None
        self.repeat = 1  # 2 once ``fit_inputs`` repeated a batch of one
        self.adapted: list[Adaptation] = []  # what ``fit_inputs`` changed in the captured inputs

    def inputs(self) -> tuple[Any, tuple, dict]:
        if self._moved is None:
            import torch

            where = self.device.torch_device
            # Tensors made under inference_mode (a script's own, or captured there) cannot be saved
            # for backward: fresh copies outside it (the same values: eval measures them as well).
            with torch.inference_mode(False):
                model = self.item.module
                if isinstance(model, torch.nn.Module):
                    model = model.to(where)
                    with torch.no_grad():
                        for tensor in [*model.parameters(), *model.buffers()]:
                            if tensor.is_inference():
                                tensor.data = tensor.data.clone()
                    model.train()
                args = to_device(map_tensors(self.item.args, lambda t: t.clone()), where)
                kwargs = to_device(map_tensors(self.item.kwargs, lambda t: t.clone()), where)
            self._moved = (model, args, kwargs)
        return self._moved

    def fit_inputs(self, need: InputsNeed | None) -> bool:
        """After a train step failed on the captured inputs for lack of ``need`` (``training.inputs_need``),
        make them trainable where benchit can, and keep the change's code in ``adapted``: a
        batch of one through batch norm is repeated to two, a detection model gets targets.
        ``False`` when nothing was changed (already done, or no way to)."""
        from benchit.measure.targets import with_targets
        from benchit.measure.training import InputsNeed

        if need is None:
            return False
        model, args, kwargs = self.inputs()
        if need is InputsNeed.TWO_PER_CHANNEL and self.repeat == 1:
            wider = _repeat_batch_of_one(args, kwargs)
            if wider is None:
                return False
            self.repeat, change = 2, Adaptation.REPEATED_BATCH
        elif need is InputsNeed.TARGETS and Adaptation.MADE_TARGETS not in self.adapted:
            wider = with_targets(model, args, kwargs)
            if wider is None:
                return False
            change = Adaptation.MADE_TARGETS
        else:
            return False
        self._moved = (model, *wider)
        self.adapted.append(change)
        self._reference = self._rerun = self._fp64 = None  # of the inputs before
        return True

    def trainer(self) -> Any:
        """The model's ``training.Trainer`` (made once); raises ``Unavailable`` for a model with no
        parameter that requires a gradient."""
        if self._trainer is None:
            from benchit.measure.training import Trainer

            model = self.inputs()[0]
            self._trainer = Trainer(model, self.optimizer, self.precision, self.device.torch_device.split(":")[0])
        return self._trainer

    def _eager(self) -> list[Any]:
        """One step from the initial state under a fixed seed: the loss, gradients, updated parameters."""
        import torch

        model, args, kwargs = self.inputs()
        with torch.enable_grad():
            return self.trainer().one_step(lambda: model(*args, **kwargs))

    def nudged_reference(self) -> list[Any] | None:
        return None  # a float64 step judges training; the nudge is the eval rule's last resort

    def _run_fp64(self) -> list[Any] | str:
        """One step of a float64 copy of the model (its own optimizer, no autocast) on float64
        inputs, from the same initial weights, or why there is none."""
        import copy

        import torch

        from benchit.measure.precision import cast_value
        from benchit.measure.training import Trainer

        model, args, kwargs = self.inputs()
        self.trainer().restore()
        try:  # the copy (twice the model, with its optimizer) is released when this returns
            model64 = copy.deepcopy(model).to(torch.float64)
            args64, kwargs64 = cast_value(args, torch.float64), cast_value(kwargs, torch.float64)
            trainer = Trainer(model64, self.optimizer, "fp32", self.device.torch_device.split(":")[0])
            with torch.enable_grad():
                return trainer.one_step(lambda: model64(*args64, **kwargs64))
        except Exception as exc:  # noqa: BLE001 - without float64 the cosine rule judges
            first = (str(exc).strip().splitlines() or [""])[0][:300]
            return f"float64 could not run: {type(exc).__name__}: {first}"

    def release(self) -> None:
        """The captured model back as it was: its initial weights and buffers, no gradients, eval
        mode, on the host; the trainer (its snapshot and optimizer state) given back."""
        import torch

        if self._trainer is not None:
            self._trainer.restore()
        model = self.item.module
        if self._moved is not None and isinstance(model, torch.nn.Module):
            model.eval()
            if self.device.torch_device != "cpu":
                model.to("cpu")
        self._trainer, self.repeat, self.adapted = None, 1, []
        self._forget()
