"""Sweeps end to end: a suite's matrix and --sweep give one script run per parameter set, each
measured in every precision, each its own unit for resume."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from helpers import FAST, report_df, run_benchit, write_script

BODY = textwrap.dedent(
    """
    import os, time
    import torch
    from benchit.parser import parse

    batch_size, = parse(["batch_size"])
    if batch_size == 4 and os.path.exists(os.environ.get("SWEEP_BLOCK", "/nonexistent")):
        open(os.environ["SWEEP_BLOCK"] + ".started", "w").close()
        time.sleep(120)
    model = torch.nn.Sequential(torch.nn.Linear(16, WIDTH), torch.nn.ReLU()).eval()
    model(torch.randn(batch_size, 16))
    """
)


def _corpus(root: Path) -> Path:
    corpus = root / "corpus"
    write_script(corpus, "narrow.py", BODY.replace("WIDTH", "8"))
    write_script(corpus, "wide.py", BODY.replace("WIDTH", "32"))
    return corpus


def _suite(root: Path) -> Path:
    timing = dict(zip(FAST[::2], FAST[1::2], strict=True))
    path = root / "suite.yaml"
    path.write_text(
        textwrap.dedent(
            f"""
            sweep:
              search_dir: corpus
              cache_dir: cache
              runtimes: [torch]
              threads: {timing["--threads"]}
              timing:
                min_time: {timing["--min-time"]}
                max_time: {timing["--max-time"]}
                min_iterations: {timing["--min-iterations"]}
                warmup_time: {timing["--warmup-time"]}
                contention_threshold: {timing["--contention-threshold"]}
              matrix:
                batch_size: [1, 4]
                precision: [fp32, bf16]
            """
        )
    )
    return path


def _check_full_report(cache: Path) -> None:
    df = report_df(cache)
    assert len(df) == 8, df[["script", "script_args", "precision", "status"]]
    assert set(df["status"]) == {"ok"}
    names = df["script"].map(lambda p: Path(p).name)
    got = sorted(zip(names, df["param_batch_size"], df["batch_size"], df["precision"], strict=True))
    assert got == sorted((name, b, b, p) for name in ("narrow.py", "wide.py") for b in (1, 4) for p in ("fp32", "bf16"))
    # The CSV guards cells that start like a formula ('-') with a quote.
    assert set(df["script_args"].str.lstrip("'")) == {"--batch_size 1", "--batch_size 4"}
    assert df["build_name"].nunique() == 4  # one build per script x parameter set


def test_suite_matrix_gives_every_combination_in_the_report(tmp_path: Path) -> None:
    _corpus(tmp_path)
    done = run_benchit("run", _suite(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    _check_full_report(tmp_path / "cache")
    results = sorted(p.name for p in (tmp_path / "cache" / "builds").glob("*/results/*/*.json"))
    assert results == ["cpu-torch-bf16.json"] * 4 + ["cpu-torch.json"] * 4


def test_interrupted_suite_resumes_only_what_is_missing(tmp_path: Path) -> None:
    _corpus(tmp_path)
    suite = _suite(tmp_path)
    block = tmp_path / "block"
    block.touch()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SWEEP_BLOCK": str(block)}
    process = subprocess.Popen(
        [sys.executable, "-m", "benchit", "run", str(suite)], cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 240
    while not (tmp_path / "block.started").exists():  # narrow.py at batch size 4 is blocking
        assert process.poll() is None and time.monotonic() < deadline, "the blocking script never started"
        time.sleep(0.2)
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=60)
    assert process.returncode == 130, out
    block.unlink()
    first = {p: p.stat().st_mtime_ns for p in (tmp_path / "cache" / "builds").glob("*/results/*/*.json")}
    assert len(first) == 2  # narrow.py at batch size 1, in fp32 and bf16

    done = run_benchit("run", suite, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("[skip]") == 1 and "[skip] corpus/narrow.py [--batch_size 1]" in done.stdout
    assert {p: p.stat().st_mtime_ns for p in first} == first  # what was complete was not redone
    _check_full_report(tmp_path / "cache")


def test_sweep_option_runs_the_product_of_script_args(tmp_path: Path) -> None:
    script = write_script(
        tmp_path,
        "seq.py",
        "import torch\nfrom benchit.parser import parse\n"
        "b, s = parse(['batch_size', 'max_seq_length'])\n"
        "torch.nn.Linear(s, 4).eval()(torch.randn(b, s))\n",
    )
    cache = tmp_path / "cache"
    args = ["--sweep", "batch_size=1,2", "--sweep", "max_seq_length=8,16", "--analyze-only", "--cache-dir", cache]
    done = run_benchit("benchmark", script, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache)
    assert sorted(df["input_shapes"]) == sorted(f"input: float32[{b},{s}]" for b in (1, 2) for s in (8, 16))
    assert len(list((cache / "scripts").glob("*.json"))) == 4
    again = run_benchit("benchmark", script, *args)  # every point is complete: nothing runs
    assert again.stdout.count("[skip]") == 4, again.stdout
