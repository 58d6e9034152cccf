"""``benchit report`` end to end: the readable table, every format, reporter plugins, bad input."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from helpers import DATA, FAST, REPO, rewrite_results, run_benchit, run_benchit_subprocess, with_rounds, write_script

from benchit.records import Result
from benchit.report.units import digits

TINY = '''"""A linear layer (test model)."""
import torch
torch.nn.Linear(32, 16).eval()(torch.randn(4, 32))
'''
BROKEN = '''"""Fails before any model runs (test script)."""
raise RuntimeError("no weights \\x1b[31mhere")
'''
TXT_REPORTER = """
from pathlib import Path
import benchit
from benchit.api import Reporter


class CountReporter(Reporter):
    name = "count"
    suffix = ".txt"
    description = "how many results (a third party's format)"

    def write(self, report, path: Path) -> None:
        ok = report.results()
        path.write_text(f"{len(ok[ok['status'] == 'ok'])} ok of {len(report.frame)} from {report.sources[0]}\\n")


@benchit.hookimpl
def benchit_reporters():
    return [CountReporter]
"""


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("report")
    corpus = tmp / "corpus"
    write_script(corpus, "tiny.py", TINY)
    write_script(corpus, "deep/broken.py", BROKEN)
    cache = tmp / "cache"
    # One round: the speed-ups below are plain ratios of medians (paired rounds are tested apart).
    fast = [*FAST, "--rounds", "1"]
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort", *fast
    )
    assert done.returncode == 1, done.stdout + done.stderr  # broken.py failed
    rewrite_results(cache, _quiet)  # these tests check the table, not what a busy test machine flagged
    return cache


def _quiet(result: Result, path: Path) -> Result:
    return dataclasses.replace(result, contended=False) if result.contended else result


def test_report_prints_a_readable_table_then_writes_the_files(scanned: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", scanned, "--format", "csv,md,json", "-o", out, "--width", "100")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    # Once, above the table: what this machine's runs can resolve (the tests' session floor).
    assert lines[0].startswith("This machine's run-to-run noise floor: ±0.0% at ")
    lines = lines[next(i for i, line in enumerate(lines) if line.startswith("model ")) :]  # the floor may wrap
    assert lines[0].split() == ["model", "params", "inputs", "cpu/torch", "cpu/ort"]
    tiny = next(line for line in lines if line.startswith("tiny Linear"))
    assert tiny.split()[2:5] == ["528", "input:", "float32[4,32]"]
    # One round (--rounds 1): no interval, and the cell says why; then ort's speed-up
    assert len(re.findall(r"\d (?:ns|µs|ms|s) few rounds", tiny)) == 2 and tiny.rstrip("~!").endswith("x")
    assert "e+" not in tiny and "e-" not in tiny and " -" not in tiny
    assert "failures (1):" in lines
    reason = lines[lines.index("failures (1):") + 1]
    assert "failed: RuntimeError: no weights \\x1b[31mhere" in reason  # the escape is shown, not obeyed
    assert "\x1b" not in done.stdout
    assert lines[lines.index("failures (1):") + 2].strip() == "deep/broken.py"  # relative to --search-dir
    assert all(len(line) <= 100 for line in lines)
    assert [line for line in lines if line.startswith("wrote")] == [f"wrote {out} (csv)", f"wrote {out.with_suffix('.md')} (md)",
                                                                  f"wrote {out.with_suffix('.json')} (json)"]  # fmt: skip
    df = pd.read_csv(out)
    assert "samples_ms" not in df.columns
    row = df[(df["runtime"] == "ort")].iloc[0]
    assert row["relative_path"] == "tiny.py" and row["machine"] == os.uname().nodename
    torch_median = df[df["runtime"] == "torch"].iloc[0]["latency_median_ms"]
    assert row["speedup_vs_eager"] == pytest.approx(torch_median / row["latency_median_ms"])
    assert set(df["relative_path"]) == {"tiny.py", "deep/broken.py"}
    md = out.with_suffix(".md").read_text()
    assert "| tiny Linear | 528 | input: float32[4,32] |" in md
    data = json.loads(out.with_suffix(".json").read_text())
    samples = [r["samples_ms"] for r in data["rows"] if r["status"] == "ok"]
    assert len(samples) == 2 and all(8 <= len(s) <= 2000 and s == sorted(s) for s in samples)


def test_a_narrow_terminal_splits_the_table(scanned: Path, tmp_path: Path) -> None:
    done = run_benchit("report", "--cache-dir", scanned, "-o", tmp_path / "r.csv", "--width", "60")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    headers = [line.split()[3:] for line in lines if line.startswith("model ")]
    assert headers == [["cpu/torch"], ["cpu/ort"]]
    table = lines[: next(i for i, line in enumerate(lines) if line.startswith("scripts: "))]
    assert all(len(line) <= 60 for line in table), table  # the table, legend and failures; not file paths


def test_a_third_party_reporter_from_plugins_dir(scanned: Path, tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "count_reporter.py").write_text(TXT_REPORTER)
    done = run_benchit(
        "report", "--cache-dir", scanned, "--plugins-dir", plugins, "--format", "count", "-o", tmp_path / "n.txt"
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "n.txt").read_text() == f"2 ok of 3 from {scanned}\n"
    # The output's suffix picks the format when --format is not given.
    done = run_benchit("report", "--cache-dir", scanned, "--plugins-dir", plugins, "-o", tmp_path / "m.txt")
    assert done.returncode == 0 and (tmp_path / "m.txt").read_text().startswith("2 ok of 3")


def test_bad_input_is_one_line_and_exit_2(scanned: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "benchit-cache.json").write_text('{"format": 1, "tool": "benchit"}')
    blocker = tmp_path / "noplotly"
    (blocker / "plotly").mkdir(parents=True)
    (blocker / "plotly" / "__init__.py").write_text("raise ImportError('no plotly here')\n")
    no_plotly = {"PYTHONPATH": os.pathsep.join([str(blocker), os.environ.get("PYTHONPATH", str(REPO))])}
    cases = [
        (["report", "--cache-dir", tmp_path / "nope"], {}, "no such directory"),
        (["report", "--cache-dir", empty], {}, f"--cache-dir {empty} holds no results yet"),
        (["report", "--cache-dir", scanned, "--format", "xlsx"], {}, "unknown --format 'xlsx'; choose from csv, html, json, md"),
        (["report", "--cache-dir", scanned, "--format", "html"], no_plotly, "--format html: needs plotly: pip install 'benchit-zoo[html]'"),
    ]  # fmt: skip
    for args, env, message in cases:
        # The case without plotly needs a fresh process: this one may have imported plotly already.
        run = run_benchit_subprocess if env else run_benchit
        done = run(*args, env=env, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.strip() == f"benchit: error: {message}" or (
            len(done.stderr.strip().splitlines()) == 1 and message in done.stderr
        ), done.stderr
    assert not list(tmp_path.glob("benchit-report-*"))  # nothing written


def test_readme_first_command_ends_with_the_table() -> None:
    readme = (REPO / "README.md").read_text()
    first = next(
        line for line in readme.splitlines() if line.startswith("python3 -m venv") and "benchit report" in line
    )
    assert first.rstrip().endswith("benchit report --cache-dir benchit-cache --output report.csv")
    assert "cat report.csv" not in first


def test_results_of_two_machines_get_a_table_each() -> None:
    from benchit.report import table
    from benchit.report.frame import from_rows
    from benchit.report.reporter import ReportData

    def row(machine: str, runtime: str, median: float) -> dict:
        return {"relative_path": "m.py", "invocation": "abcd1234", "model_class": "Net", "params": 1000,
                "input_shapes": "x: float32[1,8]", "device": "cpu", "runtime": runtime, "status": "ok",
                "machine": machine, "latency_median_ms": median, "latency_median_ci_low_ms": median * 0.99,
                "latency_median_ci_high_ms": median * 1.01, "script_status": "ok"}  # fmt: skip

    df = from_rows([row("alpha", "torch", 2.0), row("alpha", "ort", 1.0), row("beta", "torch", 4.0)])
    lines = table.report_lines(ReportData(frame=df, sources=("x",)), 100)
    assert lines[1] == "machine alpha:" and "machine beta:" in lines
    alpha = lines[lines.index("machine alpha:") + 3]
    # speed-up on its own machine; the interval 0.99-1.01 of the median as a factor
    assert alpha.split()[:2] == ["m", "Net"] and alpha.endswith("1.00 ms ×/÷1.010 2.00x")
    beta = lines[lines.index("machine beta:") + 3]
    assert beta.endswith("4.00 ms ×/÷1.010")


# A local plugin whose reference runtime is not called torch: ``eager = True`` makes it the baseline.
EAGER_PLUGIN = """
import benchit


class Reference(benchit.Runtime):
    name = "reference"
    description = "a plugin's eager reference"
    eager = True

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))


class Other(benchit.Runtime):
    name = "other"
    description = "the same model, not eager"

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))


@benchit.hookimpl
def benchit_runtimes():
    return [Reference, Other]
"""


def test_a_plugin_eager_runtime_is_the_baseline(tmp_path: Path) -> None:
    plugins = tmp_path / "plugins"
    plugins.mkdir()
    (plugins / "eager_plugin.py").write_text(EAGER_PLUGIN)
    script = write_script(tmp_path / "corpus", "tiny.py", TINY)
    cache = tmp_path / "cache"
    fast = [*FAST, "--rounds", "1"]
    done = run_benchit(
        "benchmark", script, "--plugins-dir", plugins, "--runtime", "other,reference", "--cache-dir", cache, *fast
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rewrite_results(cache, _quiet)
    # The report reads the flag from the results: the plugin need not be loaded (nor installed).
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", cache, "-o", out, "--width", "120")
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if not line.startswith(("This machine's", "  "))]
    assert lines[0].split() == ["model", "params", "inputs", "cpu/reference", "cpu/other"]  # the baseline first
    tiny = next(line for line in lines if line.startswith("tiny Linear"))
    assert tiny.rstrip("~!").endswith("x") and len(re.findall(r"\d\.?\d*x", tiny)) == 1  # only other's speed-up
    assert "Nx: speed-up over eager reference on the same device" in done.stdout
    df = pd.read_csv(out).set_index("runtime")
    assert df.loc["reference", "eager"] == True and df.loc["other", "eager"] == False  # noqa: E712
    expected = df.loc["reference", "latency_median_ms"] / df.loc["other", "latency_median_ms"]
    assert df.loc["other", "speedup_vs_eager"] == pytest.approx(expected)
    assert df.loc["reference", "speedup_vs_eager"] == pytest.approx(1.0)
    done = run_benchit("compare", cache, "--by", "runtime", "-o", tmp_path / "by.csv")
    assert done.returncode == 0, done.stderr
    by = pd.read_csv(tmp_path / "by.csv")
    assert list(by["group"]) == ["other"]  # against reference, by default
    assert by.loc[0, "base_median_ms"] == pytest.approx(df.loc["reference", "latency_median_ms"])


def test_a_cache_written_before_results_said_eager_has_torch_as_its_baseline(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", DATA / "cache-format1", "-o", out)
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(out)
    assert set(df.loc[df["eager"] == True, "runtime"]) == {"torch"}  # noqa: E712
    torch = df[df["runtime"] == "torch"].set_index("build_name")["latency_median_ms"]
    ort = df[df["runtime"] == "ort"].set_index("build_name")
    assert len(ort) == 6 and list(ort["speedup_vs_eager"]) == pytest.approx(
        list(torch[ort.index] / ort["latency_median_ms"])
    )
    assert "Nx: speed-up over eager torch on the same device" in done.stdout


THREE = {
    "a.py": "torch.nn.Linear(32, 16).eval()(torch.randn(4, 32))",
    "b.py": "torch.nn.Sequential(torch.nn.Linear(16, 16), torch.nn.ReLU()).eval()(torch.randn(2, 16))",
    "c.py": "torch.nn.Linear(8, 8).eval()(torch.randn(1, 8))",
}
BUSY = {"cpu_wait_fraction": 0.61, "steal_fraction": 0.02, "runnable_others": 2.0, "cpu_pressure": 0.4,
        "blocks_discarded": 3, "quiet_wait_s": 12.5}  # fmt: skip


def test_busy_results_are_marked_and_left_out_of_the_geometric_mean(tmp_path: Path, fast: list[str]) -> None:
    """Three models with torch and ort; b's ort result is edited to be contended and a's rounds are
    set: paired-round speed-up with its CI, n/c and busy in the table, the geometric mean of 2 of 3."""
    corpus = tmp_path / "corpus"
    for name, line in THREE.items():
        write_script(corpus, name, f'"""test model"""\nimport torch\n{line}\n')
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort", *fast, "--rounds", "1")  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    eager_rounds, ort_rounds = [2.0, 2.4, 1.8, 2.1, 1.9], [1.0, 1.1, 1.0, 0.95, 1.0]

    def edit(result: Result, path: Path) -> Result:
        build = path.parts[-4]
        if build.startswith("a-"):
            info = {k: v for k, v in result.info.items() if k != "contended_reason"}
            result = dataclasses.replace(result, contended=False, info=info)  # whatever a busy test machine flagged
            return with_rounds(result, eager_rounds if result.runtime == "torch" else ort_rounds)
        info = {k: v for k, v in result.info.items() if k != "contended_reason"}  # what a busy machine said
        if build.startswith("b-") and result.runtime == "ort":  # no contended_reason: built from the evidence
            return dataclasses.replace(result, contended=True, info={**info, **BUSY})
        return dataclasses.replace(result, contended=False, info=info)  # whatever a busy test machine flagged

    assert rewrite_results(cache, edit) == 6  # every result: the flags are set or cleared
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", cache, "--format", "csv,md,json", "-o", out, "--width", "200")
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(out).set_index(["relative_path", "runtime"])
    a, b = df.loc[("a.py", "ort")], df.loc[("b.py", "ort")]
    # a: the geometric mean of round i of eager over round i of ort, with a t-interval of their logs
    logs = np.log(np.array(eager_rounds) / np.array(ort_rounds))
    half = 2.7764451051977987 * logs.std(ddof=1) / math.sqrt(5)  # t(0.975, 4 df)
    assert a["speedup_vs_eager"] == pytest.approx(math.exp(logs.mean()))
    assert a["speedup_vs_eager_ci_low"] == pytest.approx(math.exp(logs.mean() - half))
    assert a["speedup_vs_eager_ci_high"] == pytest.approx(math.exp(logs.mean() + half))
    assert a["rounds"] == 5 and a["contended"] == False and a["speedup_comparable"] == True  # noqa: E712
    # b: contended, with its evidence in columns and a reason built from it
    assert b["contended"] == True and b["speedup_comparable"] == False  # noqa: E712
    assert b["contended_reason"] == "busy: 61% CPU wait, 2% steal, 40% CPU pressure, 2.0 other runnable tasks"
    assert (b["cpu_wait_fraction"], b["blocks_discarded"], b["quiet_wait_s"]) == (0.61, 3, 12.5)
    assert "info_cpu_wait_fraction" not in df.columns and "info_prepare_s" not in df.columns
    assert pd.isna(b["speedup_vs_eager_ci_low"]) and b["rounds"] == 1  # one round: the ratio of medians
    c_speedup = df.loc[("c.py", "ort"), "speedup_vs_eager"]
    lines = done.stdout.splitlines()
    row_b = next(line for line in lines if line.startswith("b Sequential"))
    assert row_b.rstrip().endswith("n/c busy"), row_b
    assert next(line for line in lines if line.startswith("a Linear")).rstrip().endswith("x")
    assert "busy: measured on a busy machine (contended); n/c: speed-up not comparable (it or eager was busy)" in lines
    expected = math.sqrt(a["speedup_vs_eager"] * c_speedup)
    assert f"  cpu/ort: {digits(expected)}x (of 2; 1 left out: 1 busy)" in lines  # three digits, no exponent
    assert "busy: 1 results measured on a busy machine (contended): not comparable" in lines
    md = out.with_suffix(".md").read_text()
    assert "| contended |" in md and "| busy: 61% CPU wait, 2% steal" in md and "| cpu/ort | " in md
    assert "| cpu/ort | " in md and "| of 2; 1 left out: 1 busy |" in md
    rows = json.loads(out.with_suffix(".json").read_text())["rows"]
    assert [r["rounds_ms"] for r in rows if r["relative_path"] == "a.py" and r["runtime"] == "ort"] == [ort_rounds]
    assert sum(r["contended"] is True for r in rows) == 1


def test_the_cost_of_a_runtime_beyond_latency(tmp_path: Path) -> None:
    """prepare_s and first_step_s, peak memory, and eager's peak over the runtime's (on the fixture cache)."""
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", DATA / "cache-format1", "-o", out)
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(out)
    ort = df[df["runtime"] == "ort"].set_index("build_name")
    torch = df[df["runtime"] == "torch"].set_index("build_name").loc[ort.index]
    assert (ort["prepare_s"] > 0.1).all() and (torch["first_step_s"] > 0).all()  # an ONNX export, eager's first call
    assert list(ort["memory_ratio_vs_eager"]) == pytest.approx(list(torch["peak_rss_mb"] / ort["peak_rss_mb"]))
    assert (torch["memory_ratio_vs_eager"] == 1.0).all()
    # Before rounds and contention: one round each, nothing contended, no interval on the speed-up.
    assert set(df["rounds"]) == {1} and set(df["contended"]) == {False}
    assert df["speedup_vs_eager_ci_low"].isna().all() and set(ort["speedup_comparable"]) == {True}
