"""The built-in runtimes end to end: torch, torch-compile and ort on cpu, through the real CLI."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pandas as pd
import pytest
import torch
from helpers import FAST, report_df, result_file, run_benchit, write_script

from benchit.backends import artifact, onnxfile
from benchit.backends.devices import CPU, ROCm
from benchit.backends.inputs import match_inputs, named_inputs
from benchit.backends.runtimes.compile import TorchCompile
from benchit.backends.runtimes.onnxruntime import OnnxRuntime, choose_providers, provider_options
from benchit.errors import Unavailable
from benchit.execute import inductor_check
from benchit.measure.hostlock import lock_folder

RUNTIMES = ("torch", "torch-compile", "ort")

SCRIPTS = {
    # keyword inputs, a tuple of outputs
    "kwargs_tuple.py": """
import torch
from benchit.parser import parse

torch.manual_seed(0)
(batch_size,) = parse(["batch_size"])


class TwoHeads(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(8, 16)
        self.a = torch.nn.Linear(16, 4)
        self.b = torch.nn.Linear(16, 2)

    def forward(self, features, scale=None):
        hidden = torch.relu(self.body(features)) * scale
        return self.a(hidden), self.b(hidden)


model = TwoHeads().eval()
model(features=torch.randn(batch_size, 8), scale=torch.full((1,), 0.5))

# A file left in the temporary folder, as some libraries do: it must go with the job.
import tempfile

with open(tempfile.mkstemp(prefix="left-by-the-script-")[1], "w") as left:
    left.write("x")
""",
    # int64 token ids and a mask, as a text model takes them
    "tokens.py": """
import torch
from benchit.parser import parse

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])


class Bag(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(50, 8)
        self.head = torch.nn.Linear(8, 3)

    def forward(self, input_ids, attention_mask):
        hidden = self.embed(input_ids) * attention_mask.unsqueeze(-1)
        return self.head(hidden.sum(1) / attention_mask.sum(1, keepdim=True))


model = Bag().eval()
ids = torch.randint(50, (batch_size, max_seq_length))
model(input_ids=ids, attention_mask=torch.ones(batch_size, max_seq_length))
""",
    # graph inputs: node features and an int64 edge index (torch_geometric)
    "graph.py": """
import torch
from torch_geometric.nn import GCNConv

torch.manual_seed(0)


class GCN(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = GCNConv(8, 16)
        self.conv2 = GCNConv(16, 4)

    def forward(self, x, edge_index):
        return self.conv2(torch.relu(self.conv1(x, edge_index)), edge_index)


model = GCN().eval()
model(torch.randn(12, 8), torch.randint(12, (2, 40)))
""",
    # data-dependent Python control flow: torch.export (and so ONNX) refuses it, eager and
    # torch.compile (with a graph break) do not
    "unexportable.py": """
import torch

torch.manual_seed(0)


class Branchy(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.linear(x)
        if y.sum().item() > 0:
            return y
        return -y


Branchy().eval()(torch.randn(2, 4))
""",
}


@pytest.fixture(scope="module")
def scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[pd.DataFrame, Path, Any]:
    """A scan of the corpus above with every runtime on cpu, then one on cuda (absent here) into
    the same cache. Apart: where CUDA has no driver, Inductor's CPU check asks the CUDA runtime
    (``torch.utils.cpp_extension`` does on import), so a scan that asks for an accelerator leaves the
    check out of its warm worker (``forkserver.import_once``) and each compiling job makes it again."""
    root = tmp_path_factory.mktemp("runtimes")
    corpus = root / "corpus"
    for name, body in SCRIPTS.items():
        write_script(corpus, name, body)
    cache = root / "cache"
    (root / "tmp").mkdir()
    scan = ["benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", ",".join(RUNTIMES)]
    scan += ["--script-args", "--batch_size 2 --max_seq_length 16", *FAST]
    # keep_warm=False: what a scan leaves in the temporary folder is nothing but the host lock.
    tmp = {"TMPDIR": str(root / "tmp")}
    runs = [run_benchit(*scan, "--device", device, env=tmp, keep_warm=False) for device in ("cpu", "cuda")]
    return report_df(cache), cache, runs[0]


def rows(df: pd.DataFrame, script: str, device: str = "cpu") -> pd.DataFrame:
    picked = df[df["script"].str.endswith(script) & (df["device"] == device)]
    return picked.set_index("runtime")


@pytest.mark.parametrize("script", ["kwargs_tuple.py", "tokens.py", "graph.py"])
def test_every_runtime_measures_every_shape_of_model(scan: Any, script: str) -> None:
    df, _, done = scan
    table = rows(df, script)
    assert sorted(table.index) == sorted(RUNTIMES), done.stdout
    for runtime in RUNTIMES:
        row = table.loc[runtime]
        assert row["status"] == "ok", (runtime, row["error"])
        assert row["latency_median_ms"] > 0
        assert row["iterations"] >= 1


@pytest.mark.parametrize("script", ["kwargs_tuple.py", "tokens.py", "graph.py"])
def test_parity_is_filled_for_every_non_eager_runtime(scan: Any, script: str) -> None:
    table = rows(scan[0], script)
    for runtime in ("torch-compile", "ort"):
        row = table.loc[runtime]
        assert row["parity_passed"] == True, (runtime, row)  # noqa: E712 - a CSV cell
        assert 0 <= row["parity_max_abs_diff"] < 1e-4
        assert not math.isnan(row["parity_max_rel_diff"])
    assert pd.isna(table.loc["torch", "parity_passed"])  # eager torch is the reference


def test_ort_records_its_build(scan: Any) -> None:
    df, cache, _ = scan
    ort = rows(df, "tokens.py").loc["ort"]
    assert ort["info_provider"] == "CPUExecutionProvider"
    assert int(ort["info_opset"]) == onnxfile.default_opset("dynamo") or "opset" in str(ort["info_opset_fallback"])
    assert "Gather" in ort["info_onnx_ops"]  # the embedding lookup
    counts = dict(item.split(":") for item in ort["info_onnx_ops"].split(","))
    assert sum(map(int, counts.values())) == ort["info_onnx_nodes"]
    assert ort["info_onnx_file_bytes"] > 50 * 8 * 4  # at least the embedding table
    assert ort["info_export_s"] > 0
    assert ort["info_onnx_reused"] == False  # noqa: E712 - first run
    assert Path(ort["info_onnx_file"]).is_file()
    assert Path(ort["info_onnx_file"]).is_relative_to(cache / "builds")


def test_two_outputs_compared_by_parity(scan: Any) -> None:
    df, cache, _ = scan
    build = rows(df, "kwargs_tuple.py").loc["ort", "build_name"]
    import json

    result = json.loads(result_file(cache / "builds" / build, "cpu-ort").read_text())
    assert result["parity"]["outputs"] == 2


def test_torch_compile_records_compile_time_apart(scan: Any) -> None:
    row = rows(scan[0], "kwargs_tuple.py").loc["torch-compile"]
    assert row["info_compile_s"] > 0
    assert row["info_compile_mode"] == "default"
    assert row["info_compile_backend"] == "inductor"
    # Compilation happens in prepare, so the first timed step is already steady.
    assert row["info_compile_s"] > row["first_step_s"]
    assert row["latency_median_ms"] < row["info_compile_s"] * 1000


def test_temporary_files_and_compiled_kernels_go_with_each_job(scan: Any) -> None:
    df, cache, _ = scan
    # The script's file, Inductor's kernels (torchinductor_<user> by default) and the run's own
    # folder all lived in the job's folder, removed with it: the scan's TMPDIR is left empty. The
    # host lock, which every job and every benchit process of the user shares, and Inductor's check
    # of the CPU, kept for the next run (execute/inductor_check.py), are the machine's: they live
    # in BENCHIT_HOST_TMPDIR, which the suite sets (tests/conftest.py).
    assert sorted(p.name for p in (cache.parent / "tmp").iterdir()) == []
    assert (lock_folder() / "measure.lock").is_file() and inductor_check.kept_folder().is_dir()
    compiled = df[(df["runtime"] == "torch-compile") & (df["status"] == "ok")]
    assert len(compiled) == len(SCRIPTS)
    assert (compiled["info_compile_cache_hits"] == 0).all()  # every build compiled cold


def test_a_model_that_cannot_be_exported_fails_for_ort_only(scan: Any) -> None:
    df, _, done = scan
    table = rows(df, "unexportable.py")
    assert table.loc["ort", "status"] == "failed"
    assert "torch.onnx.export" in table.loc["ort", "error"]
    assert table.loc["torch", "status"] == "ok"
    assert table.loc["torch-compile", "status"] == "ok"
    assert table.loc["torch-compile", "info_compile_graph_breaks"] >= 1
    assert done.returncode == 1  # a failed result makes the scan exit 1
    assert "unexportable.py" in done.stdout


def test_an_absent_device_is_unavailable_with_a_reason(scan: Any) -> None:
    df = scan[0]
    cuda = df[df["device"] == "cuda"]
    assert len(cuda) == len(SCRIPTS) * len(RUNTIMES)
    assert set(cuda["status"]) == {"unavailable"}
    assert cuda["error"].str.contains("CUDA").all()
    assert cuda["latency_median_ms"].isna().all()


def test_runtimes_appear_side_by_side_in_the_report(scan: Any) -> None:
    df = scan[0]
    ok = df[(df["device"] == "cpu") & (df["status"] == "ok")]
    side = ok.pivot_table(index="script", columns="runtime", values="latency_median_ms")
    assert set(side.columns) == set(RUNTIMES)
    assert len(side.dropna()) == 3  # every script but the unexportable one has all three


# -- ONNX export reuse and opsets, in process -----------------------------------------------


class Small(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.linear = torch.nn.Linear(4, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.relu(self.linear(x))


def test_an_export_is_reused_until_rebuild_always_or_new_weights(tmp_path: Path) -> None:
    model, args = Small().eval(), (torch.randn(2, 4),)
    with torch.no_grad():
        path, first = onnxfile.export(model, args, {}, tmp_path, 18, "dynamo", "if_needed")
        artifact._built_here.clear()  # as if a later run
        again, second = onnxfile.export(model, args, {}, tmp_path, 18, "dynamo", "if_needed")
        assert (again, second) == (path, {"export_s": first["export_s"], "onnx_reused": True})
        _, forced = onnxfile.export(model, args, {}, tmp_path, 18, "dynamo", "always")
        assert forced["onnx_reused"] is False
        # Within one run, "always" exports once, not once per device.
        _, same_run = onnxfile.export(model, args, {}, tmp_path, 18, "dynamo", "always")
        assert same_run["onnx_reused"] is True
        model.linear.weight.add_(1.0)  # the script changed its weights: the old file is stale
        _, changed = onnxfile.export(model, args, {}, tmp_path, 18, "dynamo", "if_needed")
        assert changed["onnx_reused"] is False
    facts = onnxfile.facts(path)
    assert facts["opset"] == 18
    assert facts["onnx_ops"].startswith(("Gemm:1", "MatMul:1", "Add:1", "Relu:1"))
    assert facts["onnx_file_bytes"] >= (4 * 3 + 3) * 4  # weights live in external data; counted
    assert not list(tmp_path.glob(".export-*"))  # no staging folder left behind


def test_the_default_opset_is_the_newest_both_sides_support() -> None:
    from torch.onnx import _constants

    assert onnxfile.exporter_max_opset("dynamo") == _constants.ONNX_MAX_OPSET
    assert onnxfile.default_opset("dynamo") == min(_constants.ONNX_MAX_OPSET, onnxfile.runtime_max_opset())
    assert onnxfile.runtime_max_opset() >= 17


def test_opset_option_reaches_the_export(tmp_path: Path) -> None:
    runtime = OnnxRuntime({"opset": 18, "rebuild": "if_needed"})
    model, args = Small().eval(), (torch.randn(2, 4),)
    with runtime.context():
        prepared = runtime.prepare(model, args, {}, CPU(), tmp_path)
    assert prepared.info["opset"] == 18
    assert prepared.info["exporter"] == "dynamo"
    outputs = prepared.step()
    assert torch.allclose(torch.from_numpy(outputs[0]), model(*args), atol=1e-6)


def test_a_failed_newest_opset_falls_back_to_the_exporters_own(tmp_path: Path, monkeypatch: Any) -> None:
    runtime = OnnxRuntime({"rebuild": "if_needed"})
    real = OnnxRuntime._export_and_run
    newest = onnxfile.default_opset("dynamo")

    def broken_at_newest(self: Any, *args: Any) -> Any:
        prepared = real(self, *args)
        if args[-1] == newest:

            def step() -> None:
                raise RuntimeError("Attention kernel rejects the mask")

            prepared.step = step
        return prepared

    monkeypatch.setattr(OnnxRuntime, "_export_and_run", broken_at_newest)
    with runtime.context():
        prepared = runtime.prepare(Small().eval(), (torch.randn(2, 4),), {}, CPU(), tmp_path)
    assert prepared.info["opset"] == onnxfile.FALLBACK_OPSET["dynamo"]
    assert "Attention kernel rejects the mask" in prepared.info["opset_fallback"]


def test_inputs_are_named_like_the_exporter_names_them() -> None:
    class Nested(torch.nn.Module):
        def forward(self, pair: Any, extra: Any = None, config: Any = None) -> Any:
            return pair

    a, b, c = torch.ones(1), torch.ones(2), torch.ones(3)
    named = named_inputs(Nested(), ((a, b),), {"config": {"scale": c}, "extra": None})
    assert list(named) == ["pair_0", "pair_1", "config_scale"]
    assert match_inputs(["config_scale", "pair_0"], named) == {"config_scale": c, "pair_0": a}
    # Unknown names: positional, in call order.
    assert list(match_inputs(["i0", "i1"], named).values()) == [a, b]
    with pytest.raises(ValueError, match="takes 4 inputs"):
        match_inputs(["w", "x", "y", "z"], named)


def test_bound_inputs_and_outputs_run_and_reach_parity(tmp_path: Path) -> None:
    """The GPU's zero-copy path (IOBinding), run here with host memory as the device."""
    from benchit.backends.runtimes.onnxruntime import BoundOutputs, _bound_step
    from benchit.measure.parity import Tolerances, compare, flatten

    model, x = Small().eval(), torch.randn(2, 4)
    with torch.no_grad():
        path, _ = onnxfile.export(model, (x,), {}, tmp_path, 18, "dynamo", "if_needed")
        expected = model(x)
    session = OnnxRuntime({})._session(path, CPU(), tmp_path)
    step = _bound_step(session, {"x": x}, "cpu", 0)
    outputs = step()
    assert isinstance(outputs, BoundOutputs)
    tight = Tolerances(scale=1e-5, cosine=0.99999, rtol=1e-5, atol=1e-6)
    assert compare(flatten(expected), flatten(outputs), tight)["passed"] is True
    assert step() is outputs  # no allocation per step: the same bound buffers every time


# -- execution providers per device (the GPU paths, faked at onnxruntime's boundary) --------


@pytest.mark.parametrize(
    ("device", "available", "expected"),
    [
        ("cpu", ["CPUExecutionProvider"], ["CPUExecutionProvider"]),
        ("cuda", ["CUDAExecutionProvider", "CPUExecutionProvider"], ["CUDAExecutionProvider", "CPUExecutionProvider"]),
        (
            "cuda",
            ["TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider"],
            ["TensorrtExecutionProvider", "CUDAExecutionProvider", "CPUExecutionProvider"],
        ),
        (
            "rocm",
            ["MIGraphXExecutionProvider", "CPUExecutionProvider"],
            ["MIGraphXExecutionProvider", "CPUExecutionProvider"],
        ),
        ("rocm", ["ROCMExecutionProvider", "CPUExecutionProvider"], ["ROCMExecutionProvider", "CPUExecutionProvider"]),
        (
            "xpu",
            ["OpenVINOExecutionProvider", "CPUExecutionProvider"],
            ["OpenVINOExecutionProvider", "CPUExecutionProvider"],
        ),
    ],
)
def test_the_provider_follows_the_device(device: str, available: list[str], expected: list[str]) -> None:
    assert choose_providers(device, available) == expected


@pytest.mark.parametrize(
    ("device", "available", "reason"),
    [
        ("cuda", ["CPUExecutionProvider"], "no CUDAExecutionProvider for cuda.*onnxruntime-gpu"),
        ("cuda", ["TensorrtExecutionProvider", "CPUExecutionProvider"], "no CUDAExecutionProvider"),
        ("rocm", ["CPUExecutionProvider"], "MIGraphXExecutionProvider or ROCMExecutionProvider"),
        ("xpu", ["CPUExecutionProvider"], "OpenVINOExecutionProvider.*onnxruntime-openvino"),
    ],
)
def test_a_missing_provider_is_unavailable_with_a_reason(device: str, available: list[str], reason: str) -> None:
    with pytest.raises(Unavailable, match=reason):
        choose_providers(device, available)


def test_a_forced_provider_must_exist() -> None:
    assert choose_providers("cpu", ["CPUExecutionProvider"], "CPUExecutionProvider") == ["CPUExecutionProvider"]
    with pytest.raises(Unavailable, match="--ort-provider DmlExecutionProvider"):
        choose_providers("cpu", ["CPUExecutionProvider"], "DmlExecutionProvider")


def test_provider_options_cache_tensorrt_engines_with_the_build(tmp_path: Path) -> None:
    options = provider_options("TensorrtExecutionProvider", CPU(), tmp_path)
    assert options["trt_engine_cache_path"] == str(tmp_path)  # engines lie flat in the build's artifacts folder
    assert provider_options("OpenVINOExecutionProvider", CPU(), tmp_path) == {"device_type": "GPU"}


def test_ort_on_cuda_follows_torchs_tf32_setting(tmp_path: Path, monkeypatch: Any) -> None:
    stream = SimpleNamespace(cuda_stream=1234)
    monkeypatch.setattr(torch.cuda, "current_device", lambda: 0)
    monkeypatch.setattr(torch.cuda, "current_stream", lambda: stream)
    options = provider_options("CUDAExecutionProvider", CPU(), tmp_path)
    assert options == {"device_id": "0", "user_compute_stream": "1234", "use_tf32": "0"}
    torch.backends.cuda.matmul.allow_tf32 = True  # as torch.set_float32_matmul_precision("high") does
    try:
        assert provider_options("CUDAExecutionProvider", CPU(), tmp_path)["use_tf32"] == "1"
    finally:
        torch.backends.cuda.matmul.allow_tf32 = False


def test_ort_on_a_faked_rocm_gpu_asks_for_migraphx(tmp_path: Path, monkeypatch: Any) -> None:
    """The rocm path up to onnxruntime: check passes with MIGraphX listed, and the session is
    asked for it (onnxruntime, lacking it here, falls back to CPU and says so in ``provider``)."""
    import onnxruntime

    monkeypatch.setattr(
        onnxruntime, "get_available_providers", lambda: ["MIGraphXExecutionProvider", "CPUExecutionProvider"]
    )
    asked: list[Any] = []
    real_session = onnxruntime.InferenceSession

    def session(path: str, sess_options: Any = None, providers: Any = None) -> Any:
        asked.append(providers)
        return real_session(path, sess_options=sess_options, providers=["CPUExecutionProvider"])

    monkeypatch.setattr(onnxruntime, "InferenceSession", session)
    rocm = ROCm()
    rocm.torch_device = "cpu"  # tensors stay on the host; only the names are ROCm's
    runtime = OnnxRuntime({"opset": 18})
    runtime.check(rocm)
    with runtime.context():
        prepared = runtime.prepare(Small().eval(), (torch.randn(2, 4),), {}, rocm, tmp_path)
    assert [name for name, _ in asked[0]] == ["MIGraphXExecutionProvider", "CPUExecutionProvider"]
    assert prepared.info["io"] == "host"  # MIGraphX reads host memory; the copy is in each step
    assert prepared.info["provider"] == "CPUExecutionProvider"


# -- torch-compile availability ---------------------------------------------------------------


def test_torch_compile_without_a_cpp_compiler_is_unavailable(monkeypatch: Any) -> None:
    import benchit.backends.runtimes.compile as compile_module

    monkeypatch.setattr(compile_module.shutil, "which", lambda name: None)
    with pytest.raises(Unavailable, match="C\\+\\+ compiler"):
        TorchCompile({}).check(CPU())
    TorchCompile({"compile_backend": "aot_eager"}).check(CPU())  # no code generation, no compiler


def test_torch_compile_on_a_gpu_needs_triton(monkeypatch: Any) -> None:
    import benchit.backends.runtimes.compile as compile_module

    monkeypatch.setattr(compile_module.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(Unavailable, match="needs triton"):
        TorchCompile({}).check(ROCm())


def test_torch_compile_mode_and_backend_reach_the_runtime() -> None:
    model, x = Small().eval(), torch.randn(2, 4)
    runtime = TorchCompile({"compile_mode": "reduce-overhead", "compile_backend": "eager"})
    with runtime.context():
        prepared = runtime.prepare(model, (x,), {}, CPU(), Path("."))
        assert torch.allclose(prepared.step(), model(x))
    assert prepared.info["compile_mode"] == "reduce-overhead"
    assert prepared.info["compile_backend"] == "eager"
    assert prepared.info["compile_graphs"] == 1


def test_a_compile_cache_the_user_chose_is_shared_between_builds(tmp_path: Path) -> None:
    # Two scripts with the same model are two builds; the second compiles from the first's kernels.
    corpus = tmp_path / "corpus"
    for name in ("first.py", "second.py"):
        write_script(corpus, name, SCRIPTS["kwargs_tuple.py"])
    shared, cache = tmp_path / "inductor", tmp_path / "cache"
    done = run_benchit(
        "benchmark",
        corpus / "first.py",
        corpus / "second.py",
        "--cache-dir",
        cache,
        "--runtime",
        "torch-compile",
        "-j",
        "1",
        *FAST,
        env={"TORCHINDUCTOR_CACHE_DIR": str(shared), "TMPDIR": str(tmp_path)},
    )
    assert done.returncode == 0, done.stderr
    hits = report_df(cache).set_index("script")["info_compile_cache_hits"]
    assert hits[str(corpus / "first.py")] == 0 and hits[str(corpus / "second.py")] >= 1
    assert any(shared.iterdir())


DATA_DEPENDENT = """
import torch

class Branchy(torch.nn.Module):
    def forward(self, x):
        if x.sum() > 0:
            return x * 2
        return x - 1

Branchy()(torch.ones(2, 3))
"""


def test_an_export_that_fails_says_why_on_its_first_line(tmp_path: Path) -> None:
    script = write_script(tmp_path, "branchy.py", DATA_DEPENDENT)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--runtime", "torch,ort", "--cache-dir", cache, *FAST)
    assert done.returncode == 1
    ort = report_df(cache).set_index("runtime").loc["ort"]
    assert ort["status"] == "failed"
    # torch.onnx's message opens with advice; the cause, from its summary, comes first.
    assert ort["error"].startswith("ExportError: torch.onnx.export (dynamo, opset")
    assert "failed: TorchExportError: GuardOnDataDependentSymNode: Could not guard on data-dependent" in ort["error"]
    assert "data-dependent" in done.stdout.split("cpu/ort: failed:", 1)[1].splitlines()[0]
