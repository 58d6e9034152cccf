"""Damaged and foreign cache content, and ``benchit cache list|delete|clean``: reading skips what it
cannot trust with a warning that names it; the subcommands touch only what benchit made."""

from __future__ import annotations

import errno
import json
import os
import shutil
import time
from pathlib import Path

import pandas as pd
import pytest
from helpers import FAST, report_df, result_file, run_benchit, snapshot, write_script

from benchit.errors import CacheError
from benchit.store.cache import Cache

NAMES = ["a", "b", "c", "d", "e"]
# A private host lock: these tests are about files and must not wait for other scans measuring.
ENV = {"TMPDIR": "/tmp/benchit-tests-cache"}
os.makedirs(ENV["TMPDIR"], exist_ok=True)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cache")
    for n, name in enumerate(NAMES, start=2):
        write_script(root / "corpus", f"{name}.py", f"import torch\ntorch.nn.Linear({n}, 2)(torch.randn(1, {n}))\n")
    done = run_benchit(
        "benchmark", "--all", "--search-dir", root / "corpus", "--cache-dir", root / "cache", *FAST, env=ENV
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return root / "cache"


@pytest.fixture
def cache(pristine: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "cache"
    shutil.copytree(pristine, copy, symlinks=True)
    return copy


def _build(cache: Path, script: str) -> Path:
    record = json.loads(next((cache / "scripts").glob(f"{script}-*.json")).read_text())
    return cache / "builds" / record["builds"][0]


def _report(cache: Path, tmp_path: Path) -> tuple[int, list[str], list[dict]]:
    done = run_benchit("report", "--cache-dir", cache, "-o", tmp_path / "r.csv")
    warnings = [line for line in done.stderr.splitlines() if line.startswith("benchit: warning: ")]
    rows = pd.read_csv(tmp_path / "r.csv").to_dict("records") if done.returncode == 0 else []
    return done.returncode, warnings, rows


def test_damaged_and_stray_files_are_skipped_by_name_and_the_rest_is_reported(cache: Path, tmp_path: Path) -> None:
    truncated = result_file(_build(cache, "a"), "cpu-torch")
    truncated.write_bytes(truncated.read_bytes()[: len(truncated.read_bytes()) // 2])
    future = result_file(_build(cache, "b"), "cpu-torch")
    future.write_text(json.dumps({**json.loads(future.read_text()), "format": 7}))
    listed = _build(cache, "c") / "build.json"
    listed.write_text("[1, 2, 3]")
    edited = result_file(_build(cache, "d"), "cpu-torch")
    edited.write_text(json.dumps({**json.loads(edited.read_text()), "stats": "very fast"}))
    strays = [cache / "scripts" / "notes.txt", cache / "builds" / "stray.bin", cache / "random.bin"]
    for path in strays:
        path.write_bytes(b"\x00\x01 not ours")
    (cache / "scripts" / "foreign.json").write_text('{"hello": "world"}')
    code, warnings, rows = _report(cache, tmp_path)
    assert code == 0
    named = {
        truncated: "unreadable result (JSONDecodeError",
        future: "unknown format version 7",
        listed: "not a build record",
        edited: "malformed result (stats: not an object)",
        cache / "scripts" / "foreign.json": "unknown format version None",
        **{path: "not a benchit file" for path in strays},
    }
    for path, why in named.items():
        assert any(f"skipped {path}: {why}" in w for w in warnings), (path, warnings)
    assert len(warnings) == len(named)
    by_script = {Path(r["script"]).stem: r for r in rows}
    assert by_script["e"]["status"] == "ok" and by_script["e"]["latency_median_ms"] > 0  # the rest is reported
    assert by_script["a"]["status"] == "not_run"  # its result could not be read
    assert by_script["c"]["status"] == "ok" and pd.isna(by_script["c"]["build_name"])  # no build row
    assert by_script["d"]["status"] == "not_run"  # its only result is malformed
    assert len(rows) == len(NAMES)


def test_a_result_whose_failure_has_no_stage_is_skipped_not_a_traceback(cache: Path, tmp_path: Path) -> None:
    edited = result_file(_build(cache, "d"), "cpu-torch")
    edited.write_text(json.dumps({**json.loads(edited.read_text()), "status": "failed", "failure": {"kind": "x"}}))
    code, warnings, rows = _report(cache, tmp_path)
    assert code == 0
    assert [w for w in warnings if "malformed result (failure: not a failure" in w and str(edited) in w], warnings
    done = run_benchit("triage", cache)  # the only failure was skipped: none left, one line
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr


def test_a_truncated_script_record_is_skipped(cache: Path, tmp_path: Path) -> None:
    record = next((cache / "scripts").glob("e-*.json"))
    record.write_text(record.read_text()[:40])
    code, warnings, rows = _report(cache, tmp_path)
    assert code == 0
    assert len(warnings) == 1
    assert warnings[0].startswith(f"benchit: warning: skipped {record}: unreadable script record (JSONDecodeError: ")
    assert sorted(Path(r["script"]).stem for r in rows) == ["a", "b", "c", "d"]


def test_cache_list_shows_every_build(cache: Path) -> None:
    done = run_benchit("cache", "list", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == len(NAMES) + 1
    for name in NAMES:
        build = _build(cache, name).name
        assert any(line.startswith(f"{build}  Linear  ") and "[cpu-torch:ok]" in line for line in lines), build
    assert lines[-1].startswith(f"{len(NAMES)} builds, ")


def test_cache_delete_removes_only_that_build_and_the_next_scan_redoes_it(cache: Path, pristine: Path) -> None:
    gone, kept = _build(cache, "a"), _build(cache, "b")
    before = snapshot(kept)
    done = run_benchit("cache", "delete", gone.name, "--cache-dir", cache)
    assert done.returncode == 0 and done.stdout.strip() == f"deleted {gone.name}", done.stderr
    assert not gone.exists() and snapshot(kept) == before
    assert len(list((cache / "builds").iterdir())) == len(NAMES) - 1
    corpus = pristine.parent / "corpus"
    again = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *FAST, env=ENV)
    assert again.returncode == 0, again.stdout
    assert again.stdout.count("[skip]") == len(NAMES) - 1 and "a.py: ok (1 model" in again.stdout
    assert result_file(gone, "cpu-torch").is_file() and snapshot(kept) == before


def test_cache_delete_waits_for_no_running_scan(cache: Path) -> None:
    build = _build(cache, "a")
    key = json.loads((build / "build.json").read_text())["script_key"]
    lock = Cache(cache).try_lock(key)  # as a running scan holds it
    assert lock is not None
    try:
        before = snapshot(cache)
        done = run_benchit("cache", "delete", _build(cache, "b").name, build.name, "--cache-dir", cache)
        assert done.returncode == 2 and "is being written by a running scan" in done.stderr
        assert snapshot(cache) == before  # not even the other build
    finally:
        lock.close()


def test_cache_clean_drops_artifacts_and_stale_temporaries_only(cache: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.onnx").write_bytes(b"keep me")
    (_build(cache, "a") / "artifacts").mkdir()
    (_build(cache, "a") / "artifacts" / "model.onnx").write_bytes(b"\x00" * (1 << 20))
    (_build(cache, "b") / "artifacts").symlink_to(outside, target_is_directory=True)
    stale = cache / "scripts" / ".a.json.abc.tmp"
    stale.write_text("{")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    fresh = cache / "builds" / ".x.json.def.tmp"
    fresh.write_text("{")
    _report(cache, tmp_path)
    before = (tmp_path / "r.csv").read_text()
    results = {p: p.read_bytes() for p in cache.rglob("*") if p.suffix in (".json", ".log")}
    done = run_benchit("cache", "clean", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("freed 1.0 MB")
    assert not (_build(cache, "a") / "artifacts").exists() and not (_build(cache, "b") / "artifacts").exists()
    assert (outside / "precious.onnx").read_bytes() == b"keep me"  # a link is unlinked, never followed
    assert not stale.exists() and fresh.exists()  # a temporary file may be a write in progress
    assert all(p.read_bytes() == data for p, data in results.items())
    _report(cache, tmp_path)
    assert (tmp_path / "r.csv").read_text() == before


def test_cache_clean_skips_a_build_a_running_scan_writes_and_says_so(cache: Path) -> None:
    busy, idle = _build(cache, "a"), _build(cache, "b")
    for build in (busy, idle):
        (build / "artifacts").mkdir()
        (build / "artifacts" / "model.onnx").write_bytes(b"\x00" * 1000)
    key = json.loads((busy / "build.json").read_text())["script_key"]
    lock = Cache(cache).try_lock(key)  # as a running scan holds it
    assert lock is not None
    try:
        done = run_benchit("cache", "clean", "--cache-dir", cache)
    finally:
        lock.close()
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == f"skipped {busy.name}: a running scan is writing it"
    assert (busy / "artifacts" / "model.onnx").is_file() and not (idle / "artifacts").exists()


def test_an_artifact_from_another_file_system_is_copied_in_then_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's folder on another file system than the cache (a tmpfs TMPDIR): the rename fails with
    EXDEV, and the artifact is copied in place atomically, then removed from the job's folder."""
    cache = Cache(tmp_path / "cache")
    cache.create()
    job = tmp_path / "job"
    job.mkdir()
    (job / "model.onnx").write_bytes(b"onnx" * 100_000)
    folder = os.open(job, os.O_RDONLY | os.O_DIRECTORY)
    rename, refused = os.rename, []

    def across(src: str, dst: str, *, src_dir_fd: int | None = None, dst_dir_fd: int | None = None) -> None:
        if src_dir_fd == folder:
            refused.append(src)
            raise OSError(errno.EXDEV, os.strerror(errno.EXDEV))
        rename(src, dst, src_dir_fd=src_dir_fd, dst_dir_fd=dst_dir_fd)

    monkeypatch.setattr(os, "rename", across)
    try:
        path = cache.write_artifact("m-1234", "model.onnx", source=(folder, "model.onnx"))
    finally:
        os.close(folder)
    assert path.read_bytes() == b"onnx" * 100_000 and os.listdir(path.parent) == ["model.onnx"]
    assert os.listdir(job) == [] and refused == ["model.onnx"]


def test_cache_delete_of_a_linked_build_unlinks_it(cache: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "build.json").write_text("{}")
    (cache / "builds" / "linked").symlink_to(outside, target_is_directory=True)
    done = run_benchit("cache", "delete", "linked", "--cache-dir", cache)
    assert done.returncode == 0, done.stderr
    assert not (cache / "builds" / "linked").exists() and (outside / "build.json").read_text() == "{}"


def test_cache_commands_refuse_a_directory_benchit_did_not_create(tmp_path: Path) -> None:
    foreign = tmp_path / "foreign"
    (foreign / "builds" / "x" / "artifacts").mkdir(parents=True)
    (foreign / "builds" / "x" / "artifacts" / "model.onnx").write_text("someone else's")
    (foreign / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")
    before = snapshot(foreign)
    for args in (["clean"], ["delete", "x"], ["list"]):
        done = run_benchit("cache", *args, "--cache-dir", foreign)
        assert done.returncode == 2 and "is not a benchit cache" in done.stderr, args
    assert snapshot(foreign) == before


def test_a_cache_half_created_by_another_scan_is_taken_not_refused(tmp_path: Path) -> None:
    """Another scan creating the same cache at this moment leaves its own files and their writes in
    progress: that is a cache being made, not a foreign folder (a race seen in CI)."""
    half = tmp_path / "cache"
    for sub in ("scripts", "builds", "locks"):
        (half / sub).mkdir(parents=True)
    (half / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")
    (half / ".CACHEDIR.TAG.0123456789ab.tmp").write_text("Signature")
    (half / ".benchit-cache.json.0123456789ab.tmp").write_text("{")
    Cache(half).create()
    assert Cache(half).is_cache()
    (half / ".elsewhere.0123456789ab.tmp").write_text("not ours")
    (half / "benchit-cache.json").unlink()
    with pytest.raises(CacheError, match="is not a benchit cache"):
        Cache(half).create()


def test_report_df_helper_reads_a_cache(pristine: Path) -> None:
    df = report_df(pristine)
    assert sorted(df["script"].map(lambda s: Path(s).stem)) == NAMES


def test_malformed_script_records_never_stop_a_scan_and_are_run_again(cache: Path, pristine: Path) -> None:
    records = {name: next((cache / "scripts").glob(f"{name}-*.json")) for name in NAMES}
    planted = {"a": {"builds": None}, "b": {"builds": [1]}, "c": {"builds": "x", "labels": [1]}}
    planted["d"] = {"status": 5, "error": "boom", "hashes": None}
    for name, fields in planted.items():
        records[name].write_text(json.dumps({**json.loads(records[name].read_text()), **fields}))
    result = next((_build(cache, "e") / "results").rglob("cpu-torch.json"))
    result.write_text(json.dumps({**json.loads(result.read_text()), "device": 3}))
    done = run_benchit(
        "benchmark", "--all", "--search-dir", pristine.parent / "corpus", "--cache-dir", cache, *FAST, env=ENV
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "internal error" not in done.stderr and "complete in the cache" not in done.stdout
    warnings = [line for line in done.stderr.splitlines() if line.startswith("benchit: warning: ")]
    expected = [
        f"ignored field 'builds' of {records['a']}: not a list of plain names (no separator, no '..')",
        f"ignored field 'builds' of {records['b']}: not a list of plain names (no separator, no '..')",
        f"ignored field 'builds' of {records['c']}: not a list of plain names (no separator, no '..')",
        f"ignored field 'labels' of {records['c']}: not an object of string lists",
        f"ignored field 'status' of {records['d']}: not a string",
        f"ignored field 'error' of {records['d']}: not an object of strings",
        f"ignored field 'hashes' of {records['d']}: not a list of strings",
        f"skipped {result}: malformed result (device: not a string)",
    ]
    assert sorted(w.removeprefix("benchit: warning: ") for w in warnings) == sorted(expected)
    assert done.stdout.count(": ok (1 model,") == len(NAMES)  # every script ran again
    df = report_df(cache)
    assert sorted(df["status"]) == ["ok"] * len(NAMES)


@pytest.mark.parametrize(
    "written",
    [
        "artifacts/sub/model.onnx",  # as results name it: relative to the build
        "<artifacts>/sub/model.onnx",  # the placeholder of workers before
        "/elsewhere/cache/builds/BUILD/artifacts/sub/model.onnx",  # an older result's path, in a cache since moved
    ],
)
def test_a_result_names_its_artifacts_relative_to_its_build_and_reads_them_as_paths(
    tmp_path: Path, written: str
) -> None:
    from benchit.records import Result
    from benchit.store.runs import located

    store = Cache(tmp_path / "cache")
    store.create()
    build = "m-0123abcd_ff00"
    info = {"onnx_file": written.replace("BUILD", build), "other": "/elsewhere/builds/other_b/artifacts/x.onnx"}
    store.write_result(build, Result("cpu", "ort", "ok", info={**info, "exporter": "dynamo"}))
    [result] = store.read_results(build)
    assert result.info == {**info, "exporter": "dynamo"}  # the record as it lies on disk
    result = located(store, build, result)
    assert result.info["onnx_file"] == str(store.artifacts_dir(build) / "sub" / "model.onnx")
    # Another build's path, and text that names no artifact, stay as they are.
    assert result.info["other"] == info["other"] and result.info["exporter"] == "dynamo"
