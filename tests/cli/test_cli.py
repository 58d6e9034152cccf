"""The core pipeline end to end through the real ``benchit`` command: capture, benchmark, cache, report."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from helpers import FAST, REPO, report_df, result_file, run_benchit, write_script

from benchit.scan.labels import load_from_cache

REQUIRED = [
    "build_name",
    "script",
    "model_class",
    "invocation",
    "params",
    "input_shapes",
    "batch_size",
    "device",
    "runtime",
    "status",
    "error",
    "iterations",
    "latency_mean_ms",
    "latency_median_ms",
    "latency_min_ms",
    "latency_std_ms",
    "latency_p90_ms",
    "latency_p99_ms",
    "throughput_per_s",
    "script_status",
]

SCRIPTS = {
    "two_models.py": """
import torch
a = torch.nn.Linear(8, 4)
b = torch.nn.Conv1d(2, 3, 3)
a(torch.randn(1, 8))
b(torch.randn(1, 2, 10))
""",
    "five_calls.py": """
import torch
model = torch.nn.Linear(8, 4)
for _ in range(5):
    model(torch.randn(3, 8))
""",
    "two_shapes.py": """
import torch
model = torch.nn.Linear(8, 4)
model(torch.randn(1, 8))
model(torch.randn(6, 8))
""",
    "nested.py": """
import torch
class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(8, 8)
        self.b = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU())
    def forward(self, x):
        return self.b(self.a(x))
Block()(torch.randn(2, 8))
""",
    "kwargs_tuple_bf16.py": """
import torch
class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100, 16).to(torch.bfloat16)
    def forward(self, input_ids, attention_mask=None):
        h = self.embed(input_ids)
        return h, h.float().mean(dim=-1) * attention_mask
Model()(input_ids=torch.randint(100, (2, 7)), attention_mask=torch.ones(2, 7))
""",
    "fails_after.py": """
import torch
torch.nn.Linear(4, 2)(torch.randn(1, 4))
raise ValueError("broken after the model ran")
""",
    "no_models.py": """
print("nothing to see")
""",
    "with_args.py": """
import torch
from benchit.parser import parse
batch_size, width = parse(["batch_size", "width"])
torch.nn.Linear(width, 2)(torch.randn(batch_size, width))
""",
}


@pytest.fixture(scope="module")
def scan(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("scan")
    corpus = root / "corpus"
    for name, body in SCRIPTS.items():
        write_script(corpus, name, body, labels=f"name::{Path(name).stem} author::tests task::test")
    cache = root / "cache"
    done = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        corpus,
        "--cache-dir",
        cache,
        "--script-args",
        "--batch_size 4 --width 16",
        *FAST,
        cwd=root,
    )
    return {"root": root, "corpus": corpus, "cache": cache, "done": done, "df": report_df(cache)}


def _rows(df: pd.DataFrame, script: str) -> pd.DataFrame:
    return df[df["script"].str.endswith(f"/{script}")]


def test_scan_exit_code_is_nonzero_because_one_script_failed(scan: dict) -> None:
    assert scan["done"].returncode == 1, scan["done"].stderr
    assert "fails_after.py: failed" in scan["done"].stdout


def test_report_has_the_required_columns_then_labels(scan: dict) -> None:
    columns = list(scan["df"].columns)
    assert columns[: len(REQUIRED)] == REQUIRED
    assert {"label_author", "label_task", "label_name"} <= set(columns)


def test_two_models_give_two_builds(scan: dict) -> None:
    rows = _rows(scan["df"], "two_models.py")
    assert sorted(rows["model_class"]) == ["Conv1d", "Linear"]
    assert rows["build_name"].nunique() == 2
    assert set(rows["status"]) == {"ok"}


def test_five_calls_give_one_build_with_call_count_five(scan: dict) -> None:
    (row,) = _rows(scan["df"], "five_calls.py").to_dict("records")
    assert row["call_count"] == 5
    assert row["batch_size"] == 3


def test_two_shapes_give_two_builds(scan: dict) -> None:
    rows = _rows(scan["df"], "two_shapes.py")
    assert sorted(rows["input_shapes"]) == ["input: float32[1,8]", "input: float32[6,8]"]
    assert sorted(rows["batch_size"]) == [1, 6]


def test_nested_modules_give_only_the_outer_model(scan: dict) -> None:
    rows = _rows(scan["df"], "nested.py")
    assert list(rows["model_class"]) == ["Block"]
    assert list(rows["params"]) == [144]


def test_keyword_inputs_tuple_outputs_and_bf16_are_benchmarked(scan: dict) -> None:
    (row,) = _rows(scan["df"], "kwargs_tuple_bf16.py").to_dict("records")
    assert row["status"] == "ok"
    assert row["input_shapes"] == "input_ids: int64[2,7], attention_mask: float32[2,7]"
    assert row["iterations"] >= 8 and row["latency_median_ms"] > 0
    assert row["throughput_per_s"] == pytest.approx(2 * 1000 / row["latency_median_ms"])


def test_failure_after_the_model_call_keeps_the_benchmarked_build(scan: dict) -> None:
    (row,) = _rows(scan["df"], "fails_after.py").to_dict("records")
    assert row["status"] == "ok" and row["latency_median_ms"] > 0
    assert row["script_status"] == "failed"
    assert "ValueError: broken after the model ran" in row["script_error"]


def test_script_without_models_has_a_row(scan: dict) -> None:
    (row,) = _rows(scan["df"], "no_models.py").to_dict("records")
    assert row["script_status"] == "no_models" and row["status"] == "no_models"
    assert pd.isna(row["model_class"])


def test_script_args_reach_parse(scan: dict) -> None:
    (row,) = _rows(scan["df"], "with_args.py").to_dict("records")
    assert row["input_shapes"] == "input: float32[4,16]"


def test_statistics_are_consistent(scan: dict) -> None:
    ok = scan["df"][scan["df"]["status"] == "ok"]
    assert len(ok) == 9
    assert (ok["latency_min_ms"] <= ok["latency_median_ms"]).all()
    assert (ok["latency_median_ms"] <= ok["latency_p90_ms"]).all()
    assert (ok["latency_p90_ms"] <= ok["latency_p99_ms"]).all()
    assert (ok["latency_median_ci_low_ms"] <= ok["latency_median_ms"]).all()
    assert (ok["threads"] >= 1).all()
    assert set(ok["device"]) == {"cpu"} and set(ok["runtime"]) == {"torch"}


def test_cache_is_plain_json_and_labels_load_back(scan: dict) -> None:
    cache = scan["cache"]
    build = _rows(scan["df"], "five_calls.py")["build_name"].iloc[0]
    record = json.loads((cache / "builds" / build / "build.json").read_text())
    assert record["invocation"]["call_count"] == 5
    result = json.loads(result_file(cache / "builds" / build, "cpu-torch").read_text())
    assert result["status"] == "ok" and result["stats"]["iterations"] >= 8
    assert load_from_cache(cache, build) == {"name": ["five_calls"], "author": ["tests"], "task": ["test"]}
    assert not list(cache.rglob("*.pkl")) and not list(cache.rglob("*.pickle"))


def test_rerun_skips_complete_scripts(scan: dict) -> None:
    again = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        scan["corpus"],
        "--cache-dir",
        scan["cache"],
        "--script-args",
        "--batch_size 4 --width 16",
        *FAST,
        cwd=scan["root"],
    )
    assert again.stdout.count("[skip]") == len(SCRIPTS)
    assert "[1/" not in again.stdout


def test_analyze_only_and_file_hash(tmp_path: Path) -> None:
    script = write_script(tmp_path, "two.py", SCRIPTS["two_shapes.py"])
    cache = tmp_path / "cache"
    listed = run_benchit("benchmark", script, "--analyze-only", "--cache-dir", cache)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.count("model Linear") == 2
    df = report_df(cache)
    assert set(df["status"]) == {"not_run"} and len(df) == 2
    one = df[df["input_shapes"] == "input: float32[6,8]"]["invocation"].iloc[0]
    picked = run_benchit("benchmark", f"{script}::{one}", "--cache-dir", tmp_path / "c2", *FAST)
    assert picked.returncode == 0, picked.stderr
    df2 = report_df(tmp_path / "c2")
    assert list(df2["invocation"]) == [one] and list(df2["status"]) == ["ok"]


def test_calls_made_while_building_a_model_are_not_models(tmp_path: Path) -> None:
    """A module probing a submodule in its ``__init__``, and torchvision's SSDlite builder probing
    its backbone, make module calls before the script calls anything: only the script's calls count."""
    script = write_script(
        tmp_path,
        "built.py",
        """
import torch, torchvision
class Probing(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.Flatten())
        with torch.no_grad():
            width = self.features(torch.zeros(1, 3, 8, 8)).shape[1]
        self.head = torch.nn.Linear(width, 2)
    def forward(self, x):
        return self.head(self.features(x))
Probing()(torch.randn(5, 3, 8, 8))
ssd = torchvision.models.detection.ssdlite320_mobilenet_v3_large(weights=None, weights_backbone=None, num_classes=3)
ssd.eval()([torch.rand(3, 64, 64), torch.rand(3, 64, 64)])
""",
    )
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--analyze-only", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    df = report_df(cache).sort_values("model_class")
    assert list(df["model_class"]) == ["Probing", "SSD"]
    assert list(df["batch_size"]) == [5, 2]  # SSD takes a list of two images
    assert list(df["call_count"]) == [1, 1]


def test_label_filter_selects_scripts(tmp_path: Path) -> None:
    write_script(tmp_path / "c", "nlp.py", SCRIPTS["five_calls.py"], labels="author::google task::nlp")
    write_script(tmp_path / "c", "cv.py", SCRIPTS["five_calls.py"], labels="author::meta task::vision")
    done = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        tmp_path / "c",
        "--labels",
        "author::google",
        "task::nlp,audio",
        "--analyze-only",
        "--cache-dir",
        tmp_path / "cache",
    )
    assert done.returncode == 0, done.stderr
    assert "nlp.py" in done.stdout and "cv.py" not in done.stdout


def test_timeout(tmp_path: Path) -> None:
    script = write_script(
        tmp_path, "forever.py", "import torch, time\ntorch.nn.ReLU()(torch.ones(1))\ntime.sleep(600)\n"
    )
    done = run_benchit("benchmark", script, "--timeout", "3", "--cache-dir", tmp_path / "cache", *FAST)
    assert done.returncode == 1
    (row,) = report_df(tmp_path / "cache").to_dict("records")
    assert row["script_status"] == "timeout" and "--timeout 3" in row["script_error"]
    assert row["model_class"] == "ReLU"


def test_selftest_corpus(tmp_path: Path) -> None:
    done = run_benchit(
        "benchmark", "--all", "--search-dir", REPO / "models" / "selftest", "--cache-dir", tmp_path / "cache", *FAST
    )
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(tmp_path / "cache")
    assert set(df["status"]) == {"ok"} and set(df["script_status"]) == {"ok"}
    assert len(df) == 6
