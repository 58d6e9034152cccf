"""``benchit compare`` end to end: two scans of one corpus, one model made slower between them, is flagged alone."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from tests.conftest import run_benchit

# The forward does one small matmul, then waits `repeat` half-milliseconds; `repeat` comes from the
# standard num_layers parameter (default 8) and is a plain attribute, so the model's structure (and
# its invocation hash) does not depend on it. Waiting rather than computing keeps the medians steady
# on a loaded, shared machine (their statistics on CPU noise are unit-tested in test_stats.py).
WORK = '''"""One matmul, then a wait proportional to num_layers (test model)."""
import time
import torch
from benchit.parser import parse

(num_layers,) = parse(["num_layers"])


class Work(torch.nn.Module):
    def __init__(self, repeat):
        super().__init__()
        self.repeat = repeat
        self.w = torch.nn.Parameter(torch.randn(WIDTH, WIDTH) / WIDTH**0.5)

    def forward(self, x):
        time.sleep(self.repeat * 0.0005)
        return torch.tanh(x @ self.w)


torch.manual_seed(0)
Work(REPEAT).eval()(torch.randn(4, WIDTH))
'''
TIMING = ["--threads", "1", "--min-time", "0.3", "--max-time", "0.6", "--min-iterations", "50", "--warmup-time", "0.1"]


def _corpus(root: Path, slower: bool) -> Path:
    """The same three scripts; in the ``slower`` copy, slow.py's forward waits twice as long."""
    for name, width, repeat in (("slow.py", 16, "num_layers * 2" if slower else "num_layers"),
                                ("steady.py", 16, "num_layers"), ("sub/steady_too.py", 32, "12")):  # fmt: skip
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        body = WORK.replace("WIDTH", str(width)).replace("REPEAT", repeat)
        path.write_text(f"# labels: name::{path.stem} author::tests task::test\n{body}")
    return root


@pytest.fixture(scope="module")
def two_scans(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """Two scans of copies of one corpus that lie in different folders, as on two machines."""
    tmp = tmp_path_factory.mktemp("compare")
    caches = []
    for name, slower in (("base", False), ("new", True)):
        corpus = _corpus(tmp / f"{name}-corpus", slower)
        cache = tmp / f"{name}-cache"
        done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *TIMING)
        assert done.returncode == 0, done.stdout + done.stderr
        caches.append(cache)
    return caches[0], caches[1], tmp


def test_only_the_slowed_model_is_flagged_and_fail_on_gates(two_scans: tuple[Path, Path, Path]) -> None:
    base, new, tmp = two_scans
    out = tmp / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "--fail-on slower: 1 flagged" in done.stderr
    df = pd.read_csv(out).set_index("relative_path")
    assert set(df.index) == {"slow.py", "steady.py", "sub/steady_too.py"}
    assert df.loc["slow.py", "verdict"] == "slower"
    assert df.loc["slow.py", "ratio"] == pytest.approx(2.0, rel=0.1)
    assert df.loc["slow.py", "ratio_ci_low"] > 1.1 and df.loc["slow.py", "p_value"] < 1e-6
    assert df.loc["slow.py", "method"] == "mann-whitney+bootstrap"
    assert list(df.loc[["steady.py", "sub/steady_too.py"], "verdict"]) == ["no significant change"] * 2
    lines = done.stdout.splitlines()
    assert lines[0].split()[:2] == ["model", "where"]
    assert lines[2].startswith("slow.py Work") and lines[2].rstrip().endswith("slower")  # flagged rows first
    assert "verdicts: 1 slower, 2 no significant change" in done.stdout
    assert "cpu/torch: " in done.stdout  # the geometric mean of the group


def test_nothing_changed_exits_zero_and_reads_a_json_report(two_scans: tuple[Path, Path, Path]) -> None:
    base, _, tmp = two_scans
    report = tmp / "base.json"
    assert run_benchit("report", "--cache-dir", base, "--format", "json", "-o", report).returncode == 0
    rows = json.loads(report.read_text())["rows"]
    assert all(0 < len(r["samples_ms"]) <= 2000 for r in rows)
    done = run_benchit("compare", report, base, "--fail-on", "slower", "--format", "json", "-o", tmp / "same.json")
    assert done.returncode == 0, done.stdout + done.stderr
    comparison = json.loads((tmp / "same.json").read_text())["comparison"]
    assert comparison["counts"] == {"no significant change": 3}
    assert all(p["change"]["ratio"] == 1.0 for p in comparison["pairs"])


def test_compare_inside_one_cache_by_runtime(tmp_path: Path, fast: list[str]) -> None:
    corpus = _corpus(tmp_path / "corpus", False)
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", corpus / "steady.py", "--cache-dir", cache, "--runtime", "torch,ort", *fast)
    assert done.returncode == 0, done.stdout + done.stderr
    done = run_benchit("compare", cache, "--by", "runtime", "--format", "csv,md", "-o", tmp_path / "by.csv")
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(tmp_path / "by.csv")
    assert list(df["group"]) == ["ort"] and "runtime" not in df.columns  # runtime is the compared side
    assert df.loc[0, "verdict"] in ("faster", "slower", "no significant change")
    assert "| steady.py Work | ort |" in (tmp_path / "by.md").read_text()
    assert "ort: " in done.stdout
    bad = run_benchit("compare", cache, "--by", "runtime", "--baseline", "tvm")
    assert bad.returncode == 2 and bad.stderr.strip().startswith("benchit: error: --baseline 'tvm'")


def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, two_scans: tuple[Path, Path, Path]) -> None:
    base, _, _ = two_scans
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "benchit-cache.json").write_text('{"format": 1, "tool": "benchit"}')
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"benchit_report": 1, "rows": [
        {"relative_path": "elsewhere.py", "invocation": "abcd1234", "device": "cpu", "runtime": "torch",
         "status": "ok", "latency_median_ms": 1.0, "latency_median_ci_low_ms": 0.9, "latency_median_ci_high_ms": 1.1}
    ]}))  # fmt: skip
    cases = [
        (["compare", tmp_path / "nope", base], "BASE"),
        (["compare", empty, base], "holds no results"),
        (["compare", base, other], "have no result in common"),
        (["compare", base], "give NEW to compare with BASE"),
        (["compare", base, base, "--format", "xls"], "unknown --format 'xls'"),
        (["compare", base, base, "--threshold", "five"], "--threshold takes a percentage"),
    ]
    for args, message in cases:
        done = run_benchit(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr, (args, done.stderr)
