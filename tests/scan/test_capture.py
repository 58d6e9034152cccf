"""Capturing top-level module calls and their input signatures, in process."""

from __future__ import annotations

import torch

from benchit.scan.capture import Capture, describe


class Outer(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.inner = torch.nn.Sequential(torch.nn.Linear(4, 4), torch.nn.ReLU())

    def forward(self, x: torch.Tensor, scale: float = 1.0) -> tuple[torch.Tensor, torch.Tensor]:
        y = self.inner(x) * scale
        return y, y.sum()


def test_only_the_outer_call_is_captured() -> None:
    model = Outer()
    with Capture() as capture:
        model(torch.randn(2, 4))
    (only,) = capture.captured.values()
    assert only.invocation.model_class == "Outer"
    assert only.invocation.params == 20
    assert only.invocation.batch_size == 2


def test_repeated_calls_are_counted_and_new_shapes_are_new_invocations() -> None:
    model = Outer()
    with Capture() as capture:
        for _ in range(5):
            model(torch.randn(2, 4))
        model(torch.randn(3, 4))
    counts = sorted(c.calls for c in capture.captured.values())
    assert counts == [1, 5]
    assert sorted(c.record().call_count for c in capture.captured.values()) == [1, 5]


def test_same_structure_two_objects_is_one_invocation() -> None:
    with Capture() as capture:
        Outer()(torch.randn(1, 4))
        Outer()(torch.randn(1, 4))
    assert [c.calls for c in capture.captured.values()] == [2]


def test_keyword_and_non_tensor_arguments_are_part_of_the_signature() -> None:
    model = Outer()
    with Capture() as capture:
        model(x=torch.randn(1, 4), scale=2.0)
        model(x=torch.randn(1, 4), scale=3.0)
    invocations = [c.invocation for c in capture.captured.values()]
    assert len(invocations) == 2
    assert invocations[0].signature["kwargs"] == {"x": {"shape": [1, 4], "dtype": "float32"}, "scale": 2.0}
    assert invocations[0].input_shapes == "x: float32[1,4], scale: 2.0"


def test_dtypes_and_nested_inputs() -> None:
    class Nested(torch.nn.Module):
        def forward(self, pair, table, mask=None):
            return pair[0].float().sum() + table["ids"].sum()

    with Capture() as capture:
        Nested()((torch.ones(2, 3, dtype=torch.bfloat16), torch.ones(1)), {"ids": torch.zeros(2, 5, dtype=torch.int64)})
    (only,) = capture.captured.values()
    assert only.invocation.signature["args"] == [
        [{"shape": [2, 3], "dtype": "bfloat16"}, {"shape": [1], "dtype": "float32"}],
        {"ids": {"shape": [2, 5], "dtype": "int64"}},
    ]
    assert only.invocation.input_shapes == "pair: (bfloat16[2,3], float32[1]), table: {ids: int64[2,5]}"
    assert only.invocation.batch_size == 2


def test_inputs_are_copied_so_later_changes_do_not_leak() -> None:
    x = torch.zeros(1, 4)
    with Capture() as capture:
        Outer()(x)
    x.add_(5)
    (only,) = capture.captured.values()
    assert torch.equal(only.args[0], torch.zeros(1, 4))


def test_call_site_prefers_the_script_frame(tmp_path) -> None:
    with Capture(script=__file__) as capture:
        Outer()(torch.randn(1, 4))
    (only,) = capture.captured.values()
    path, line = only.invocation.call_site.rsplit(":", 1)
    assert path == __file__ and int(line) > 0


def test_patch_is_removed_afterwards() -> None:
    original = torch.nn.Module.__call__
    with Capture():
        assert torch.nn.Module.__call__ is not original
    assert torch.nn.Module.__call__ is original


def test_describe_handles_odd_values() -> None:
    assert describe(float("nan")) == "nan"
    assert describe(object())["object"] == "builtins.object"
    assert describe(None) is None


class Probing(torch.nn.Module):
    """Runs its feature extractor on a dummy input while initialising, to size its head."""

    def __init__(self) -> None:
        super().__init__()
        self.features = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.Flatten())
        with torch.no_grad():
            width = self.features(torch.zeros(1, 3, 8, 8)).shape[1]
        self.head = torch.nn.Linear(width, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.features(x))


def test_calls_made_while_a_model_is_built_are_not_captured() -> None:
    with Capture() as capture:
        model = Probing()
        model(torch.randn(5, 3, 8, 8))
    (only,) = capture.captured.values()
    assert only.invocation.model_class == "Probing"
    assert only.calls == 1 and only.invocation.batch_size == 5


def test_calls_inside_a_torchvision_builder_are_not_captured() -> None:
    import torchvision

    with Capture() as capture:  # the builder probes its backbone on a dummy 320 x 320 image
        model = torchvision.models.detection.ssdlite320_mobilenet_v3_large(
            weights=None, weights_backbone=None, num_classes=3
        ).eval()
        model([torch.rand(3, 64, 64), torch.rand(3, 64, 64)])
    (only,) = capture.captured.values()
    assert only.invocation.model_class == "SSD"
    assert only.invocation.batch_size == 2  # a list of two images, not 3 channels


def test_a_quantized_model_counts_its_int8_weights() -> None:
    float_model = torch.nn.Sequential(torch.nn.Linear(8, 4), torch.nn.ReLU(), torch.nn.Linear(4, 2))
    quantized = torch.ao.quantization.quantize_dynamic(float_model, {torch.nn.Linear}, dtype=torch.qint8)
    assert not list(quantized.parameters())
    with Capture() as capture:
        quantized(torch.randn(1, 8))
    (only,) = capture.captured.values()
    assert only.invocation.params == 8 * 4 + 4 + 4 * 2 + 2
