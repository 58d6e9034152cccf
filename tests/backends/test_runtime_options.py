"""Runtime options are part of a result's identity: another setting is measured, kept beside the
first, shown in the report and compared with the defaults."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pandas as pd
import pytest
from helpers import REPO, report_df, run_benchit

from benchit import plugins
from benchit.naming import measurement_key, options_tag
from benchit.records import Result

LINEAR = REPO / "models" / "selftest" / "linear.py"


def _results(cache: Path) -> list[Result]:
    found = []
    for path in sorted(cache.glob("builds/*/results/*/*.json")):
        data = json.loads(path.read_text())
        data.pop("format", None)
        found.append(Result.from_dict(data))
    return found


def _scan(cache: Path, fast: list[str], *options: str) -> str:
    done = run_benchit("benchmark", LINEAR, "--cache-dir", cache, *fast, "--rounds", "2", *options)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_key_with_default_options_is_unchanged_and_others_get_a_stable_tag() -> None:
    assert measurement_key("cpu", "torch-compile") == "cpu-torch-compile"
    assert measurement_key("cpu", "ort", "bf16", options_tag({})) == "cpu-ort-bf16"
    tag = options_tag({"compile_backend": "aot_eager", "compile_mode": "max-autotune"})
    assert tag == options_tag({"compile_mode": "max-autotune", "compile_backend": "aot_eager"})  # order-free
    assert tag.startswith("-o") and len(tag) == 10
    assert tag != options_tag({"compile_backend": "aot_eager"})
    # An older result has no runtime_options: it reads as the defaults.
    old = Result.from_dict({"device": "cpu", "runtime": "ort", "status": "ok"})
    assert old.runtime_options == {} and old.measurement == "cpu-ort"


def test_the_worker_stamps_each_result_with_the_options_the_run_gives_its_runtime(tmp_path: Path) -> None:
    from benchit.config import Config
    from benchit.execute.worker import stamping
    from benchit.messages import Attempt, Message, ResultReady

    given = {"ort_provider": "CPUExecutionProvider"}
    sent: list[Message] = []
    send = stamping(Config(cache_dir=tmp_path, runtime_options={"ort": given}), sent.append)
    send(ResultReady("b", Result("cpu", "ort", "ok")))
    send(Attempt("b", Result("cpu", "torch", "failed")))  # the result a death during it would leave
    send(Attempt("b", None))
    results = [m.result for m in sent if isinstance(m, (ResultReady, Attempt))]
    assert [r.runtime_options if r else None for r in results] == [given, {}, None]
    assert results[0] is not None and results[0].measurement == "cpu-ort" + options_tag(given)


def test_only_declared_options_that_differ_from_their_default_count() -> None:
    registry = plugins.load()
    values = {"compile_mode": "default", "compile_backend": "aot_eager", "ort_provider": None, "opset": None}
    found = registry.runtime_options(["torch", "torch-compile", "ort"], values)
    assert found == {"torch-compile": {"compile_backend": "aot_eager"}}
    values = {"compile_mode": "max-autotune", "compile_backend": "inductor", "ort_provider": "CPUExecutionProvider"}
    found = registry.runtime_options(["torch", "torch-compile", "ort"], values)
    assert found == {"torch-compile": {"compile_mode": "max-autotune"}, "ort": {"ort_provider": "CPUExecutionProvider"}}


@pytest.mark.parametrize(
    ("runtime", "first", "second"),
    [
        ("torch-compile", ["--compile-backend", "aot_eager"], ["--compile-backend", "eager"]),
        pytest.param(  # the same rule as compile-backend's, for a second option: in the slow run
            "torch-compile",
            ["--compile-backend", "aot_eager"],
            ["--compile-backend", "aot_eager", "--compile-mode", "max-autotune-no-cudagraphs"],
            marks=pytest.mark.slow,
        ),
        ("ort", [], ["--ort-provider", "CPUExecutionProvider"]),
    ],
    ids=["compile-backend", "compile-mode", "ort-provider"],
)
def test_changing_an_option_measures_again_and_keeps_both(
    tmp_path: Path, fast: list[str], runtime: str, first: list[str], second: list[str]
) -> None:
    cache = tmp_path / "cache"
    _scan(cache, fast, "--runtime", runtime, *first)
    again = _scan(cache, fast, "--runtime", runtime, *first)
    assert "already complete in the cache" in again  # the same options: nothing to do
    rerun = _scan(cache, fast, "--runtime", runtime, *second)
    assert "already complete" not in rerun  # other options: measured, not skipped
    results = _results(cache)
    assert [r.status.value for r in results] == ["ok", "ok"]
    assert len({r.measurement for r in results}) == 2
    options = sorted(json.dumps(r.runtime_options, sort_keys=True) for r in results)
    expected = sorted(json.dumps(registry_options(runtime, args), sort_keys=True) for args in (first, second))
    assert options == expected
    df = report_df(cache)
    shown = sorted(df["runtime_options"].fillna("").astype(str))
    assert shown == sorted(
        ",".join(f"{k}={v}" for k, v in sorted(registry_options(runtime, a).items())) for a in (first, second)
    )


def registry_options(runtime: str, args: list[str]) -> dict[str, str]:
    """The non-default options ``args`` (``--compile-backend X`` ...) give ``runtime``."""
    given = {args[i].removeprefix("--").replace("-", "_"): args[i + 1] for i in range(0, len(args), 2)}
    found = plugins.load().runtime_options([runtime], given)
    return found.get(runtime, {})


def test_compare_by_runtime_options_inside_one_cache(tmp_path: Path, fast: list[str]) -> None:
    cache = tmp_path / "cache"
    _scan(cache, fast, "--runtime", "torch,torch-compile", "--compile-mode", "max-autotune-no-cudagraphs",
          "--compile-backend", "aot_eager")  # fmt: skip
    _scan(cache, fast, "--runtime", "torch,torch-compile", "--compile-backend", "aot_eager")
    # Both settings leave the default backend (inductor, slow to compile): one is the baseline.
    baseline = ["--baseline", "compile_backend=aot_eager"]
    done = run_benchit("compare", cache, "--by", "runtime-options", *baseline, "-o", tmp_path / "by.csv")
    assert done.returncode == 0, done.stderr
    assert "compile_backend=aot_eag" in done.stdout  # the baseline heads its column
    df = pd.read_csv(tmp_path / "by.csv")
    assert list(df["group"]) == ["torch-compile[compile_backend=aot_eager,compile_mode=max-autotune-no-cudagraphs]"]
    assert df.loc[0, "runtime"] == "torch-compile" and df.loc[0, "verdict"] != "only in base"
    assert df.loc[0, "base_median_ms"] > 0 and df.loc[0, "new_median_ms"] > 0
    # Every setting of a runtime is still compared with eager torch, by runtime and in the report.
    by_runtime = run_benchit("compare", cache, "--by", "runtime", "-o", tmp_path / "rt.csv")
    assert by_runtime.returncode == 0, by_runtime.stderr
    groups = sorted(pd.read_csv(tmp_path / "rt.csv")["group"])
    assert groups == [
        "torch-compile[compile_backend=aot_eager,compile_mode=max-autotune-no-cudagraphs]",
        "torch-compile[compile_backend=aot_eager]",
    ]
    table = run_benchit("report", "--cache-dir", cache, "--width", "300", cwd=tmp_path)
    assert "cpu/torch-compile[compile_backend=aot_eager,compile_mode=max-autotune-no-cudagraphs]" in table.stdout
    assert re.search(r"cpu/torch-compile\[compile_backend=aot_eager\]\s", table.stdout)  # a column per setting
    report = report_df(cache)
    compiled = report[report["runtime"] == "torch-compile"]
    assert len(compiled) == 2 and compiled["speedup_vs_eager"].notna().all()
    bad = run_benchit("compare", cache, "--by", "runtime-options", "--baseline", "compile_mode=fast")
    assert bad.returncode == 2 and "--baseline 'compile_mode=fast'" in bad.stderr


def test_each_library_a_runtime_names_has_a_version_column(tmp_path: Path, fast: list[str]) -> None:
    cache = tmp_path / "cache"
    _scan(cache, fast, "--runtime", "torch,ort")
    df = report_df(cache)
    ort = df[df["runtime"] == "ort"].iloc[0]
    import onnx
    import onnxruntime

    assert ort["onnxruntime_version"] == onnxruntime.__version__ and ort["onnx_version"] == onnx.__version__
    torch_row = df[df["runtime"] == "torch"].iloc[0]
    assert pd.isna(torch_row["onnxruntime_version"])  # eager torch names only torch
