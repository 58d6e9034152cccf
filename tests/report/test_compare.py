"""``benchit compare`` end to end: two scans of one corpus, one model made slower between them, is flagged alone."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from helpers import DATA, rewrite_results, run_benchit, scan_quietly, with_rounds

from benchit.records import Result

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
# The steady models' waits overshoot more on a loaded test machine: one moved by 5.7% between two
# scans of a full test run here, past the default 5%. The slowed one moves by 100%.
THRESHOLD = ["--threshold", "15"]


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
        done = scan_quietly(cache, "--all", "--search-dir", corpus, *TIMING)
        assert done.returncode == 0, done.stdout + done.stderr
        # A verdict needs rounds; results measured before rounds get five around their own median.
        # One machine speed for both scans: another process on a loaded test machine can move the
        # probe past the default tolerance, and these tests are about the verdicts (test_speed.py
        # is about the probe).
        rewrite_results(cache, lambda result, _: with_rounds(_at_one_speed(result)))
        caches.append(cache)
    return caches[0], caches[1], tmp


def _at_one_speed(result: Result) -> Result:
    """The machine-speed probes of a fixture scan set to one reading (where it has them: a
    one-thread result has no thread pool probe)."""
    pool = {"parallel_probe_us": 200.0} if "parallel_probe_us" in result.info else {}
    return dataclasses.replace(result, info={**result.info, "speed_probe_us": 100.0, **pool})


def _copy(cache: Path, where: Path) -> Path:
    """A copy of a fixture cache to edit (the fixture's caches are shared by the module's tests)."""
    return Path(shutil.copytree(cache, where))


def _edit(cache: Path, prefix: str, change: Callable[[Result], Result]) -> None:
    """Apply ``change`` to the one result whose build's name starts with ``prefix`` (``slow-``)."""
    hits = rewrite_results(cache, lambda r, path: change(r) if path.parts[-4].startswith(prefix) else r)
    assert hits == 1, hits


def test_only_the_slowed_model_is_flagged_and_fail_on_gates(two_scans: tuple[Path, Path, Path]) -> None:
    base, new, tmp = two_scans
    out = tmp / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out, *THRESHOLD)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "--fail-on slower: 1 flagged" in done.stderr
    df = pd.read_csv(out).set_index("relative_path")
    assert set(df.index) == {"slow.py", "steady.py", "sub/steady_too.py"}
    assert df.loc["slow.py", "verdict"] == "slower"
    assert df.loc["slow.py", "ratio"] == pytest.approx(2.0, rel=0.1)
    assert df.loc["slow.py", "ratio_ci_low"] > 1.1 and df.loc["slow.py", "p_value"] < 1e-3
    assert df.loc["slow.py", "method"] == "welch-t on log round medians"
    assert df.loc["slow.py", "base_rounds"] >= 2 and df.loc["slow.py", "new_rounds"] >= 2
    assert list(df.loc[["steady.py", "sub/steady_too.py"], "verdict"]) == ["no significant change"] * 2
    floor, *lines = done.stdout.splitlines()  # the machine's noise floor, once, above the table
    assert floor.startswith("This machine's run-to-run noise floor: ±0.0% at 1 thread")
    assert lines[0].split()[:2] == ["model", "where"]
    assert lines[2].startswith("slow.py Work") and lines[2].rstrip().endswith("slower")  # flagged rows first
    assert "verdicts: 1 slower, 2 no significant change" in done.stdout
    assert "cpu/torch: " in done.stdout and "(of 3)" in done.stdout  # the geometric mean of the group


def test_a_busy_side_or_one_round_is_inconclusive_and_gates_only_when_asked(
    two_scans: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    base, new, _ = two_scans
    base, new = _copy(base, tmp_path / "A"), _copy(new, tmp_path / "B")
    for cache in (base, new):  # only the flags set below: not what a busy test machine set
        rewrite_results(cache, lambda r, path: dataclasses.replace(r, contended=False) if r.contended else r)
    evidence = {"cpu_wait_fraction": 0.61, "steal_fraction": 0.0, "contended_reason": "busy: 61% CPU wait"}
    # slow.py, really 2x slower in B, was measured on a busy machine there: no verdict on it.
    _edit(new, "slow-", lambda r: dataclasses.replace(r, contended=True, info={**r.info, **evidence}))
    # steady_too.py has one round on each side (as a result measured before rounds).
    for cache in (base, new):
        _edit(cache, "steady_too-", lambda r: with_rounds(r, [r.stats.median_ms]))
    out = tmp_path / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out, "--format", "csv,md,json", *THRESHOLD)
    assert done.returncode == 0, done.stdout + done.stderr  # inconclusive is no regression
    df = pd.read_csv(out).set_index("relative_path")
    assert df.loc["slow.py", "verdict"] == "inconclusive"
    assert df.loc["slow.py", "reason"] == "busy: 61% CPU wait in B"
    assert df.loc["slow.py", "new_contended"] == True and df.loc["slow.py", "base_contended"] == False  # noqa: E712
    assert pd.isna(df.loc["slow.py", "ratio"])  # no number that could be read as a verdict
    assert df.loc["sub/steady_too.py", "verdict"] == "inconclusive"
    assert df.loc["sub/steady_too.py", "reason"] == "too few rounds: 1 in A, 1 in B"
    assert df.loc["steady.py", "verdict"] == "no significant change"
    assert "inconclusive: busy: 61% CPU wait in B" in done.stdout
    # The geometric mean of the one pair left (steady.py, about 1) and what it left out.
    assert re.search(r"cpu/torch: [\d.]+x? \(of 1; 2 left out: 1 busy, 1 too few rounds\)", done.stdout), done.stdout
    assert (
        "verdicts: 2 inconclusive, 1 no significant change" in done.stdout
        or "1 no significant change, 2 inconclusive" in done.stdout
    )
    assert "| busy: 61% CPU wait in B |" in (tmp_path / "cmp.md").read_text()
    geomeans = json.loads((tmp_path / "cmp.json").read_text())["comparison"]["geomeans"]
    assert geomeans["cpu/torch"]["count"] == 1 and geomeans["cpu/torch"]["left_out"] == {"busy": 1, "too few rounds": 1}
    strict = run_benchit(
        "compare", base, new, "--fail-on", "slower,inconclusive", "-o", tmp_path / "strict.csv", *THRESHOLD
    )
    assert strict.returncode == 1, strict.stdout + strict.stderr
    assert "--fail-on slower,inconclusive: 2 flagged" in strict.stderr
    only = run_benchit("compare", base, new, "--fail-on", "inconclusive", "-o", tmp_path / "only.csv", *THRESHOLD)
    assert only.returncode == 1 and "--fail-on inconclusive: 2 flagged" in only.stderr


def test_a_clear_2x_slowdown_over_five_rounds_is_slower(two_scans: tuple[Path, Path, Path], tmp_path: Path) -> None:
    base, new, _ = two_scans
    base, new = _copy(base, tmp_path / "A"), _copy(new, tmp_path / "B")
    rounds = [1.0, 1.03, 0.98, 1.01, 0.99]
    _edit(
        base,
        "steady-",
        lambda r: with_rounds(dataclasses.replace(r, stats=dataclasses.replace(r.stats, median_ms=1.0)), rounds),
    )
    _edit(
        new,
        "steady-",
        lambda r: with_rounds(
            dataclasses.replace(r, stats=dataclasses.replace(r.stats, median_ms=2.0)), [2 * x for x in rounds[::-1]]
        ),
    )
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", tmp_path / "cmp.csv")
    assert done.returncode == 1, done.stdout + done.stderr
    row = pd.read_csv(tmp_path / "cmp.csv").set_index("relative_path").loc["steady.py"]
    assert row["verdict"] == "slower" and row["ratio"] == pytest.approx(2.0)  # ratio of the rounds' geometric means
    # Welch's t-interval on the log round medians (scipy's t quantile, df from Welch-Satterthwaite = 8 here)
    sd = float(pd.Series(rounds).map(math.log).std())
    half = 2.306004135033371 * sd * (2 / 5) ** 0.5
    assert row["ratio_ci_low"] == pytest.approx(2.0 * math.exp(-half), rel=1e-6)
    assert row["ratio_ci_high"] == pytest.approx(2.0 * math.exp(half), rel=1e-6)
    assert row["p_value"] < 1e-6 and row["base_rounds"] == 5 and row["new_rounds"] == 5


def test_a_cache_from_before_rounds_compares_as_inconclusive(tmp_path: Path) -> None:
    old = DATA / "cache-format1"
    done = run_benchit("compare", old, old, "--fail-on", "any", "-o", tmp_path / "old.csv")
    assert done.returncode == 0, done.stdout + done.stderr
    df = pd.read_csv(tmp_path / "old.csv")
    assert len(df) == 12 and set(df["verdict"]) == {"inconclusive"}
    assert set(df["reason"]) == {"too few rounds: 1 in base, 1 in new"}
    assert "note: a verdict needs at least 2 rounds on each side" in done.stdout


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
    done = scan_quietly(cache, corpus / "steady.py", "--runtime", "torch,ort", *fast)
    assert done.returncode == 0, done.stdout + done.stderr
    rewrite_results(cache, lambda result, _: with_rounds(result))
    done = run_benchit("compare", cache, "--by", "runtime", "--format", "csv,md", "-o", tmp_path / "by.csv")
    assert done.returncode == 0, done.stderr
    df = pd.read_csv(tmp_path / "by.csv")
    assert list(df["group"]) == ["ort"] and "runtime" not in df.columns  # runtime is the compared side
    assert df.loc[0, "verdict"] in ("faster", "slower", "no significant change")
    assert df.loc[0, "method"] == "paired-t on log round ratios"  # runtimes of one model: rounds interleaved
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
        (["compare", base, base, "--fail-on", "slower,flaky"], "--fail-on takes one or more of"),
    ]
    for args, message in cases:
        done = run_benchit(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert len(done.stderr.strip().splitlines()) == 1 and message in done.stderr, (args, done.stderr)


def test_a_probe_difference_does_not_hide_a_2x_slowdown(two_scans: tuple[Path, Path, Path], tmp_path: Path) -> None:
    """NEW's machine-speed probe reads 17% slower on every result: the steady models (within that)
    are inconclusive, the 2x slower one is still ``slower``, with the probe difference as its note."""
    base, new, _ = two_scans
    base, new = _copy(base, tmp_path / "A"), _copy(new, tmp_path / "B")
    assert rewrite_results(new, lambda r, _: dataclasses.replace(r, info={**r.info, "speed_probe_us": 117.0})) == 3
    out = tmp_path / "cmp.csv"
    done = run_benchit("compare", base, new, "--fail-on", "slower", "-o", out, "--format", "csv,md,json,html")
    assert done.returncode == 1, done.stdout + done.stderr  # the regression still gates
    df = pd.read_csv(out).set_index("relative_path")
    note = "probe 17% slower in B; the change is larger than that"
    assert df.loc["slow.py", "verdict"] == "slower" and df.loc["slow.py", "ratio"] == pytest.approx(2.0, rel=0.1)
    assert df.loc["slow.py", "reason"] == note
    for steady in ("steady.py", "sub/steady_too.py"):
        assert df.loc[steady, "verdict"] == "inconclusive" and pd.isna(df.loc[steady, "ratio"])
        assert df.loc[steady, "reason"] == "machine speed differed: probe 17% slower in B"
    assert "slower: probe 17% slower in B" in done.stdout  # the line is cut to the terminal's width
    assert "note: a verdict noted 'probe N% slower' changed more than that machine speed explains" in done.stdout
    assert f"| slower | {note} |" in (tmp_path / "cmp.md").read_text()
    pairs = json.loads((tmp_path / "cmp.json").read_text())["comparison"]["pairs"]
    assert [p["reason"] for p in pairs if p["verdict"] == "slower"] == [note]
    assert note in (tmp_path / "cmp.html").read_text()
