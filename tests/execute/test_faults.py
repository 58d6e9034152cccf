"""The fault corpus (tests/faults/) through the real CLI: every fault is a recorded status with a
readable reason, the scan goes on, and the models captured before a fault are kept."""

from __future__ import annotations

import json
import os
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import FAST, FAULTS, alive, all_gone, report_df, run_benchit, run_benchit_subprocess, write_script
from samples import FAULT_OUTCOMES

from benchit.execute import process
from benchit.execute.joblog import LOG_LIMIT, LOG_TAIL
from benchit.execute.outcome import exit_ending

LIMITED = ("hang.py", "memory_hog.py", "memory_creep.py")  # scanned apart, with --timeout and --memory-limit
SYNTAX_ERROR = "# labels: name::syntax_error author::faults task::fault\nimport torch\n\ndef broken(:\n    pass\n"

EXPECTED_LIMITED: dict[str, tuple[str, str, int, str]] = {
    "hang.py": ("timeout", "did not finish within --timeout 6 s, stopped in hang.py:<module> (the script)", 1, "not_run"),
    # RLIMIT_DATA or the polling, whichever is first: the model is then benchmarked, or not.
    "memory_hog.py": ("oom", "--memory-limit", 1, "ok|not_run"),
    "memory_creep.py": ("oom", "over --memory-limit", 1, "not_run"),
    "ok_model.py": ("ok", "", 1, "ok"),
}


def _copy(names: list[str], folder: Path) -> Path:
    folder.mkdir()
    for name in names:
        shutil.copy(FAULTS / name, folder / name)
    return folder


def _scan(tmp: Path, corpus: Path, *flags: str) -> dict[str, Any]:
    cache = tmp / "cache"
    started = time.monotonic()
    done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *FAST, *flags)
    elapsed = time.monotonic() - started
    records = {}
    for path in (cache / "scripts").glob("*.json"):
        record = json.loads(path.read_text())
        records[Path(record["script"]).name] = record
    return {"done": done, "cache": cache, "corpus": corpus, "records": records, "df": report_df(cache), "s": elapsed}


@pytest.fixture(scope="module")
def faults(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("faults")
    names = sorted(p.name for p in FAULTS.glob("*.py") if p.name not in LIMITED)
    corpus = _copy(names, tmp / "corpus")
    (corpus / "syntax_error.py").write_text(SYNTAX_ERROR)
    return _scan(tmp, corpus, "--timeout", "120")


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("limited")
    corpus = _copy([*LIMITED, "ok_model.py"], tmp / "corpus")
    return _scan(tmp, corpus, "--timeout", "6", "--memory-limit", "600M")


def test_every_script_of_the_corpus_is_tried() -> None:
    on_disk = {p.name for p in FAULTS.glob("*.py")} | {"syntax_error.py"}
    assert on_disk == set(FAULT_OUTCOMES) | set(EXPECTED_LIMITED)


def _check(scan: dict[str, Any], name: str, expected: tuple[str, str, int, str]) -> None:
    status, reason, models, result_status = expected
    record = scan["records"][name]
    assert record["status"] == status, record.get("error")
    message = (record.get("error") or {}).get("message", "")
    assert reason in f"{(record.get('error') or {}).get('type')}: {message}"
    assert len(record["builds"]) == models
    rows = scan["df"][scan["df"]["script"] == str(scan["corpus"] / name)]
    assert set(rows["script_status"]) == {status}
    if reason:
        assert all(reason.split(": ")[-1] in str(cell) for cell in rows["script_error"]), rows["script_error"]
    if models:
        assert rows["build_name"].notna().sum() == models
        assert len(set(rows["status"])) == 1 and set(rows["status"]) <= set(result_status.split("|"))
        for build in record["builds"]:  # the build's files are on disk and parse
            assert json.loads((scan["cache"] / "builds" / build / "build.json").read_text())["script_key"]
    else:
        assert rows["build_name"].isna().all() and len(rows) == 1


@pytest.mark.parametrize("name", sorted(FAULT_OUTCOMES))
def test_fault_status_and_reason(faults: dict[str, Any], name: str) -> None:
    _check(faults, name, FAULT_OUTCOMES[name])


@pytest.mark.parametrize("name", sorted(EXPECTED_LIMITED))
def test_limit_status_and_reason(limited: dict[str, Any], name: str) -> None:
    _check(limited, name, EXPECTED_LIMITED[name])


def test_the_scan_goes_on_and_exits_non_zero(faults: dict[str, Any], limited: dict[str, Any]) -> None:
    for scan, expected in ((faults, FAULT_OUTCOMES), (limited, EXPECTED_LIMITED)):
        assert scan["done"].returncode == 1, scan["done"].stderr
        assert "Traceback" not in scan["done"].stderr
        assert set(scan["records"]) == set(expected)
        assert "summary" in scan["done"].stdout


def test_benchmark_failure_is_a_failed_result_with_its_reason(faults: dict[str, Any]) -> None:
    rows = faults["df"][faults["df"]["script"].str.endswith("benchmark_raises.py")]
    assert list(rows["error"]) == ["RuntimeError: fault injected: this model works only once"]


def test_loud_output_goes_to_a_bounded_log(faults: dict[str, Any]) -> None:
    key = faults["records"]["loud.py"]["key"]
    log = (faults["cache"] / "scripts" / f"{key}.log").read_bytes()
    assert LOG_LIMIT < len(log) <= LOG_LIMIT + LOG_TAIL + 200  # 24 MB written
    assert log.startswith(b"x" * 1023 + b"\n")
    assert b"bytes of output not kept" in log
    assert log.rstrip().endswith(b"LOUD-END-MARKER")  # the end is kept


def test_a_malformed_labels_line_is_never_executed(faults: dict[str, Any]) -> None:
    assert not (faults["corpus"] / "bad_labels.ran").exists()


@pytest.mark.parametrize(("scan", "name"), [("faults", "leaves_child.py"), ("limited", "hang.py")])
def test_no_process_of_a_script_outlives_it(request: pytest.FixtureRequest, scan: str, name: str) -> None:
    corpus = request.getfixturevalue(scan)["corpus"]
    pids = [int(p) for p in (corpus / name).with_suffix(".pids").read_text().split()]
    assert len(pids) == 2  # one in the script's session, one that left it
    try:
        assert all_gone(pids, within=5.0), [p for p in pids if alive(p)]
    finally:
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_the_memory_peak_is_recorded(limited: dict[str, Any]) -> None:
    # Polling sees the peak go over the limit; a cgroup's kernel stops it at the limit.
    assert limited["records"]["memory_creep.py"]["peak_rss_bytes"] > 0.9 * 600 * 2**20


# -- the kernel's out-of-memory killer, which no test can safely provoke ------------------------
@pytest.mark.parametrize(("count", "status"), [(5, "oom"), (4, "killed")])
def test_sigkill_after_the_kernel_counted_an_oom_kill_is_oom(
    monkeypatch: pytest.MonkeyPatch, count: int, status: str
) -> None:
    # The local executor reads the counters when a job starts and again when it exits.
    monkeypatch.setattr(process, "oom_kills", lambda: {"/counter": count})
    got, error = exit_ending(-signal.SIGKILL, process.oom_killed_since({"/counter": 4}), "")
    assert got == status
    assert error is not None and ("out-of-memory killer" in error["message"])


def test_oom_kill_counters_are_read_from_cgroup_or_vmstat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    v2, v1 = tmp_path / "memory.events", tmp_path / "memory.oom_control"
    v2.write_text("low 0\nhigh 0\nmax 3\noom 2\noom_kill 2\n")
    v1.write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 7\n")
    monkeypatch.setattr(process, "OOM_COUNTERS", ((str(v2), "oom_kill"), (str(v1), "oom_kill"), ("/nope", "x")))
    before = process.oom_kills()
    assert before == {str(v2): 2, str(v1): 7}
    assert not process.oom_killed_since(before)
    v1.write_text("oom_kill_disable 0\nunder_oom 0\noom_kill 8\n")
    assert process.oom_killed_since(before)


def _by_name(df: pd.DataFrame) -> pd.DataFrame:
    return df.drop_duplicates("script").set_index(df.drop_duplicates("script")["script"].map(lambda s: Path(s).name))


def test_report_columns_carry_the_reasons(faults: dict[str, Any], limited: dict[str, Any]) -> None:
    statuses = _by_name(faults["df"])
    assert statuses.loc["abort.py", "script_error"] == "SIGABRT: the worker was killed by SIGABRT (aborted)"
    assert _by_name(limited["df"]).loc["hang.py", "error"].startswith("not benchmarked (script ended as timeout)")


def test_a_hard_death_is_told_and_its_models_measured_by_a_second_run(faults: dict[str, Any]) -> None:
    out = faults["done"].stdout
    assert out.count("died before measuring 1 model: running it again to measure each at its first call") == 4
    record = faults["records"]["segfault.py"]
    assert record["results"] == 1 and record["error"]["type"] == "SIGSEGV"


# A runtime that kills its own process: while being prepared, or at its first step a second after
# that (both runtimes' warm-ups are capped at --warmup-time 0.2 s: by then it is in its rounds).
CRASHY = """
import os
import signal
import time
import benchit


class Crashy(benchit.Runtime):
    name = "crashy"
    devices = ("cpu",)

    def prepare(self, model, args, kwargs, device, artifacts):
        if os.environ["CRASH_AT"] == "prepare":
            os.kill(os.getpid(), signal.SIGSEGV)
        prepared = time.monotonic()

        def step():
            if time.monotonic() - prepared > float(os.environ["CRASH_AT"]):
                os.kill(os.getpid(), signal.SIGSEGV)
            return model(*args, **kwargs)

        return benchit.Prepared(step=step)


@benchit.hookimpl
def benchit_runtimes():
    return [Crashy]
"""


@pytest.mark.parametrize("crash_at", ["prepare", "round"])
def test_a_runtime_that_kills_the_worker_fails_alone(tmp_path: Path, crash_at: str) -> None:
    """The runtimes of a model are measured together, in interleaved rounds: one that kills the
    worker fails with the signal, and the model's other runtimes are measured again without it."""
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "crashy.py").write_text(CRASHY)
    script = write_script(tmp_path, "mlp.py", "import torch\ntorch.nn.Linear(8, 8).eval()(torch.randn(2, 8))\n")
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--cache-dir", cache, "--plugins-dir", tmp_path / "plugins",
        "--runtime", "torch,crashy", "--threads", "1", "--min-time", "3", "--max-time", "4",
        "--warmup-time", "0.2", "--quiet-wait", "0", env={"CRASH_AT": "prepare" if crash_at == "prepare" else "1.0"},
    )  # fmt: skip
    assert done.returncode == 1, done.stdout + done.stderr
    assert "running it again to measure each at its first call" in done.stdout
    results = {p.stem: json.loads(p.read_text()) for p in cache.glob("builds/*/results/*/*.json")}
    assert set(results) == {"cpu-torch", "cpu-crashy"}
    assert results["cpu-torch"]["status"] == "ok" and results["cpu-torch"]["stats"]["median_ms"] > 0
    crashed = results["cpu-crashy"]
    assert crashed["status"] == "failed"
    assert (
        crashed["error"]
        == "the worker was killed by SIGSEGV (segmentation fault), while preparing or measuring this runtime"
    )
    assert crashed["machine"] and crashed["script_digest"]  # stamped as every result is
    df = report_df(cache)
    assert sorted(df["status"]) == ["failed", "ok"]


CGROUP_V1 = Path("/sys/fs/cgroup/memory")


def test_a_real_kernel_oom_kill_is_oom(tmp_path: Path) -> None:
    """Run a scan in a memory cgroup too small for memory_hog.py, without --memory-limit: the
    default limit (from the room left in that group) or the group's OOM killer ends the script (or
    the warm worker), and the status says so."""
    group = CGROUP_V1 / f"benchit-test-{os.getpid()}"
    try:
        group.mkdir()
        (group / "memory.limit_in_bytes").write_text(str(1400 << 20))
    except OSError as exc:
        pytest.skip(f"cannot make a cgroup v1 memory group here ({exc})")
    try:
        corpus = _copy(["memory_hog.py", "ok_model.py"], tmp_path / "corpus")
        cache = tmp_path / "cache"
        procs = group / "cgroup.procs"
        done = run_benchit_subprocess(  # its own process, put in the group before it starts
            "benchmark",
            "--all",
            "--search-dir",
            corpus,
            "--cache-dir",
            cache,
            *FAST,
            timeout=240,
            preexec_fn=lambda: procs.write_text(str(os.getpid())),  # in the child, before exec
        )
        assert done.returncode == 1, done.stdout + done.stderr
        records = {
            Path(r["script"]).name: r for r in map(json.loads, map(Path.read_text, cache.glob("scripts/*.json")))
        }
        assert records["memory_hog.py"]["status"] == "oom"
        # The default limit is taken from the room left in this small group, so benchit's own
        # per-script limit stops the script first, or the group's OOM killer does, and says so.
        message = records["memory_hog.py"]["error"]["message"]
        assert "the kernel's out-of-memory killer" in message or "over the default memory limit" in message, message
        assert records["ok_model.py"]["status"] == "ok"
    finally:
        for _ in range(50):  # the group can go once its processes have
            try:
                group.rmdir()
                break
            except OSError:
                time.sleep(0.1)
