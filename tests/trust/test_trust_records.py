"""Issue 22, hostile records: each finding of the review (a 200 kB deeply nested file, a list in
``median_ms``, ``10**400``, a list in ``machine.id`` or ``precision``, a traversal name in a
build's artifacts) is skipped with one warning naming the file and the field by ``report`` and
``cache list``, and measured again by ``benchmark``; a bad ``compare`` input is one line, exit 2."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, result_file, run_benchit, write_script

from benchit.store.cache import Cache

# A host lock of these tests' own (it lives in the temporary folder): they never wait for another
# benchit measuring on a shared machine.
PRIVATE = {"TMPDIR": "/tmp/benchit-tests-trust"}
os.makedirs(PRIVATE["TMPDIR"], exist_ok=True)

FINDINGS = ["deep", "median", "huge", "machine", "precision", "artifact"]
# One script with a model per finding (one worker run measures them all again), and one left alone.
MANY = "import torch\n" + "".join(
    f"torch.nn.Linear({n}, 2)(torch.randn(1, {n}))\n" for n in range(2, 2 + len(FINDINGS))
)


def _result(build: Path) -> Path:
    return result_file(build, "cpu-torch")


def _edit(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def _huge(path: Path) -> None:
    text = path.read_text()
    path.write_text(text.replace('"iterations": ', '"iterations": 1' + "0" * 400 + ', "was": ', 1))


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("records")
    write_script(root / "corpus", "many.py", MANY)
    write_script(root / "corpus", "fine.py", "import torch\ntorch.nn.Conv1d(2, 2, 1)(torch.randn(1, 2, 4))\n")
    done = run_benchit(
        "benchmark", "--all", "--search-dir", root / "corpus", "--cache-dir", root / "cache", *FAST, env=PRIVATE
    )
    assert done.returncode == 0, done.stdout + done.stderr
    report = run_benchit("report", "--cache-dir", root / "cache", "--format", "json", "-o", root / "report.json")
    assert report.returncode == 0, report.stderr
    return root


def _hostile(root: Path) -> dict[Path, str]:
    """Plant each finding in the copy ``root``; each damaged file and what its warning must name."""
    cache = root / "cache"
    scripts = {p.name.split("-")[0]: p for p in (cache / "scripts").glob("*.json")}
    listed = json.loads(scripts["many"].read_text())["builds"]
    assert len(listed) == len(FINDINGS), listed
    builds = {name: cache / "builds" / build for name, build in zip(FINDINGS, listed, strict=True)}
    planted = {
        _result(builds["deep"]): "unreadable result (JSONBoundError: nested",
        _result(builds["median"]): "stats.median_ms",
        _result(builds["huge"]): "stats.iterations",
        _result(builds["machine"]): "machine",
        _result(builds["precision"]): "precision",
        scripts["many"]: "'machine'",
        builds["artifact"] / "build.json": "artifacts.'../../../outside'",
    }
    _result(builds["deep"]).write_bytes(b"[" * 100_000 + b"]" * 100_000)
    _edit(_result(builds["median"]), lambda d: d["stats"].update(median_ms=[1.0, 2.0]))
    _huge(_result(builds["huge"]))
    _edit(_result(builds["machine"]), lambda d: d["machine"].update(id=["a", "b"]))
    _edit(_result(builds["precision"]), lambda d: d.update(precision=["fp32"]))
    _edit(scripts["many"], lambda d: d.update(machine={"id": [], "hostname": "h", "cpu_model": "c"}))
    _edit(builds["artifact"] / "build.json", lambda d: d["artifacts"].update({"../../../outside": {"sha256": "0"}}))
    return planted


@pytest.fixture
def root(pristine: Path, tmp_path: Path) -> Path:
    shutil.copytree(pristine, tmp_path / "root")
    return tmp_path / "root"


def _warnings(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("benchit: warning: ")]


@pytest.mark.parametrize("command", [["report", "-o", "OUT.csv"], ["cache", "list"]])
def test_each_hostile_record_is_one_warning_naming_file_and_field(root: Path, command: list[str]) -> None:
    planted = _hostile(root)
    argv = [str(root / a) if a == "OUT.csv" else a for a in command]
    if command[0] == "cache":  # cache list reads builds and results, not script records
        planted = {path: field for path, field in planted.items() if path.parent.name != "scripts"}
    done = run_benchit(*argv, "--cache-dir", root / "cache")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    warnings = _warnings(done.stderr)
    for path, field in planted.items():
        mine = [w for w in warnings if str(path) in w]
        assert len(mine) == 1 and field in mine[0], (path, field, warnings)
    assert len(warnings) == len(planted), warnings
    if command[0] == "report":
        text = (root / "OUT.csv").read_text()
        assert "fine.py" in text and "Linear" in text  # the rest is reported


def test_benchmark_measures_the_hostile_records_again(pristine: Path, root: Path) -> None:
    planted = _hostile(root)
    # The scripts where the cache's records say they are (a script's cache key names its path).
    done = run_benchit(
        "benchmark", "--all", "--search-dir", pristine / "corpus", "--cache-dir", root / "cache", *FAST, env=PRIVATE
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    ran = [line for line in done.stdout.splitlines() if ": ok (" in line]
    # The script whose record and results were damaged ran again; the untouched one did not.
    assert any("/many.py: ok" in line for line in ran), done.stdout[-3000:]
    assert any("[skip]" in line and "/fine.py" in line for line in done.stdout.splitlines()), done.stdout[-3000:]
    store = Cache(root / "cache")
    for path in planted:
        if path.parent.name != "scripts" and path.name != "build.json":
            assert json.loads(path.read_text())["stats"]["iterations"] > 0  # written anew
    report = run_benchit("report", "--cache-dir", root / "cache", "-o", root / "r.csv")
    assert report.returncode == 0 and _warnings(report.stderr) == [], report.stderr
    assert store.warnings == []


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["rows"][0].update(latency_median_ms=[1.0]),
        lambda d: d["rows"][0].update(samples_ms="fast"),
        lambda d: d["rows"][0].update(machine={"id": 1}),
        lambda d: d.update(rows={"a": 1}),
        lambda d: d["rows"].append([1, 2]),
        "deep",
        "huge",
    ],
    ids=["median_list", "samples_text", "machine_object", "rows_object", "row_list", "deep", "huge"],
)
def test_a_bad_compare_input_is_one_line_and_exit_2(root: Path, damage: Any) -> None:
    bad = root / "bad.json"
    if damage == "deep":
        bad.write_bytes(b'{"benchit_report": 1, "rows": ' + b"[" * 100_000 + b"]" * 100_000 + b"}")
    elif damage == "huge":
        text = (root / "report.json").read_text()
        bad.write_text(text.replace('"iterations": ', '"iterations": 1' + "0" * 400 + ', "was": ', 1))
    else:
        data = json.loads((root / "report.json").read_text())
        damage(data)
        bad.write_text(json.dumps(data))
    for argv in (["compare", root / "report.json", bad], ["compare", bad, root / "report.json"]):
        done = run_benchit(*argv)
        assert done.returncode == 2, done.stdout + done.stderr
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("benchit: error: ") and str(bad) in lines[0], done.stderr
