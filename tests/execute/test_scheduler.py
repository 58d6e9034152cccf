"""The scheduler with a scripted executor: capacity (-j), lock deferral, and events into the cache."""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from benchit.config import Config, TimingSettings
from benchit.contracts import Executor
from benchit.execute.scheduler import Scheduler
from benchit.messages import (
    Artifact,
    Attempt,
    Done,
    Event,
    InvocationFound,
    JobExited,
    JobKilled,
    JobSpec,
    JobStarted,
    LockWait,
    LogChunk,
    MemoryGroupRefused,
    ResultReady,
    ScriptError,
    decode,
)
from benchit.naming import key_build_name
from benchit.records import Invocation, Machine, Result, Script, ScriptStatus
from benchit.runrecords import ArtifactFacts
from benchit.store.cache import Cache
from benchit.store.runs import script_run

NODE = Machine("feedfacecafe", "node-a", "Some CPU")
INVOCATION = Invocation("1234abcd", "Linear", 10, {}, "x: float32[1,4]", 1, "s.py:3")


class Scripted(Executor):
    """Runs nothing: each job reports a model, a result, an ONNX file and its output, then ends."""

    name = "scripted"

    def __init__(self, capacity: int = 1, fail: set[str] | None = None):
        self.limit, self.fail = capacity, fail or set()
        self.pending: list[Event] = []
        self.running: set[int] = set()
        self.most = 0
        self.specs: list[JobSpec] = []
        self.closed = False

    @property
    def capacity(self) -> int:
        return self.limit

    def open(self, config: Config, preload: list[str]) -> None:
        self.config = config

    def machine(self) -> Machine:
        return NODE

    def submit(self, spec: JobSpec) -> None:
        # What crosses the seam survives JSON.
        spec = JobSpec.from_dict(json.loads(json.dumps(spec.to_dict())))
        self.specs.append(spec)
        self.running.add(spec.job_id)
        self.most = max(self.most, len(self.running))
        build = key_build_name(spec.key, INVOCATION.hash)
        messages: list[Any] = [JobStarted(NODE, 1000 + spec.job_id), LogChunk(b"hello\n")]
        if spec.script.path.name in self.fail:
            messages += [ScriptError("ValueError", "bad input"), Done(), JobExited(0)]
        else:
            messages += [
                InvocationFound(build, INVOCATION),
                Artifact(build, "model.onnx", hashlib.sha256(b"onnx").hexdigest(), 4, data=b"onnx"),
                ResultReady(build, Result("cpu", "torch", "ok", info={"onnx_file": "artifacts/model.onnx"})),
                Done(),
                JobExited(0),
            ]
        self.pending += [Event(spec.job_id, m) for m in messages]

    def events(self, timeout: float) -> list[Event]:
        # One job's whole story per call, so that several jobs overlap.
        if not self.pending:
            return []
        job = self.pending[0].job_id
        mine = [e for e in self.pending if e.job_id == job]
        self.pending = [e for e in self.pending if e.job_id != job]
        self.running.discard(job)
        return [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in mine]

    def cancel(self, job_id: int, status: ScriptStatus, reason: str) -> None:
        self.pending.append(Event(job_id, JobKilled(status, reason)))

    def close(self) -> None:
        self.closed = True


class Recorder:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def script_started(self, job: Any) -> None:
        self.lines.append(f"start {job.script.path.name}")

    def invocation(self, job: Any, build: str, invocation: Invocation) -> None:
        self.lines.append(f"model {build}")

    def result(self, job: Any, build: str, result: Result) -> None:
        self.lines.append(f"result {result.runtime}")

    def script_finished(self, job: Any) -> None:
        self.lines.append(f"end {job.script.path.name} {job.record.status}")

    def script_skipped(self, script: Script, reason: str) -> None:
        self.lines.append(f"skip {script.path.name}")

    def lock_wait(self, job: Any) -> None:
        self.lines.append(f"wait {job.script.path.name}")

    def salvage(self, job: Any, builds: list[str]) -> None:
        self.lines.append(f"salvage {job.script.path.name}")


def _scripts(tmp_path: Path, *names: str) -> list[Script]:
    scripts = []
    for name in names:
        path = tmp_path / name
        path.write_text("pass\n")
        scripts.append(Script(path.resolve(), {"name": [name]}, relative_path=name))
    return scripts


@pytest.fixture
def cache(tmp_path: Path) -> Cache:
    cache = Cache(tmp_path / "cache")
    cache.create()
    return cache


def test_events_land_in_the_cache_with_their_machine_and_artifact_digest(tmp_path: Path, cache: Cache) -> None:
    executor, progress = Scripted(), Recorder()
    config = Config(cache_dir=cache.root)
    jobs = Scheduler(config, cache, progress, executor, []).run(_scripts(tmp_path, "a.py", "b.py"))
    assert [j.record.status for j in jobs] == [ScriptStatus.OK, ScriptStatus.OK] and executor.closed
    build = jobs[0].record.builds[0]
    record = cache.read_build(build)
    assert record is not None and record.invocation == INVOCATION
    assert record.relative_path == "a.py"
    assert record.artifacts == {"model.onnx": ArtifactFacts(hashlib.sha256(b"onnx").hexdigest(), 4)}
    assert (cache.artifacts_dir(build) / "model.onnx").read_bytes() == b"onnx"
    [result] = cache.read_results(build)
    assert result.machine == NODE and result.script_digest == jobs[0].digest
    # The record names the artifact relative to its build; a report reads it as its path in the cache.
    assert result.info["onnx_file"] == "artifacts/model.onnx"
    run = script_run(cache, jobs[0].key)
    assert run is not None
    [located] = [r for b in run.builds for r in b.results if b.build_name == build]
    assert located.info["onnx_file"] == str(cache.artifacts_dir(build) / "model.onnx")
    assert cache.log_path(jobs[0].key).read_bytes() == b"hello\n"
    script = cache.read_script(jobs[0].key)
    assert script is not None and script.machine == NODE and script.executor == "scripted"
    assert script.result_count == 1 and script.failed_results == 0 and script.builds == (build,)
    assert progress.lines[:5] == ["start a.py", f"model {build}", "result torch", "end a.py ok", "start b.py"]


def test_no_more_jobs_than_the_capacity_run_at_once(tmp_path: Path, cache: Cache) -> None:
    executor = Scripted(capacity=2)
    names = [f"s{i}.py" for i in range(5)]
    jobs = Scheduler(Config(cache_dir=cache.root), cache, Recorder(), executor, []).run(_scripts(tmp_path, *names))
    assert len(jobs) == 5 and executor.most == 2


def test_a_script_locked_by_another_scan_waits_until_the_rest_ran(tmp_path: Path, cache: Cache) -> None:
    scripts = _scripts(tmp_path, "a.py", "b.py", "c.py")
    config = Config(cache_dir=cache.root)
    from benchit.naming import script_key

    held = cache.try_lock(script_key(scripts[0].path))
    assert held is not None
    progress = Recorder()
    scheduler = Scheduler(config, cache, progress, Scripted(), [])

    def release(*_: Any) -> None:
        held.close()

    # The lock is released as the last free script finishes; the deferred one then runs last.
    original = progress.script_finished

    def finished(job: Any) -> None:
        original(job)
        if job.script.path.name == "c.py":
            release()

    progress.script_finished = finished  # type: ignore[method-assign]
    jobs = scheduler.run(scripts)
    assert [j.script.path.name for j in jobs] == ["b.py", "c.py", "a.py"]
    assert [j.index for j in jobs] == [1, 2, 3]


def test_a_second_run_skips_what_this_machine_measured(tmp_path: Path, cache: Cache) -> None:
    scripts = _scripts(tmp_path, "a.py")
    config = Config(cache_dir=cache.root)
    Scheduler(config, cache, Recorder(), Scripted(), []).run(scripts)
    progress = Recorder()
    again = Scheduler(config, cache, progress, Scripted(), [])
    assert again.run(scripts) == [] and progress.lines == ["skip a.py"]


def test_the_job_spec_names_reusable_artifacts_and_the_script_key(tmp_path: Path, cache: Cache) -> None:
    scripts = _scripts(tmp_path, "a.py")
    one = TimingSettings(passes=1)  # one job per scan (tests/execute/test_passes.py has the passes)
    Scheduler(Config(cache_dir=cache.root, timing=one), cache, Recorder(), Scripted(), []).run(scripts)
    executor = Scripted()
    more = Config(cache_dir=cache.root, runtimes=("torch", "ort"), timing=one)
    Scheduler(more, cache, Recorder(), executor, []).run(scripts)
    [spec] = executor.specs
    build = key_build_name(spec.key, INVOCATION.hash)
    assert spec.done == {build: ["cpu-torch"]}
    [artifact] = spec.artifacts
    assert (artifact.build, artifact.name, artifact.size) == (build, "model.onnx", 4)
    assert artifact.path == str(cache.artifacts_dir(build) / "model.onnx") and artifact.data is None
    inlined = spec.inlined()
    assert inlined.artifacts[0].data == b"onnx" and inlined.inline
    assert inlined.sources == {"a.py": b"pass\n"}


def test_a_script_error_is_failed_with_its_message(tmp_path: Path, cache: Cache) -> None:
    jobs = Scheduler(Config(cache_dir=cache.root), cache, Recorder(), Scripted(fail={"a.py"}), []).run(
        _scripts(tmp_path, "a.py")
    )
    record = jobs[0].record
    assert record.status is ScriptStatus.FAILED and record.error is not None and record.error["message"] == "bad input"


def test_every_message_round_trips_through_json() -> None:
    messages = [
        InvocationFound("b", INVOCATION),
        ResultReady("b", Result("cpu", "torch", "ok", machine=NODE)),
        Attempt("b", Result("cpu", "ort", "failed")),
        Attempt("b", None),
        Artifact("b", "m.onnx", "00", 2, data=b"\x00\xff"),
        ScriptError("E", "m", "t"),
        Done(),
        JobStarted(NODE, 3),
        LogChunk(b"\x00log"),
        JobKilled(ScriptStatus.TIMEOUT, "slow"),
        JobExited(-9, True, 10, "cgroup v1"),
        LockWait(True),
        MemoryGroupRefused(),
    ]
    for message in messages:
        assert decode(json.loads(json.dumps(message.to_dict()))) == message
    with pytest.raises(ValueError, match="unknown message type"):
        decode({"type": "nope"})


def test_the_report_names_machines_by_hostname_and_by_id_when_hostnames_clash(tmp_path: Path, cache: Cache) -> None:
    from benchit.report.frame import frame

    jobs = Scheduler(Config(cache_dir=cache.root), cache, Recorder(), Scripted(), []).run(_scripts(tmp_path, "a.py"))
    build = jobs[0].record.builds[0]
    assert list(frame(cache)["machine"]) == ["node-a"]
    [result] = cache.read_results(build)
    twin = Machine("0123456789ab", "node-a", "Other CPU")
    cache.write_result(build, dataclasses.replace(result, machine=twin))
    other = Machine("abcdefabcdef", "node-b", "Other CPU")
    cache.write_result(build, dataclasses.replace(result, machine=other))
    df = frame(cache)
    assert sorted(df["machine"]) == ["node-a (0123456789ab)", "node-a (feedfacecafe)", "node-b"]
    assert sorted(df["machine_id"]) == sorted([NODE.id, twin.id, other.id])
