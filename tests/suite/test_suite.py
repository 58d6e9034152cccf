"""Suite files: loading, include order, inheritance, matrix expansion, overrides, bad input, dry runs."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from helpers import GOLDEN, REPO, run_benchit, write_script

from benchit.cli.benchmark import leave_out
from benchit.errors import UsageError
from benchit.suite import expansion, loader


def _write(path: Path, text: str) -> Path:
    path.write_text(textwrap.dedent(text))
    return path


def test_include_merges_in_order_and_the_including_file_wins(tmp_path: Path) -> None:
    _write(tmp_path / "a.yaml", "e:\n  search_dir: corpus\n  timeout: 10\n  timing: {min_time: 0, max_time: 2}\n")
    _write(tmp_path / "b.yaml", "e:\n  timeout: 20\n  timing: {max_time: 3}\n")
    main = _write(tmp_path / "main.yaml", "include: [a.yaml, b.yaml]\ne:\n  jobs: 2\n")
    (tmp_path / "corpus").mkdir()  # a bare name with no such folder would stay a name: a corpus's
    (entry,) = loader.load(main).entries
    assert entry.get("timeout") == 20  # b.yaml came later than a.yaml
    assert entry.get("jobs") == 2
    assert {k: s.value for k, s in entry.get("timing").items()} == {"min_time": 0.0, "max_time": 3.0}
    assert entry.get("search_dir") == [str(tmp_path / "corpus")]  # relative to the file naming it


def test_inherits_templates_later_parents_and_own_keys_win(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "s.yaml",
        """
        _base: {runtimes: [torch], timeout: 5, matrix: {batch_size: [1, 2]}}
        _ort: {inherits: _base, runtimes: [torch, ort]}
        run:
          inherits: [_ort]
          search_dir: .
          timeout: 9
          matrix: {precision: [fp32, bf16]}
        """,
    )
    entries = loader.load(path).entries
    assert [e.name for e in entries] == ["run"]  # templates never run
    (entry,) = entries
    assert entry.get("runtimes") == ["torch", "ort"]
    assert entry.get("timeout") == 9
    assert {k: s.value for k, s in entry.get("matrix").items()} == {"batch_size": [1, 2], "precision": ["fp32", "bf16"]}


def test_expand_is_the_product_less_exclusions() -> None:
    points = expansion.expand(
        {"batch_size": [1, 8], "runtime": ["torch", "ort"], "precision": ["fp32", "bf16"]},
        [{"runtime": ["ort"], "precision": ["bf16"]}, {"batch_size": [8], "runtime": ["torch"], "precision": ["bf16"]}],
    )
    assert [tuple(p.values()) for p in points] == [
        (1, "torch", "fp32"),
        (1, "torch", "bf16"),
        (1, "ort", "fp32"),
        (8, "torch", "fp32"),
        (8, "ort", "fp32"),
    ]
    assert expansion.point_args(points[-1]) == ("--batch_size", "8")


def test_parse_sweep_gives_the_cartesian_product() -> None:
    points = expansion.parse_sweep(["batch_size=1,8,32", "max_seq_length=128,512"])
    assert len(points) == 6
    assert expansion.point_args(points[1]) == ("--batch_size", "1", "--max_seq_length", "512")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("e:\n  search_dir: .\n  runtmes: [torch]\n", "s.yaml:3: unknown key 'runtmes' (did you mean 'runtimes'?)"),
        ("e:\n  search_dir: .\n  timeout: soon\n", "s.yaml:3: 'timeout' must be a number, got 'soon'"),
        ("e:\n  search_dir: .\n  matrix: {}\n", "s.yaml:3: 'matrix' is empty"),
        ("e:\n  search_dir: .\n  matrix: {batch_size: []}\n", "s.yaml:3: matrix parameter 'batch_size' has no values"),
        ("e:\n  search_dir: .\n  matrix: {bach_size: [1]}\n", "unknown matrix parameter 'bach_size' (did you mean"),
        ("e:\n  search_dir: .\n  matrix: {batch_size: [one]}\n", "s.yaml:3: batch_size takes int values, got 'one'"),
        ("e:\n  inherits: _missing\n", "s.yaml:2: 'e' inherits '_missing', which is not defined"),
        ("_a: {inherits: _b}\n_b: {inherits: _a}\ne: {inherits: _a}\n", "inherits cycle: e -> _a -> _b -> _a"),
        ("e:\n  search_dir: [.\n", "s.yaml:3: not valid YAML"),
        ("inlcude: [x.yaml]\n", "s.yaml:1: unknown key 'inlcude' (did you mean 'include'?)"),
        (
            "runtmes: [torch]\n",
            "s.yaml:1: unknown key 'runtmes' (did you mean 'runtimes'?); settings go inside an entry",
        ),
        ("e:\n  timing: {max_tim: 1}\n", "s.yaml:2: unknown key 'max_tim' in 'timing' (did you mean 'max_time'?)"),
        ("e:\n  timeout: [1]\n", "s.yaml:2: 'timeout' must be a single value, not a list"),
        ("e:\n  timing: 5\n", "s.yaml:2: 'timing' must be a mapping (name: value lines), not a single value"),
        ("e:\n  timing: {1: 2}\n", "s.yaml:2: keys of 'timing' must be names, got 1"),
        ("e:\n  jobs: 1\n  jobs: 2\n", "s.yaml:3: 'jobs' appears twice in 'an entry'"),
        ("e:\n  runtimes: [torch, 3]\n", "s.yaml:2: 'runtimes' takes names (strings), got 3"),
        ("e:\n  runtimes: []\n", "s.yaml:2: 'runtimes' is empty"),
        ("e:\n  jobs: 0\n", "s.yaml:2: 'jobs' must be greater than 0, got 0"),
        ("e:\n  executor: 5\n", "s.yaml:2: 'executor' must be a string, got 5"),
        ("e:\n  analyze_only: sometimes\n", "s.yaml:2: 'analyze_only' must be true or false, got 'sometimes'"),
        ("e:\n  memory_limit: lots\n", "s.yaml:2: 'memory_limit' takes a size like 4G or 512M, got 'lots'"),
        ("e:\n  optimizer: adam\n", "s.yaml:2: 'optimizer' must be one of sgd, adamw, got 'adam'"),
        ("e:\n  parity: {tolerance: {fp33: 0.1}}\n", "s.yaml:2: unknown precision 'fp33' (did you mean"),
        ("e:\n  parity: {tolerance: {fp16: [1, 2, 3]}}\n", "s.yaml:2: tolerance of fp16 is RTOL or [RTOL, ATOL]"),
        ("e:\n  matrix: {runtime: [1]}\n", "s.yaml:2: runtime takes names, got 1"),
        ("e:\n  matrix: {precision: [fp33]}\n", "s.yaml:2: unknown precision 'fp33'; choose from fp32"),
        ("e:\n  exclude: {runtime: ort}\n", "s.yaml:2: 'exclude' must be a list of combinations"),
        ("_template:\n  jobs: 1\n", "s.yaml: no entry to run (names starting with _ are templates)"),
        ("", "s.yaml: the suite file is empty"),
        ("nightly: 5\n", "s.yaml:1: entry 'nightly' must be a mapping of settings, not a single value"),
    ],
)
def test_bad_suites_name_file_line_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = _write(tmp_path / "s.yaml", text)
    with pytest.raises(UsageError) as raised:
        loader.load(path)
    assert message in str(raised.value)


def test_parity_tolerances_are_the_command_lines_texts(tmp_path: Path) -> None:
    path = _write(tmp_path / "s.yaml", "e:\n  parity: {tolerance: {fp16: 0.01, bf16: [0.02, 0.001]}}\n")
    (entry,) = loader.load(path).entries
    tolerances = {key: setting.value for key, setting in entry.settings["parity"].value.items()}
    assert tolerances == {"tolerance.fp16": "fp16=0.01", "tolerance.bf16": "bf16=0.02:0.001"}


def test_bad_suite_through_the_cli_is_one_line_exit_2_and_runs_nothing(tmp_path: Path) -> None:
    path = _write(tmp_path / "s.yaml", "e:\n  search_dir: .\n  runtmes: [torch]\n")
    done = run_benchit("run", path.name, "--cache-dir", tmp_path / "cache", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "benchit: error: s.yaml:3: unknown key 'runtmes' (did you mean 'runtimes'?)\n"
    assert not (tmp_path / "cache").exists()


def test_unknown_sweep_parameter_is_a_usage_error(tmp_path: Path) -> None:
    script = write_script(tmp_path, "m.py", "print('never runs')\n")
    done = run_benchit("benchmark", script, "--sweep", "bach_size=1,2", "--cache-dir", tmp_path / "c")
    assert done.returncode == 2
    assert "benchit: error: --sweep: 'bach_size' is not a standard script parameter (did you mean 'batch_size'?)" in (
        done.stderr
    )
    assert not (tmp_path / "c").exists()


def test_dry_run_of_the_quick_example_matches_the_golden_plan() -> None:
    done = run_benchit("run", "examples/suites/quick-cpu.yaml", "--dry-run", cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (GOLDEN / "quick-cpu-dry-run.txt").read_text()


def test_command_line_overrides_the_suite(tmp_path: Path) -> None:
    done = run_benchit(
        "run",
        "examples/suites/quick-cpu.yaml",
        "--dry-run",
        "--runtime",
        "torch",
        "--sweep",
        "batch_size=2",
        "--cache-dir",
        tmp_path / "elsewhere",
        cwd=REPO,
    )
    assert done.returncode == 0, done.stderr
    lines = [line.split() for line in done.stdout.splitlines() if line.startswith("  ")]
    # --runtime replaces the runtimes, --sweep the matrix's batch sizes; precision stays a dimension.
    assert {(line[2], line[3], line[4], line[5]) for line in lines} == {
        ("2", "cpu", "torch", "fp32"),
        ("2", "cpu", "torch", "bf16"),
    }
    assert len(lines) == 8  # 4 scripts x 1 batch size x 2 precisions
    assert f"cache {tmp_path / 'elsewhere'}" in done.stdout


def test_the_gpu_example_expands(tmp_path: Path) -> None:
    done = run_benchit("run", "examples/suites/gpu.yaml", "--dry-run", cwd=REPO)
    assert done.returncode == 0, done.stderr
    lines = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    assert lines and all(" cuda " in line for line in lines)
    assert not any(" ort bf16" in line for line in lines)  # excluded in the file


def test_include_cycle_and_missing_include_are_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # files are named relative to the current folder
    _write(tmp_path / "a.yaml", "include: b.yaml\ne: {search_dir: .}\n")
    _write(tmp_path / "b.yaml", "include: a.yaml\n")
    with pytest.raises(UsageError, match=r"b.yaml: include cycle: a.yaml -> b.yaml -> a.yaml"):
        loader.load(tmp_path / "a.yaml")
    _write(tmp_path / "c.yaml", "include: missing.yaml\n")
    with pytest.raises(UsageError, match=r"missing.yaml: cannot read the suite file"):
        loader.load(tmp_path / "c.yaml")


def test_exclusions_that_leave_nothing_are_an_error(tmp_path: Path) -> None:
    path = _write(
        tmp_path / "s.yaml",
        "e:\n  search_dir: .\n  matrix: {precision: [bf16]}\n  exclude:\n    - {precision: bf16}\n",
    )
    write_script(tmp_path, "m.py", "print('never runs')\n")
    done = run_benchit("run", path.name, "--dry-run", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == "benchit: error: s.yaml:1: 'e': exclude leaves no combination to run\n"


def test_leave_out_matches_names_and_paths_below_a_search_folder(tmp_path: Path) -> None:
    from benchit.records import Script

    scripts = [Script(tmp_path / "vision" / "a.py", {}), Script(tmp_path / "nlp" / "b.py", {})]
    kept = leave_out(scripts, ["vision/*"], [tmp_path])
    assert [s.path.name for s in kept] == ["b.py"]
    assert [s.path.name for s in leave_out(scripts, ["b.py"], [])] == ["a.py"]
