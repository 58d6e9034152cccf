"""Plugins: built-ins on the same hooks, entry points, local plugin folders, conflicts, failures, docs."""

from __future__ import annotations

import importlib.metadata
import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import FAST, REPO, local_plugin, report_df, run_benchit, write_script
from samples import OFF_BY

from benchit import hookspecs, plugins

QUANTIZE = REPO / "plugins" / "benchit-quantize"

# A one-file local plugin: a runtime that is fast but wrong by an offset (an option), and a
# device whose backend is faked, so that its GPU code path runs on the host.

MLP = """
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).eval()
model(torch.randn(4, 32))
"""
LSTM = """
import torch

torch.manual_seed(0)
model = torch.nn.LSTM(16, 32, batch_first=True).eval()
model(torch.randn(2, 10, 16))
"""
CONV = """
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.ReLU()).eval()
model(torch.randn(1, 3, 16, 16))
"""


@pytest.fixture(scope="session")
def quantize_installed() -> importlib.metadata.Distribution:
    """The example plugin, installed editable from this repository (no network) if it is not yet."""
    try:
        return importlib.metadata.distribution("benchit-quantize")
    except importlib.metadata.PackageNotFoundError:
        pass
    command = [sys.executable, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps", "-e", str(QUANTIZE)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    importlib.invalidate_caches()
    return importlib.metadata.distribution("benchit-quantize")


# -- built-ins and the entry point ---------------------------------------------------------------


def test_builtins_register_through_the_same_hooks() -> None:
    registry = plugins.load()
    assert registry.runtimes["torch"][1] == "benchit.backends.runtimes.torch"
    assert registry.runtimes["torch-compile"][1] == "benchit.backends.runtimes.compile"
    assert registry.runtimes["ort"][1] == "benchit.backends.runtimes.onnxruntime"
    assert {name for name, (_, plugin) in registry.devices.items() if plugin == "benchit.backends.devices"} == {
        "cpu",
        "cuda",
        "rocm",
        "xpu",
    }
    # Their options come from benchit_addoption, like a third party's.
    options = [impl.plugin_name for impl in registry.manager.hook.benchit_addoption.get_hookimpls()]
    assert {"benchit.backends.runtimes.compile", "benchit.backends.runtimes.onnxruntime"} <= set(options)


def test_runtimes_preload_their_heavy_imports_only_when_asked_for() -> None:
    registry = plugins.load()
    wanted = registry.preload(["torch-compile", "ort"])
    assert {"torch._inductor.compile_fx", "onnxruntime", "torch.onnx._internal.exporter._core", "torch.export._trace"} <= set(wanted)
    assert registry.preload(["torch"]) == []


# A plugin whose implementations take fewer arguments than their hooks declare, as hooks promise.
FEWER = """
import benchit


class Fewer(benchit.Runtime):
    name = "fewer"


@benchit.hookimpl
def benchit_preload():
    return ["json"]


@benchit.hookimpl
def benchit_runtimes():
    return [Fewer]
"""


def test_an_implementation_may_take_fewer_arguments_than_its_hook(tmp_path: Path) -> None:
    registry = plugins.load([str(local_plugin(tmp_path, "fewer", FEWER))])
    assert registry.preload(["torch"]) == ["json"]
    assert registry.runtimes["fewer"][1] == "fewer"
    assert not registry.failures


def test_a_misspelt_hook_fails_naming_the_plugin(tmp_path: Path) -> None:
    body = FEWER.replace("def benchit_runtimes", "def benchit_runtimez")
    folder = local_plugin(tmp_path, "typo", body)
    done = run_benchit("plugins", "--plugins-dir", folder)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        "benchit: error: plugin typo implements 'benchit_runtimez', which is no benchit hook "
        "(the hooks are listed in docs/plugins.md)"
    ]


def test_the_example_plugin_is_found_through_its_entry_point(quantize_installed: Any) -> None:
    points = {ep.name: ep for ep in importlib.metadata.entry_points(group="benchit")}
    assert points["quantize"].value == "benchit_quantize"
    registry = plugins.load()
    assert registry.runtimes["torch-int8"][1] == "quantize"
    info = next(p for p in registry.plugins if p.name == "quantize")
    assert (info.version, info.source, info.error) == ("0.1.0", "entry point of benchit-quantize", None)


def test_benchit_plugins_lists_versions_runtimes_devices_and_availability(quantize_installed: Any) -> None:
    done = run_benchit("plugins")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for line in (
        "benchit.backends.runtimes.onnxruntime 0.1.0 (builtin)",
        "runtime ort: ONNX Runtime",
        "runtime torch-compile: torch.compile",
        "quantize 0.1.0 (entry point of benchit-quantize)",
        "runtime torch-int8: dynamic int8",
        "device cpu: the host CPU: available",
        "device cuda: NVIDIA GPU through a CUDA build of PyTorch: unavailable (",
    ):
        assert line in out, out
    int8 = out.split("runtime torch-int8")[1]
    assert "cpu: available" in int8.splitlines()[1]


# -- the example plugin through the real CLI -------------------------------------------------------


def test_the_example_plugin_benchmarks_with_parity(tmp_path: Path, quantize_installed: Any) -> None:
    for name, body in (("mlp.py", MLP), ("lstm.py", LSTM), ("conv.py", CONV)):
        write_script(tmp_path / "corpus", name, body)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        tmp_path / "corpus",
        "--cache-dir",
        cache,
        "--runtime",
        "torch,torch-int8",
        "--rtol",
        "0.1",
        "--atol",
        "0.05",
        *FAST,
    )
    df = report_df(cache)
    df["name"] = df["script"].str.rsplit("/", n=1).str[-1]
    int8 = df[df["runtime"] == "torch-int8"].set_index("name")
    for name, layers in (("mlp.py", 2), ("lstm.py", 1)):
        row = int8.loc[name]
        assert row["status"] == "ok", (name, row["error"], done.stdout)
        assert row["info_quantized_layers"] == layers
        assert row["parity_passed"] == True  # noqa: E712 - within the loose tolerance given
        assert 0 < row["parity_max_abs_diff"] < 0.05
        assert row["info_int8_model_bytes"] < row["info_float_model_bytes"]
        assert row["info_quantize_s"] > 0
    assert int8.loc["conv.py", "status"] == "unavailable"  # nothing broke; int8 does not apply
    assert "nothing to quantise" in int8.loc["conv.py", "error"]
    assert set(df[df["runtime"] == "torch"]["status"]) == {"ok"}


def test_plugin_options_reach_the_runtime(tmp_path: Path, quantize_installed: Any) -> None:
    script = write_script(tmp_path, "mlp.py", MLP)
    cache = tmp_path / "cache"
    run_benchit("benchmark", script, "--cache-dir", cache, "--runtime", "torch-int8", "--int8-layers", "lstm", *FAST)
    row = report_df(cache).iloc[0]
    assert row["status"] == "unavailable"
    assert "no LSTM layers" in row["error"]


# -- local plugin folders ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def off_by_scan(tmp_path_factory: pytest.TempPathFactory) -> tuple[pd.DataFrame, Path]:
    root = tmp_path_factory.mktemp("local")
    folder = local_plugin(root / "plugins", "offby", OFF_BY)
    script = write_script(root, "mlp.py", MLP)
    cache = root / "cache"
    done = run_benchit(
        "benchmark",
        script,
        "--plugins-dir",
        folder,
        "--cache-dir",
        cache,
        "--runtime",
        "torch,off-by",
        "--device",
        "cpu,fake-accel",
        "--off-by-offset",
        "0.5",
        *FAST,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return report_df(cache), cache


def test_a_wrong_runtime_is_visible_in_the_report(off_by_scan: Any) -> None:
    df, cache = off_by_scan
    wrong = df[(df["runtime"] == "off-by") & (df["device"] == "cpu")].iloc[0]
    assert wrong["status"] == "ok"
    assert wrong["parity_passed"] == False  # noqa: E712 - a CSV cell
    assert wrong["parity_max_abs_diff"] == pytest.approx(0.5)
    assert wrong["info_offset"] == 0.5  # the plugin's own option, through benchit_addoption
    summary = run_benchit("report", "--cache-dir", cache, "-o", cache.parent / "again.csv").stdout
    assert "parity: 2 results whose outputs disagree with eager torch" in summary


def test_a_plugin_device_runs_its_accelerator_path(off_by_scan: Any) -> None:
    df, _ = off_by_scan
    fake = df[df["device"] == "fake-accel"].set_index("runtime")
    assert set(fake["status"]) == {"ok"}
    assert set(fake["device_name"]) == {"Fake Accelerator"}
    assert set(fake["peak_device_memory_mb"]) == {5.0}
    assert set(fake["peak_device_reserved_mb"]) == {6.0}
    assert "info_peak_memory_reserved_bytes" not in fake.columns


def test_a_tolerance_wide_enough_passes_the_same_runtime(tmp_path: Path) -> None:
    folder = local_plugin(tmp_path / "plugins", "offby", OFF_BY)
    script = write_script(tmp_path, "mlp.py", MLP)
    cache = tmp_path / "cache"
    args = ("--plugins-dir", folder, "--cache-dir", cache, "--runtime", "off-by", "--off-by-offset", "0.5")
    run_benchit("benchmark", script, *args, "--atol", "0.6", *FAST)
    row = report_df(cache).iloc[0]
    assert row["parity_passed"] == True  # noqa: E712
    assert row["parity_max_abs_diff"] == pytest.approx(0.5)


def test_benchit_plugins_lists_a_local_plugin(tmp_path: Path) -> None:
    folder = local_plugin(tmp_path, "offby", OFF_BY)
    done = run_benchit("plugins", "--plugins-dir", folder)
    assert done.returncode == 0, done.stderr
    assert f"offby 2.5 ({folder / 'offby.py'})" in done.stdout
    assert "runtime off-by: eager torch plus a constant" in done.stdout
    assert "device fake-accel: an accelerator whose backend is a fake: available" in done.stdout
    assert "cpu, fake-accel: available" in done.stdout


def test_two_plugins_with_one_runtime_name_is_an_error_naming_both(tmp_path: Path) -> None:
    body = OFF_BY.replace('name = "off-by"', 'name = "ort"').replace("def benchit_devices", "def _unused")
    folder = local_plugin(tmp_path, "dupe", body)
    done = run_benchit("plugins", "--plugins-dir", folder)
    assert done.returncode == 2
    assert "'ort' is provided by two plugins: benchit.backends.runtimes.onnxruntime and dupe" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_plugin_that_fails_to_import_is_named_not_a_traceback(tmp_path: Path) -> None:
    folder = local_plugin(tmp_path / "plugins", "broken", "import benchit\nimport a_module_that_is_not_there\n")
    done = run_benchit("plugins", "--plugins-dir", folder)
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    warnings = [line for line in done.stderr.splitlines() if line]
    assert warnings == [
        "benchit: warning: plugin broken failed to load: ModuleNotFoundError: No module named 'a_module_that_is_not_there'"
    ]
    assert "FAILED to load" in done.stdout
    # The rest still works: a scan with the broken folder measures torch.
    script = write_script(tmp_path, "mlp.py", MLP)
    cache = tmp_path / "cache"
    scan = run_benchit("benchmark", script, "--plugins-dir", folder, "--cache-dir", cache, *FAST)
    assert scan.returncode == 0, scan.stdout + scan.stderr
    assert list(report_df(cache)["status"]) == ["ok"]


# -- every hook is documented ---------------------------------------------------------------------


def hooks() -> list[Any]:
    return [f for name, f in inspect.getmembers(hookspecs, inspect.isfunction) if name.startswith("benchit_")]


@pytest.mark.parametrize("hook", hooks(), ids=lambda f: f.__name__)
def test_every_hook_is_documented_with_its_signature(hook: Any) -> None:
    docs = (REPO / "docs" / "plugins.md").read_text()
    assert f"## {hook.__name__}" in docs
    signature = str(inspect.signature(hook)).replace("'", "")  # annotations are strings here
    assert f"def {hook.__name__}{signature}" in docs


# A runtime per broken call of the contract; each must fail its own pair only.
BROKEN = """
import benchit


class CheckCrashes(benchit.Runtime):
    name = "check-crashes"
    def check(self, device):
        raise ZeroDivisionError("check went wrong")
    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))


class VersionsCrash(CheckCrashes):
    name = "versions-crash"
    def check(self, device):
        pass
    def versions(self):
        raise KeyError("no version")


class Gone(CheckCrashes):
    name = "gone"
    def check(self, device):
        raise benchit.Unavailable("not on this machine")


@benchit.hookimpl
def benchit_runtimes():
    return [CheckCrashes, VersionsCrash, Gone]
"""


def test_a_plugin_whose_check_or_versions_raises_fails_only_its_own_pair(tmp_path: Path) -> None:
    folder = local_plugin(tmp_path / "plugins", "broken_calls", BROKEN)
    script = write_script(tmp_path, "mlp.py", MLP)
    cache = tmp_path / "cache"
    runtimes = "torch,check-crashes,versions-crash,gone"
    env = {"TMPDIR": str(tmp_path)}  # a private host lock: no wait for other scans measuring
    done = run_benchit(
        "benchmark", script, "--plugins-dir", folder, "--runtime", runtimes, "--cache-dir", cache, *FAST, env=env
    )
    assert done.returncode == 1, done.stdout + done.stderr  # two failed results
    assert "internal error" not in done.stdout + done.stderr and "InternalError" not in done.stdout
    # The script ran, but it is not `ok` in its line: two of its results failed.
    assert "mlp.py: 2 of 4 results failed (1 model, " in done.stdout and "mlp.py: ok" not in done.stdout, done.stdout
    df = report_df(cache).set_index("runtime")
    assert (df.loc["torch", "status"], df.loc["torch", "script_status"]) == ("ok", "ok")
    assert df.loc["check-crashes", "status"] == "failed"
    assert (
        df.loc["check-crashes", "error"] == "runtime check-crashes: check() raised ZeroDivisionError: check went wrong"
    )
    assert df.loc["versions-crash", "status"] == "failed"
    assert df.loc["versions-crash", "error"] == "runtime versions-crash: versions() raised KeyError: 'no version'"
    assert (df.loc["gone", "status"], df.loc["gone", "error"]) == ("unavailable", "not on this machine")
