"""Issue 22, suites: NaN, infinite and out-of-range numbers are errors naming the key and line;
a plan is capped at 100,000 measurements unless --allow-large; include and inherits are
resolved once each, so expansion grows linearly with the chain."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest
from helpers import run_benchit, write_script

from benchit.errors import UsageError
from benchit.suite import loader

MODEL = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n"


def _suite(tmp_path: Path, body: str) -> Path:
    write_script(tmp_path / "corpus", "m.py", MODEL)
    path = tmp_path / "suite.yaml"
    path.write_text(textwrap.dedent(body))
    return path


@pytest.mark.parametrize(
    ("setting", "line", "message"),
    [
        ("timeout: .nan", 4, "'timeout' must be a finite number, got nan"),
        ("timeout: .inf", 4, "'timeout' must be a finite number, got inf"),
        ("threads: 99999999999999999999", 4, "'threads' must be at most 4096, got 99999999999999999999"),
        ("jobs: 100000", 4, "'jobs' must be at most 1024"),
        ("timing:\n    max_time: .nan", 5, "'max_time' must be a finite number, got nan"),
        ("timing:\n    min_time: 1.0e+300", 5, "'min_time' must be at most 1e+07"),
        ("matrix:\n    batch_size: [1, 1.0e+300]", 5, "batch_size must be a finite number of at most 1000000"),
        ("parity:\n    tolerance:\n      bf16: [.nan, 0.1]", 6, "'bf16' must be a finite number, got nan"),
    ],
)
def test_bad_numbers_name_the_key_and_line(tmp_path: Path, setting: str, line: int, message: str) -> None:
    body = "e:\n  search_dir: corpus\n  cache_dir: cache\n  " + setting.replace("\n", "\n  ") + "\n"
    path = _suite(tmp_path, body)
    done = run_benchit("run", path, "--dry-run", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.strip() == f"benchit: error: suite.yaml:{line}: {message}" or (
        done.stderr.startswith(f"benchit: error: suite.yaml:{line}: ") and message in done.stderr
    ), done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--timeout", "nan"], "--timeout must be a finite number"),
        (["--timeout", "inf"], "--timeout must be a finite number"),
        (["--max-time", "1e400"], "--max-time must be a finite number"),
        (["--threads", "99999999999999999999"], "--threads must be at most 4096"),
        (["--rounds", "10000000"], "--rounds must be at most 1e+06"),
    ],
)
def test_bad_numbers_on_the_command_line(tmp_path: Path, args: list[str], message: str) -> None:
    write_script(tmp_path, "m.py", MODEL)
    done = run_benchit("benchmark", tmp_path / "m.py", "--cache-dir", tmp_path / "c", *args)
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not (tmp_path / "c").exists()


def test_a_huge_matrix_is_refused_before_it_is_expanded(tmp_path: Path) -> None:
    """The review's case: 3 dimensions of 100 values each took 1.2 GB in --dry-run."""
    values = ", ".join(str(n) for n in range(1, 101))
    path = _suite(tmp_path, f"""\
        e:
          search_dir: corpus
          cache_dir: cache
          matrix:
            batch_size: [{values}]
            max_seq_length: [{values}]
            width: [{values}]
        """)  # fmt: skip
    done = run_benchit("run", path, "--dry-run", cwd=tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "plans 1,000,000 measurements, over the limit of 100,000" in done.stderr
    assert "--allow-large" in done.stderr and done.stderr.startswith("benchit: error: suite.yaml:1: 'e': ")


def test_allow_large_lets_a_large_plan_through(tmp_path: Path) -> None:
    values = ", ".join(str(n) for n in range(1, 401))
    others = ", ".join(str(n) for n in range(1, 301))
    body = (
        f"e:\n  search_dir: corpus\n  cache_dir: cache\n  matrix:\n    batch_size: [{values}]\n    width: [{others}]\n"
    )
    path = _suite(tmp_path, body)
    refused = run_benchit("run", path, "--dry-run", cwd=tmp_path)
    assert refused.returncode == 2 and "plans 120,000 measurements" in refused.stderr, refused.stderr
    allowed = run_benchit("run", path, "--dry-run", "--allow-large", cwd=tmp_path)
    assert allowed.returncode == 0, allowed.stderr[-2000:]
    assert allowed.stdout.splitlines()[0].endswith("1 entries, 1 scans, 120000 measurements")
    (tmp_path / "big.yaml").write_text(body.replace("  matrix:", "  allow_large: true\n  matrix:"))
    assert run_benchit("run", tmp_path / "big.yaml", "--dry-run", cwd=tmp_path).returncode == 0


def test_a_large_sweep_is_refused_on_the_command_line(tmp_path: Path) -> None:
    write_script(tmp_path, "m.py", MODEL)
    sweep = ["--sweep", "batch_size=" + ",".join(map(str, range(1, 501))), "--sweep",
             "width=" + ",".join(map(str, range(1, 501)))]  # fmt: skip
    done = run_benchit("benchmark", tmp_path / "m.py", "--cache-dir", tmp_path / "c", *sweep)
    assert done.returncode == 2 and "plans 250,000 measurements, over the limit of 100,000" in done.stderr


def _count(monkeypatch: pytest.MonkeyPatch, name: str) -> list[int]:
    calls = [0]
    original = getattr(loader, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(loader, name, counted)
    return calls


def test_include_chains_read_each_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's case: 18 files that each include the next twice took 42 s (2**18 reads)."""
    files = 18
    for index in range(files):
        include = f"include: [f{index + 1}.yaml, f{index + 1}.yaml]\n" if index + 1 < files else ""
        (tmp_path / f"f{index}.yaml").write_text(f"{include}e{index}:\n  search_dir: corpus\n  timeout: {index + 1}\n")
    reads = _count(monkeypatch, "_Reader")
    loaded = loader.load(tmp_path / "f0.yaml")
    assert reads[0] == files
    assert len(loaded.entries) == files
    assert {e.name: e.get("timeout") for e in loaded.entries}["e17"] == 18.0


def test_inherits_chains_resolve_each_entry_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    depth = 30
    lines = ["_t0:\n  timeout: 1\n"]
    for index in range(1, depth):
        lines.append(f"_t{index}:\n  inherits: [_t{index - 1}, _t{index - 1}]\n  threads: {index}\n")
    lines.append(f"run:\n  inherits: [_t{depth - 1}, _t{depth - 1}]\n  search_dir: corpus\n")
    (tmp_path / "s.yaml").write_text("".join(lines))
    merges = _count(monkeypatch, "_merge")
    loaded = loader.load(tmp_path / "s.yaml")
    (entry,) = loaded.entries
    assert entry.get("timeout") == 1.0 and entry.get("threads") == depth - 1
    assert merges[0] <= 4 * depth  # linear: 2**30 merges without resolving each entry once


def test_an_include_cycle_is_still_an_error(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("include: b.yaml\na:\n  search_dir: x\n")
    (tmp_path / "b.yaml").write_text("include: a.yaml\nb:\n  search_dir: x\n")
    with pytest.raises(UsageError, match="include cycle"):
        loader.load(tmp_path / "a.yaml")
