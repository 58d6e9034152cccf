"""A cache written by benchit before the typed records (tests/data/cache-format1) is still read and resumed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
from helpers import DATA, FAST, REPO, report_df, run_benchit

from benchit.execute import resume
from benchit.measure.environment import machine_identity
from benchit.naming import script_key
from benchit.records import ResultStatus, ScriptStatus
from benchit.store.cache import FORMAT, Cache

OLD = DATA / "cache-format1"
OLD_KEY, OLD_BUILD = "linear-2ed6c484", "linear-2ed6c484_58cfb71c"
BUILDS = sorted(p.name for p in (OLD / "builds").iterdir())


@pytest.fixture
def old(tmp_path: Path) -> Path:
    cache = tmp_path / "cache"
    shutil.copytree(OLD, cache)
    return cache


def _on_disk(path: Path) -> dict:
    data = json.loads(path.read_text())
    assert data.pop("format") == 1
    return data


def test_every_record_reads_back_as_it_lies_on_disk(old: Path) -> None:
    assert FORMAT == 1  # the records' JSON did not change: no migration needed (yet)
    cache = Cache(old)
    scripts = sorted(p.stem for p in (OLD / "scripts").glob("*.json"))
    assert len(scripts) > 1 and sorted(cache.script_keys()) == scripts  # every record is read, none skipped
    assert sorted(cache.build_names()) == BUILDS and len(BUILDS) > 1
    for key in cache.script_keys():
        record = cache.read_script(key)
        assert record is not None and record.status is ScriptStatus.OK and record.machine is not None
        assert record.to_dict() == _on_disk(cache.script_path(key))
    for name in cache.build_names():
        build = cache.read_build(name)
        assert build is not None and build.invocation is not None and build.build_name == name
        assert build.to_dict() == _on_disk(cache.build_dir(name) / "build.json")
        results = cache.read_results(name)
        assert sorted(r.runtime for r in results) == ["ort", "torch"]
        for result in results:
            assert result.status is ResultStatus.OK and result.stats is not None and result.machine is not None
            path = cache.result_path(name, result.device, result.runtime, result.machine.id, result.precision)
            disk = _on_disk(path)
            # Fields added since the fixture was written read back as their defaults: the eager
            # flag (only torch was eager), not contended, no rounds, the eval mode, the default options.
            added = {"eager": result.runtime == "torch", "contended": False, "mode": "eval", "runtime_options": {}}
            rounds = {"rounds_ms": [], "round_iterations": [], "sample_rounds": []}
            assert result.to_dict() == {**disk, **added, "stats": {**disk["stats"], **rounds}}
    assert cache.warnings == []


def test_report_and_cache_list_read_an_old_cache(old: Path, tmp_path: Path) -> None:
    listing = run_benchit("cache", "list", "--cache-dir", old)
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.strip().splitlines()
    for name in BUILDS:
        assert any(line.startswith(f"{name}  ") and "[cpu-ort:ok, cpu-torch:ok]" in line for line in lines), name
    assert lines[-1].startswith(f"{len(BUILDS)} builds, ") and "warning" not in listing.stderr
    df = report_df(old, tmp_path / "report.csv")
    assert sorted(set(df["build_name"])) == BUILDS and len(df) == 2 * len(BUILDS)
    assert set(df["status"]) == {"ok"} and set(df["runtime"]) == {"torch", "ort"}


def _adopt(old: Path, script: Path) -> tuple[str, str]:
    """Make the old cache's run of linear.py the run of ``script`` (a copy of the same file) on
    this machine, as if today's main had run it there: its key, build and machine follow."""
    key = script_key(script)
    build = OLD_BUILD.replace(OLD_KEY, key)
    here = machine_identity().to_dict()
    (old / "builds" / OLD_BUILD).rename(old / "builds" / build)
    for suffix in (".json", ".log"):
        (old / "scripts" / f"{OLD_KEY}{suffix}").rename(old / "scripts" / f"{key}{suffix}")
    record = json.loads((old / "scripts" / f"{key}.json").read_text())
    record.update(key=key, script=str(script), builds=[build], machine=here)
    (old / "scripts" / f"{key}.json").write_text(json.dumps(record))
    info = json.loads((old / "builds" / build / "build.json").read_text())
    info.update(build_name=build, script=str(script), script_key=key)
    (old / "builds" / build / "build.json").write_text(json.dumps(info))
    results = old / "builds" / build / "results"
    (results / "0035969ec53f").rename(results / here["id"])
    for path in (results / here["id"]).iterdir():
        path.write_text(json.dumps({**json.loads(path.read_text()), "machine": here}))
    return key, build


def test_a_benchmark_resumes_an_old_cache(old: Path, tmp_path: Path) -> None:
    script = tmp_path / "corpus" / "linear.py"
    script.parent.mkdir()
    shutil.copy(REPO / "models" / "selftest" / "linear.py", script)
    key, build = _adopt(old, script)
    cache = Cache(old)
    previous = cache.read_script(key)
    assert previous is not None and previous.status is ScriptStatus.OK
    done = resume.pairs_done(cache, [build], previous.digest, machine_identity().id)
    assert done == {build: ["cpu-ort", "cpu-torch"]}
    args = ("benchmark", script, "--runtime", "torch,ort", "--cache-dir", old, *FAST)
    again = run_benchit(*args)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "complete in the cache" in again.stdout
    # Without its ort result, only that is measured again: the old torch result is kept.
    next((old / "builds" / build / "results").rglob("cpu-ort.json")).unlink()
    more = run_benchit(*args)
    assert more.returncode == 0, more.stdout + more.stderr
    assert f"{build} cpu/ort: median" in more.stdout and "cpu/torch" not in more.stdout
    record = Cache(old).read_script(key)
    assert record is not None and record.status is ScriptStatus.OK and record.builds == (build,)
    assert sorted(r.runtime for r in Cache(old).read_results(build)) == ["ort", "torch"]
    df = report_df(old, tmp_path / "report.csv")
    assert len(df) == 2 * len(BUILDS) and set(df["status"]) == {"ok"}


# A cache written by main at 3d18000, before the records were split and artifacts named relative to
# their build (the onnx files left out): eval and train, torch, ort and torch-compile, a script that
# failed, one whose ort result failed, and results benchit said were unavailable.
MAIN = DATA / "cache-main-3d18000"


def test_a_cache_of_the_main_before_the_split_reads_back_as_it_lies_on_disk(tmp_path: Path) -> None:
    cache = Cache(MAIN)
    keys = sorted(p.stem for p in (MAIN / "scripts").glob("*.json"))
    assert len(keys) == 5 and sorted(cache.script_keys()) == keys
    statuses = {}
    for key in keys:
        record = cache.read_script(key)
        assert record is not None and record.to_dict() == _on_disk(cache.script_path(key))
        statuses[key.split("-")[0]] = (record.status, record.result_count, record.failed_results)
    assert statuses["broken"][0] is ScriptStatus.FAILED
    assert statuses["nonfinite"] == (ScriptStatus.OK, 6, 1)
    assert statuses["two_models"] == (ScriptStatus.OK, 12, 0)
    counted = {}
    for name in cache.build_names():
        build = cache.read_build(name)
        assert build is not None and build.to_dict() == _on_disk(cache.build_dir(name) / "build.json")
        for result in cache.read_results(name):
            assert result.machine is not None
            path = cache.result_path(
                name, result.device, result.runtime, result.machine.id, result.precision, result.mode
            )
            assert result.to_dict() == _on_disk(path)  # the typed parity writes back what it read
            counted[result.status] = counted.get(result.status, 0) + 1
            if result.runtime == "ort" and result.status is ResultStatus.OK:
                assert result.parity is not None and result.parity.passed is True
    assert counted == {ResultStatus.OK: 22, ResultStatus.UNAVAILABLE: 7, ResultStatus.FAILED: 1}
    assert cache.warnings == []


def test_report_of_a_cache_of_the_main_before_the_split(tmp_path: Path) -> None:
    out = tmp_path / "report.csv"
    done = run_benchit("report", "--cache-dir", MAIN, "-o", out)
    assert done.returncode == 0, done.stderr
    # A script whose ort result failed is not counted ok, as the scan's summary says too.
    assert "scripts: 5 (3 ok, 1 failed, 1 with failed results)" in done.stdout
    assert "results: 30 (22 ok, 7 unavailable, 1 failed)" in done.stdout
    df = pd.read_csv(out)
    assert len(df[df["status"] == "ok"]) == 22 and set(df["mode"].dropna()) == {"eval", "train"}
    ort = df[(df["runtime"] == "ort") & (df["status"] == "ok")]
    assert len(ort) == 4 and ort["parity_passed"].all()
