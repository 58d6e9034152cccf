"""``benchit report`` end to end: the readable table, every format, reporter plugins, bad input."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pandas as pd
import pytest

from tests.conftest import REPO, run_benchit, write_script

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
    fast = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2"]
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort", *fast
    )
    assert done.returncode == 1, done.stdout + done.stderr  # broken.py failed
    return cache


def test_report_prints_a_readable_table_then_writes_the_files(scanned: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", scanned, "--format", "csv,md,json", "-o", out, "--width", "100")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["model", "params", "inputs", "cpu/torch", "cpu/ort"]
    tiny = next(line for line in lines if line.startswith("tiny Linear"))
    assert tiny.split()[2:5] == ["528", "input:", "float32[4,32]"]
    assert len(re.findall(r"\d (?:ns|µs|ms|s) ±", tiny)) == 2 and tiny.rstrip("~!").endswith("x")  # ort's speed-up
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
        done = run_benchit(*args, env=env, cwd=tmp_path)
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
    assert alpha.split()[:2] == ["m", "Net"] and alpha.endswith("1 ms ±1.0% 2x")  # speed-up on its own machine
    beta = lines[lines.index("machine beta:") + 3]
    assert beta.endswith("4 ms ±1.0%")


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
    fast = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2"]
    done = run_benchit(
        "benchmark", script, "--plugins-dir", plugins, "--runtime", "other,reference", "--cache-dir", cache, *fast
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # The report reads the flag from the results: the plugin need not be loaded (nor installed).
    out = tmp_path / "r.csv"
    done = run_benchit("report", "--cache-dir", cache, "-o", out, "--width", "120")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
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
    done = run_benchit("report", "--cache-dir", REPO / "tests" / "data" / "cache-format1", "-o", out)
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(out)
    assert set(df.loc[df["eager"] == True, "runtime"]) == {"torch"}  # noqa: E712
    torch = df[df["runtime"] == "torch"].set_index("build_name")["latency_median_ms"]
    ort = df[df["runtime"] == "ort"].set_index("build_name")
    assert len(ort) == 6 and list(ort["speedup_vs_eager"]) == pytest.approx(
        list(torch[ort.index] / ort["latency_median_ms"])
    )
    assert "Nx: speed-up over eager torch on the same device" in done.stdout
