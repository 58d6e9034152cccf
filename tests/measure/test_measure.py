"""What a measurement records, through the real ``benchit`` command: statistics, threads, machine,
memory, overhead; warm workers that preload what scripts import; measurements that never overlap."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, FAST_TIMING, report_df, run_benchit, write_script

from benchit.measure.environment import physical_cores
from benchit.records import Script
from benchit.scan.preload import preload_modules, script_imports

MLP = """
import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10)).eval()
with torch.no_grad():
    model(torch.randn(4, 64))
"""


def _results(cache: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted(cache.glob("builds/*/results/*/*.json"))]


def _bench(tmp_path: Path, *args: Any, timing: list[str] = FAST) -> Path:
    """A scan of ``args`` (given after the timing settings: a --threads of their own counts)."""
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--cache-dir", cache, *timing, *args, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    return cache


def test_a_result_records_sane_statistics_machine_and_memory(tmp_path: Path) -> None:
    script = write_script(tmp_path, "mlp.py", MLP)
    cache = _bench(tmp_path, script, "--threads", "1")
    [result] = _results(cache)
    assert result["status"] == "ok"
    s = result["stats"]
    assert s["iterations"] >= 8 or s["measure_time_s"] >= 0.3
    assert 0 < s["min_ms"] <= s["median_ms"] <= s["p90_ms"] <= s["p99_ms"] <= s["max_ms"]
    # The interval holds the median; with rounds that disagree, its across-rounds part (t x sd of the
    # rounds' medians / sqrt(n), docs/performance.md "Rounds") may reach past the samples' own range.
    assert s["median_ci_low_ms"] <= s["median_ms"] <= s["median_ci_high_ms"]
    assert s["min_ms"] <= s["mean_ms"] <= s["max_ms"]
    assert s["std_ms"] > 0 and 0 <= s["iqr_ms"] <= s["max_ms"] - s["min_ms"]
    assert s["cv"] == pytest.approx(s["std_ms"] / s["mean_ms"])
    half = max(s["median_ms"] - s["median_ci_low_ms"], s["median_ci_high_ms"] - s["median_ms"])
    assert s["noisy"] == (half > 0.02 * s["median_ms"])
    assert s["warmup_iterations"] >= 5 or not s["warmup_settled"]
    assert 0 < s["measure_time_s"] < 30

    env = result["environment"]
    assert env["threads"] == 1
    assert env["cpu_model"] and env["cpu_physical_cores"] >= 1 and env["cpu_capability"]
    assert {"torch", "numpy"} <= set(env["versions"]) and env["python"] and env["benchit"]
    assert env["timing"]["min_iterations"] == 8 and env["timing"]["max_time_s"] == 0.3
    assert len(env["load_average"]) == 3

    info = result["info"]
    assert 0 < info["overhead_ns"] < 1e6  # sanity; the 1 us goal is a benchmark, not a test
    assert info["overhead_fraction"] == pytest.approx(info["overhead_ns"] * 1e-6 / s["median_ms"])
    assert info["peak_rss_bytes"] > 50 * 2**20  # a worker with torch loaded
    assert 0 < info["worker_start_rss_bytes"] <= info["peak_rss_bytes"] * 1.5
    assert info["measure_start"] < info["measure_end"]
    assert isinstance(info["involuntary_context_switches"], int) and info["involuntary_context_switches"] >= 0
    assert 0 <= info["cpu_wait_fraction"] < 5

    row = report_df(cache).iloc[0]
    assert row["threads"] == 1
    assert row["latency_median_ms"] == pytest.approx(s["median_ms"])
    assert row["peak_rss_mb"] == pytest.approx(info["peak_rss_bytes"] / 2**20)
    assert row["overhead_ns"] == pytest.approx(info["overhead_ns"])
    assert bool(row["noisy"]) == s["noisy"] and bool(row["warmup_settled"]) == s["warmup_settled"]


def test_threads_apply_before_the_script_runs_and_during_measurement(tmp_path: Path) -> None:
    seen = tmp_path / "threads.txt"
    body = f"""
import torch
open({str(seen)!r}, "w").write(str(torch.get_num_threads()))
torch.set_num_threads(2)  # a script changing it must not change what is measured
model = torch.nn.Linear(8, 8)
model(torch.randn(2, 8))
"""
    cache = _bench(tmp_path, write_script(tmp_path, "threads.py", body), "--threads", "1")
    assert seen.read_text() == "1"
    assert _results(cache)[0]["environment"]["threads"] == 1


def test_scripts_run_side_by_side_share_the_threads_but_measure_with_all(tmp_path: Path) -> None:
    """With -j 2 --threads 2, each script runs with one thread (two scripts do not oversubscribe two
    cores); its measurement, which runs alone, uses both."""
    seen = tmp_path / "threads.txt"
    body = f"""
import torch
open({str(seen)!r}, "w").write(str(torch.get_num_threads()))
torch.nn.Linear(8, 8)(torch.randn(2, 8))
"""
    cache = _bench(tmp_path, write_script(tmp_path, "threads.py", body), "--threads", "2", "-j", "2")
    assert seen.read_text() == "1"
    assert _results(cache)[0]["environment"]["threads"] == 2


def test_threads_default_to_the_physical_cores(tmp_path: Path) -> None:
    cache = _bench(tmp_path, write_script(tmp_path, "mlp.py", MLP), timing=FAST_TIMING)  # no --threads
    assert _results(cache)[0]["environment"]["threads"] == physical_cores()


def test_parallel_jobs_never_overlap_a_measurement(tmp_path: Path) -> None:
    """With -j 2, no measurement overlaps another, nor another script's own work."""
    windows = tmp_path / "windows"
    windows.mkdir()
    scripts = []
    for i in range(3):
        body = f"""
import time, torch
start = time.time()
model = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.ReLU(), torch.nn.Linear(256, {10 + i}))
x = torch.randn(8, 256)
while time.time() - start < 0.5:  # the script's own work, long enough to collide without the lock
    model(x)
open({str(windows / f"{i}.txt")!r}, "w").write(f"{{start}} {{time.time()}}")
"""
        scripts.append(write_script(tmp_path, f"busy{i}.py", body))
    cache = _bench(tmp_path, *scripts, "-j", "2", "--max-time", "0.5", "--min-time", "0.3")
    measured = sorted((r["info"]["measure_start"], r["info"]["measure_end"]) for r in _results(cache))
    assert len(measured) == 3
    for (_, end), (start, _) in zip(measured, measured[1:], strict=False):
        assert end <= start, "two measurements overlapped"
    script_work = [tuple(map(float, (windows / f"{i}.txt").read_text().split())) for i in range(3)]
    for work_start, work_end in script_work:
        for start, end in measured:
            assert work_end <= start or end <= work_start, "a script ran while another was measured"


def test_script_imports_finds_modules_and_names() -> None:
    source = """
import torch
import torchvision.models as tvm
from transformers import BertConfig, BertModel as Bert
from torch_geometric.nn.models import GIN
import diffusers
model = diffusers.UNet2DModel()
from . import local
"""
    found = script_imports(source)
    assert {"torch", "torchvision.models", "transformers", "transformers:BertConfig", "transformers:BertModel"} <= set(
        found
    )
    assert {"torch_geometric.nn.models:GIN", "diffusers:UNet2DModel"} <= set(found)
    assert not any("local" in name for name in found)
    assert "transformers:X" in script_imports("from transformers import (X,\n  Y)\nthis is not python")


def test_preload_covers_heavy_libraries_and_what_scripts_take_from_them(tmp_path: Path) -> None:
    a = write_script(tmp_path, "a.py", "from transformers import BertConfig, BertModel\nimport torch\n")
    b = write_script(tmp_path, "b.py", "import torchvision\nimport numpy\nm = torchvision.models.resnet18()\n")
    modules = preload_modules([Script(a, {}), Script(b, {})], ["plugin_module"])
    assert modules[:3] == ["torchvision", "transformers", "transformers.modeling_utils"]
    assert {"transformers:BertModel", "transformers:BertConfig", "torchvision:models"} <= set(modules)
    assert "numpy" not in modules and "torch" not in modules  # torch is always imported; numpy is light
    assert modules[-1] == "plugin_module"


def test_the_warm_worker_has_the_scripts_model_code_loaded(tmp_path: Path) -> None:
    """transformers imports a model's code lazily; the warm worker must have looked it up already."""
    seen = tmp_path / "seen.txt"
    body = f"""
import sys
open({str(seen)!r}, "w").write(str("transformers.models.bert.modeling_bert" in sys.modules))
from transformers import BertConfig, BertModel
"""
    _bench(tmp_path, write_script(tmp_path, "bert.py", body), "--analyze-only")
    assert seen.read_text() == "True"


def test_an_unchanged_rerun_runs_no_script(tmp_path: Path) -> None:
    marker = tmp_path / "runs.txt"
    body = MLP + f"\nopen({str(marker)!r}, 'a').write('ran\\n')\n"
    script = write_script(tmp_path, "once.py", body)
    cache = _bench(tmp_path, script)
    first = _results(cache)
    second = run_benchit("benchmark", script, "--cache-dir", cache, *FAST, cwd=tmp_path)
    assert second.returncode == 0
    assert "complete in the cache" in second.stdout
    assert marker.read_text() == "ran\n"
    assert _results(cache) == first
