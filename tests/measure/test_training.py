"""The train step (--mode train): the loss rule, the step itself, models that cannot train, parity, AMP, plugins."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import torch
from helpers import FAST, local_plugin, report_df, run_benchit, write_script
from samples import CNN

from benchit.backends.devices import CPU
from benchit.errors import Unavailable
from benchit.measure.placement import TrainPlacement
from benchit.measure.training import Trainer, inputs_reason, loss_of
from benchit.naming import measurement_key
from benchit.records import Invocation, Result
from benchit.scan.capture import Captured

UNTRAINABLE = """
import torch

class Argmax(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        return self.fc(x).argmax(-1)

class Frozen(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3).requires_grad_(False)

    def forward(self, x):
        return self.fc(x)

class Inplace(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        y = torch.sigmoid(self.fc(x))
        y.add_(1)  # sigmoid's backward needs its output: autograd rejects this
        return y

class Text(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)

    def forward(self, x):
        return "a label"

class PooledNorm(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3)
        self.pool = torch.nn.AdaptiveAvgPool2d(1)
        self.bn = torch.nn.BatchNorm2d(4)  # after global pooling, as in deeplabv3's ASPP

    def forward(self, x):
        return self.bn(self.pool(self.conv(x))).flatten(1)

class SampleNorm(PooledNorm):  # one sample, unbatched: no batch of one to repeat
    def forward(self, x):
        return super().forward(x.unsqueeze(0))

x = torch.randn(2, 4)
for model in (Argmax(), Frozen(), Inplace(), Text()):
    model(x)
PooledNorm().eval()(torch.randn(1, 3, 8, 8))  # a batch of one
SampleNorm().eval()(torch.randn(3, 8, 8))
"""

TRAINABLE_PLUGIN = '''
"""Two runtimes of a plugin: one that declares training, one that does not."""
import benchit


class Trains(benchit.Runtime):
    name = "trains"
    modes = ("eval", "train")

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))


class EvalOnly(benchit.Runtime):
    name = "eval-only"

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))


@benchit.hookimpl
def benchit_runtimes():
    return [Trains, EvalOnly]
'''


# -- the loss rule -----------------------------------------------------------------------------------
def test_the_loss_is_the_sum_of_the_means_of_the_floating_point_outputs() -> None:
    a = torch.tensor([1.0, 3.0], requires_grad=True)
    b = torch.tensor([[2.0, 4.0], [6.0, 8.0]], requires_grad=True)
    index = torch.tensor([1, 2])
    assert loss_of(a).item() == pytest.approx(2.0)
    assert loss_of((a, index, b)).item() == pytest.approx(2.0 + 5.0)  # integers are left out
    assert loss_of({"x": a, "nested": [b, None, "text"]}).item() == pytest.approx(7.0)


def test_the_loss_reads_model_outputs_and_dataclasses() -> None:
    from transformers.modeling_outputs import BaseModelOutputWithPooling

    hidden = torch.ones(2, 3, requires_grad=True)
    pooled = torch.full((2,), 4.0, requires_grad=True)
    output = BaseModelOutputWithPooling(last_hidden_state=hidden, pooler_output=pooled)
    assert loss_of(output).item() == pytest.approx(5.0)

    @dataclasses.dataclass
    class Out:
        logits: torch.Tensor
        label: str

    assert loss_of(Out(pooled, "x")).item() == pytest.approx(4.0)


def test_outputs_with_nothing_to_train_say_why() -> None:
    with pytest.raises(Unavailable, match="no floating-point tensor.*int64"):
        loss_of((torch.tensor([1, 2]), torch.tensor([True])))
    with pytest.raises(Unavailable, match="returns no tensor.*str"):
        loss_of("label")
    with pytest.raises(Unavailable, match="depends on a parameter"):
        loss_of(torch.ones(3))  # floating point, but nothing requires a gradient


# -- the step --------------------------------------------------------------------------------------
@pytest.mark.parametrize("optimizer", ["sgd", "adamw"])
def test_a_train_step_changes_the_weights_and_restore_takes_them_back(optimizer: str) -> None:
    torch.manual_seed(0)
    layers = (torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
    model = torch.nn.Sequential(*layers).train()
    x = torch.randn(16, 4)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    trainer = Trainer(model, optimizer, "fp32", "cpu")
    assert all(torch.equal(v, before[k]) for k, v in model.state_dict().items())  # creating state changes nothing
    step = trainer.step(lambda: model(x))
    with torch.enable_grad():
        loss = step()
    assert loss.ndim == 0
    changed = [k for k, v in model.state_dict().items() if not torch.equal(v, before[k])]
    assert {"0.weight", "1.weight", "3.weight", "3.bias", "1.running_mean"} <= set(changed)
    assert all(p.grad is None for p in model.parameters())  # zero_grad is part of the step
    trainer.restore()
    assert all(torch.equal(v, before[k]) for k, v in model.state_dict().items())


def test_the_captured_model_trains_itself_and_release_gives_it_back_as_it_was() -> None:
    """No copy of the model for training (the weights sit in memory twice: the model and the one
    snapshot), and after it the captured model is bit for bit what eval and its submodules see."""
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.Dropout(0.5)).eval()
    model.register_buffer("steps", torch.zeros(1), persistent=False)  # not in a state_dict

    def count(module: torch.nn.Module, inputs: Any, output: Any) -> None:
        module.steps.add_(1)  # a non-persistent buffer the forward changes

    model.register_forward_hook(count)
    invocation = Invocation("0123abcd", "Sequential", 112, {}, "input: float32[16,4]", 16, "test")
    item = Captured(model, (torch.randn(16, 4),), {}, invocation)
    before = {k: v.clone() for k, v in [*model.named_parameters(), *model.named_buffers()]}
    placement = TrainPlacement(item, CPU(), "fp32", "sgd")
    trained, args, _ = placement.inputs()
    assert trained is model and trained.training  # the captured model itself, in train mode
    trainer = placement.trainer()
    with torch.enable_grad():
        trainer.step(lambda: trained(*args))()
    assert not torch.equal(model[0].weight, before["0.weight"]) and model.steps.item() == 1
    placement.release()
    after = dict([*model.named_parameters(), *model.named_buffers()])
    assert all(torch.equal(after[k], v) for k, v in before.items())
    assert not model.training and all(p.grad is None for p in model.parameters())


def test_a_batch_of_one_through_batch_norm_says_the_inputs_cannot_train() -> None:
    norm = torch.nn.BatchNorm2d(4).train()
    with pytest.raises(ValueError) as raised:
        norm(torch.randn(1, 4, 1, 1))
    reason = inputs_reason(raised.value)
    assert reason is not None
    assert reason.splitlines()[0] == (
        "cannot train on these inputs: batch norm in train mode needs more than one value per channel"
        " (batch of 1 reaching a 1x1 map)"
    )
    assert inputs_reason(ValueError("Expected more than 1 value per channel when training, got input size "
                                    "torch.Size([1, 4])")).splitlines()[0].endswith("per channel (batch of 1)")  # fmt: skip
    assert inputs_reason(RuntimeError("one of the variables needed for gradient computation")) is None
    # torchvision's detection models (torch._assert) in train mode, called without targets:
    detection = inputs_reason(AssertionError("targets should not be none when in training mode"))
    assert detection is not None and detection.splitlines() == [
        "cannot train on these inputs: the model computes its own losses in train mode from targets (labels, boxes),"
        " which the captured call does not pass",
        "AssertionError: targets should not be none when in training mode",
    ]


def test_bf16_autocast_runs_the_forward_in_bf16_and_keeps_fp32_weights() -> None:
    torch.manual_seed(0)
    model = torch.nn.Linear(8, 8).train()
    seen: list[torch.dtype] = []

    def forward() -> Any:
        out = model(torch.randn(4, 8))
        seen.append(out.dtype)
        return out

    trainer = Trainer(model, "sgd", "bf16", "cpu")
    with torch.enable_grad():
        trainer.step(forward)()
    assert seen == [torch.bfloat16]
    assert model.weight.dtype == torch.float32


def test_old_results_read_as_eval_and_eval_keys_stay_as_they_were() -> None:
    old = Result.from_dict({"device": "cpu", "runtime": "torch", "status": "ok"})
    assert old.mode == "eval" and old.measurement == "cpu-torch"
    assert measurement_key("cpu", "torch") == "cpu-torch"
    assert measurement_key("cpu", "torch", "bf16") == "cpu-torch-bf16"
    assert measurement_key("cpu", "torch", "fp32", "train") == "cpu-torch-train"
    assert measurement_key("cpu", "torch", "bf16", "train") == "cpu-torch-bf16-train"
    train = Result("cpu", "torch", "ok", mode="train")  # type: ignore[arg-type]
    assert Result.from_dict(json.loads(json.dumps(train.to_dict()))).mode == "train"


# -- end to end --------------------------------------------------------------------------------------
def test_eval_and_train_from_one_run_of_the_script(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN + "\nprint('SCRIPT RAN')\n")
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--mode", "eval,train", "--cache-dir", cache, "--progress", "plain", *FAST)
    assert done.returncode == 0, done.stderr
    assert " train: median" in done.stdout  # the progress line says which mode
    assert "modes eval,train (sgd)" in done.stdout
    df = report_df(cache).set_index("mode")
    assert set(df.index) == {"eval", "train"}
    assert (df["status"] == "ok").all()
    assert df.loc["train", "throughput_per_s"] > 0 and df.loc["train", "peak_rss_mb"] > 0
    assert df.loc["train", "batch_size"] == 2
    assert sorted(p.name for p in cache.glob("builds/*/results/*/*.json")) == ["cpu-torch-train.json", "cpu-torch.json"]
    log = next(cache.glob("scripts/*.log")).read_text()
    assert log.count("SCRIPT RAN") == 1  # the script runs once for both modes
    table = run_benchit("report", "--cache-dir", cache, "--format", "html,md,json", "-o", tmp_path / "r").stdout
    assert "eval (one forward call):" in table and "train (one training step" in table
    assert table.index("eval (one forward call):") < table.index("train (one training step")
    html = (tmp_path / "r.html").read_text()
    assert "Every result: eval (one forward call)" in html and "Every result: train (one training step" in html
    assert "| cpu/torch | train |" in (tmp_path / "r.md").read_text()
    rows = json.loads((tmp_path / "r.json").read_text())["rows"]
    assert sorted(r["mode"] for r in rows) == ["eval", "train"]
    first = {p.name: p.read_bytes() for p in cache.glob("builds/*/results/*/*.json")}
    again = run_benchit("benchmark", script, "--mode", "eval,train", "--cache-dir", cache, *FAST)
    assert again.returncode == 0, again.stderr
    assert {p.name: p.read_bytes() for p in cache.glob("builds/*/results/*/*.json")} == first  # both modes were done


def test_models_that_cannot_train_keep_their_eval_result(tmp_path: Path) -> None:
    script = write_script(tmp_path, "untrainable.py", UNTRAINABLE)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--mode", "eval,train", "--cache-dir", cache, *FAST)
    assert "Traceback" not in done.stderr
    df = report_df(cache)
    by = {(row.model_class, row.mode): row for row in df.itertuples()}
    for model in ("Argmax", "Frozen", "Inplace", "Text"):
        assert by[(model, "eval")].status == "ok"
    assert by[("Argmax", "train")].status == "unavailable"
    assert "no floating-point tensor (only int64" in by[("Argmax", "train")].error
    assert by[("Frozen", "train")].status == "unavailable"
    assert "no parameter that requires a gradient" in by[("Frozen", "train")].error
    assert by[("Inplace", "train")].status == "failed"
    assert "modified by an inplace operation" in by[("Inplace", "train")].error
    assert by[("Text", "train")].status == "unavailable"
    assert "returns no tensor (it returns str)" in by[("Text", "train")].error
    # Batch norm after global pooling cannot train on a batch of one: the batch is repeated to two,
    # and the result says so (its throughput counts two items a step).
    assert by[("PooledNorm", "eval")].status == "ok"
    assert by[("PooledNorm", "train")].status == "ok"
    assert by[("PooledNorm", "train")].batch_size == 1  # the captured call's
    assert "(batch of 1 repeated to 2)" in done.stdout
    (pooled,) = [json.loads(p.read_text()) for p in cache.glob("builds/*/results/*/cpu-torch-train.json")
                 if json.loads(p.read_text()).get("status") == "ok"]  # fmt: skip
    assert pooled["info"]["train_inputs"].startswith("a batch of 1 repeated to 2 (each sample twice): batch norm")
    assert pooled["info"]["train_adaptations"] == ["repeated_batch"]
    assert pooled["throughput_per_s"] == pytest.approx(2000.0 / pooled["stats"]["median_ms"])
    # Without a batch of one to repeat, the inputs, not the model: failed (the inputs are the
    # user's), with the reason in one line.
    assert by[("SampleNorm", "eval")].status == "ok"
    assert by[("SampleNorm", "train")].status == "failed"
    assert by[("SampleNorm", "train")].error == (
        "cannot train on these inputs: batch norm in train mode needs more than one value per channel"
        " (batch of 1 reaching a 1x1 map)"
    )
    errors = [json.loads(p.read_text())["error"] for p in cache.glob("builds/*/results/*/cpu-torch-train.json")]
    (full,) = [e for e in errors if e and e.startswith("cannot train on these inputs")]
    assert full.splitlines()[1].startswith("ValueError: Expected more than 1 value per channel when training")
    assert "Traceback" not in full and len(full.splitlines()) == 2


def test_compiled_training_matches_eager_on_batch_norm_and_dropout_aot_eager(tmp_path: Path) -> None:
    """The fast one: AOTAutograd without code generation (aot_eager)."""
    script = write_script(tmp_path, "cnn.py", CNN)
    cache = tmp_path / "cache"
    args = ("--runtime", "torch,torch-compile,ort", "--compile-backend", "aot_eager", "--optimizer", "adamw")
    done = run_benchit("benchmark", script, "--mode", "train", "--cache-dir", cache, *args, *FAST)
    assert done.returncode == 0, done.stderr
    df = report_df(cache).set_index("runtime")
    assert set(df["mode"]) == {"train"}
    assert df.loc["torch-compile", "status"] == "ok"
    assert df.loc["torch-compile", "parity_verdict"] == "passed"
    assert df.loc["ort", "status"] == "unavailable"
    assert "runtime ort does not run train" in df.loc["ort", "error"]
    table = run_benchit("report", "--cache-dir", cache, cwd=tmp_path).stdout  # no speed-up to average, and why
    assert "cpu/ort train: - (of 0; 1 left out: 1 unavailable)" in table, table
    # aot_eager is not the default backend: the file's name ends in its options tag after the mode
    (path,) = cache.glob("builds/*/results/*/cpu-torch-compile-train-o*.json")
    result = json.loads(path.read_text())
    assert result["runtime_options"] == {"compile_backend": "aot_eager"}
    parity = result["parity"]
    assert parity["scale"] == 1e-2  # the training tolerance
    names = [o["name"] for o in parity["per_output"]]
    assert names[:2] == ["loss", "grad conv.weight"] and "param fc.bias" in names
    assert parity["eager_rerun"]["error_to_scale"] == 0.0  # dropout under a fixed seed: the same masks


@pytest.mark.slow
def test_compiled_training_matches_eager_on_batch_norm_and_dropout_inductor(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--mode", "train", "--runtime", "torch,torch-compile", "--cache-dir", cache, *FAST
    )
    assert done.returncode == 0, done.stderr
    row = report_df(cache).set_index("runtime").loc["torch-compile"]
    assert row["status"] == "ok" and row["parity_verdict"] == "passed"


def test_amp_bf16_training_on_cpu(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN)
    cache = tmp_path / "cache"
    args = (
        "--precision",
        "bf16",
        "--mode",
        "train",
        "--runtime",
        "torch,torch-compile",
        "--compile-backend",
        "aot_eager",
    )
    done = run_benchit("benchmark", script, *args, "--cache-dir", cache, *FAST)
    assert done.returncode == 0, done.stderr
    df = report_df(cache).set_index("runtime")
    assert set(df["precision"]) == {"bf16"} and set(df["status"]) == {"ok"}
    assert df.loc["torch-compile", "parity_verdict"] == "passed"
    names = sorted(p.name for p in cache.glob("builds/*/results/*/*.json"))
    assert names[0] == "cpu-torch-bf16-train.json"  # then torch-compile's, with aot_eager's options tag
    assert len(names) == 2 and names[1].startswith("cpu-torch-compile-bf16-train-o")


def test_a_plugin_runtime_trains_only_when_it_declares_it(tmp_path: Path) -> None:
    folder = local_plugin(tmp_path / "plugins", "trainable", TRAINABLE_PLUGIN)
    script = write_script(tmp_path, "cnn.py", CNN)
    cache = tmp_path / "cache"
    args = ("--plugins-dir", folder, "--runtime", "torch,trains,eval-only", "--mode", "eval,train")
    done = run_benchit("benchmark", script, *args, "--cache-dir", cache, *FAST)
    assert done.returncode == 0, done.stderr
    df = report_df(cache).set_index(["runtime", "mode"])
    assert df.loc[("trains", "train"), "status"] == "ok"
    assert df.loc[("trains", "train"), "parity_verdict"] == "passed"
    assert df.loc[("eval-only", "eval"), "status"] == "ok"
    assert df.loc[("eval-only", "train"), "status"] == "unavailable"
    assert (
        df.loc[("eval-only", "train"), "error"] == "runtime eval-only does not run train (it declares the modes eval)"
    )


def test_suites_take_a_mode_and_the_dry_run_shows_it(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN)
    suite = tmp_path / "suite.yaml"
    suite.write_text(f"train:\n  files: [{script}]\n  mode: [eval, train]\n  optimizer: adamw\n")
    done = run_benchit("run", suite, "--dry-run", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "modes eval,train, optimizer adamw" in done.stdout
    lines = [line.split()[-4:] for line in done.stdout.splitlines() if line.startswith("  ")]
    assert lines == [["cpu", "torch", "fp32", "eval"], ["cpu", "torch", "fp32", "train"]]


def test_an_unknown_mode_is_one_line(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN)
    done = run_benchit("benchmark", script, "--mode", "eval,fit", "--cache-dir", tmp_path / "cache")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["benchit: error: --mode: unknown mode 'fit'; choose from eval, train, generate"]


def test_compare_matches_results_by_mode(tmp_path: Path) -> None:
    script = write_script(tmp_path, "cnn.py", CNN)
    caches = [tmp_path / "a", tmp_path / "b"]
    for cache in caches:
        done = run_benchit("benchmark", script, "--mode", "eval,train", "--cache-dir", cache, *FAST)
        assert done.returncode == 0, done.stderr
    done = run_benchit("compare", *caches, "-o", tmp_path / "c.json")
    assert done.returncode == 0, done.stderr
    pairs = json.loads((tmp_path / "c.json").read_text())["comparison"]["pairs"]
    assert sorted(p["key"]["mode"] for p in pairs) == ["eval", "train"]


def test_detection_models_get_targets_for_each_head() -> None:
    """The targets benchit makes: a box and label per image, a mask for Mask R-CNN, keypoints for
    Keypoint R-CNN; each model's train call then gives its losses. Other models and calls: none."""
    import torchvision

    from benchit.measure.targets import with_targets

    detection = torchvision.models.detection
    small = {"weights": None, "weights_backbone": None, "min_size": 64, "max_size": 64}
    images = [torch.rand(3, 48, 64)]
    for build, head, loss in (
        (detection.maskrcnn_resnet50_fpn, "masks", "loss_mask"),
        (detection.keypointrcnn_resnet50_fpn, "keypoints", "loss_keypoint"),
        (detection.fcos_resnet50_fpn, None, "bbox_ctrness"),
    ):
        model = build(**small).train()
        made = with_targets(model, (images,), {})
        assert made is not None
        args, kwargs = made
        (target,) = args[1]
        assert target["boxes"].tolist() == [[16.0, 12.0, 48.0, 36.0]] and target["labels"].tolist() == [1]
        assert head is None or head in target
        losses = model(*args, **kwargs)
        assert loss in losses and all(torch.isfinite(v) for v in losses.values())
    assert with_targets(torch.nn.Linear(2, 2), (torch.rand(1, 2),), {}) is None
    assert with_targets(model, (images, [{"boxes": torch.zeros(0, 4)}]), {}) is None  # targets given already


DETECTION = """
import torch, torchvision
torch.manual_seed(0)
model = torchvision.models.detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None).eval()
with torch.no_grad():
    model([torch.rand(3, 96, 96)])
"""


def test_a_detection_model_with_a_batch_of_one_trains_with_made_targets(tmp_path: Path) -> None:
    """SSDlite needs targets in train mode, and its extra blocks' batch norm more than one image:
    benchit gives it targets, then repeats the image (and its targets); the result says both."""
    script = write_script(tmp_path, "ssdlite.py", DETECTION)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--mode", "train", "--cache-dir", cache, "--progress", "plain", *FAST)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "(batch of 1 repeated to 2) (targets made by benchit)" in done.stdout
    (result,) = [json.loads(p.read_text()) for p in cache.glob("builds/*/results/*/cpu-torch-train.json")]
    assert result["status"] == "ok", result.get("error")
    assert "targets made by benchit" in result["info"]["train_inputs"]
    assert "a batch of 1 repeated to 2" in result["info"]["train_inputs"]
    assert result["info"]["train_adaptations"] == ["made_targets", "repeated_batch"]  # in the order made
    assert result["throughput_per_s"] == pytest.approx(2000.0 / result["stats"]["median_ms"])
