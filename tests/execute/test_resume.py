"""The resume policy: what is complete in the cache, and which pairs were measured on this machine."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from benchit import __version__
from benchit.config import Config
from benchit.execute import resume
from benchit.records import Result
from benchit.runrecords import ScriptRecord
from benchit.store.cache import Cache

HERE, THERE = "aaaaaaaaaaaa", "bbbbbbbbbbbb"


def _record(**changes: Any) -> ScriptRecord:
    return ScriptRecord.from_dict(
        {
            "key": "s",
            "digest": "d1",
            "script_args": [],
            "benchit_version": __version__,
            "hashes": [],
            "status": "ok",
            "timeout_s": 300.0,
            "memory_limit_bytes": None,
            "builds": ["s_1"],
            **changes,
        }
    )


def _result(pair: str, machine: str | None, status: str = "ok", digest: str = "d1") -> Result:
    device, runtime = pair.split("-")
    result: dict[str, Any] = {"device": device, "runtime": runtime, "status": status, "script_digest": digest}
    if machine:
        result["machine"] = {"id": machine, "hostname": machine[:1], "cpu_model": "x"}
    return Result.from_dict(result)


@pytest.fixture
def cache(tmp_path: Path) -> Cache:
    cache = Cache(tmp_path / "c")
    cache.create()
    return cache


def test_a_result_measured_elsewhere_is_not_done_here(cache: Cache) -> None:
    cache.write_script(_record())
    cache.write_result("s_1", _result("cpu-torch", THERE))
    config = Config(cache_dir=cache.root)
    plan = resume.plan(cache, config, _record(status="running", builds=[]), HERE)
    assert plan is not None and plan.done == {"s_1": []}
    assert resume.plan(cache, config, _record(status="running", builds=[]), THERE) is None
    assert resume.plan(cache, config, _record(status="running", builds=[]), None) is None  # any machine


def test_results_of_two_machines_lie_side_by_side(cache: Cache) -> None:
    cache.write_result("s_1", _result("cpu-torch", HERE))
    cache.write_result("s_1", _result("cpu-torch", THERE))
    assert sorted(r.machine.id for r in cache.read_results("s_1") if r.machine) == [HERE, THERE]
    assert cache.result_path("s_1", "cpu", "torch", HERE).parent.name == HERE


def test_results_without_a_machine_count_for_no_machine_but_are_read(cache: Cache) -> None:
    cache.write_result("s_1", _result("cpu-torch", None))
    assert cache.result_path("s_1", "cpu", "torch").is_file()
    assert [r.runtime for r in cache.read_results("s_1")] == ["torch"]
    assert resume.pairs_done(cache, ["s_1"], "d1", HERE) == {"s_1": []}
    assert resume.pairs_done(cache, ["s_1"], "d1", None) == {"s_1": ["cpu-torch"]}


def test_only_settled_results_of_this_script_version_are_done(cache: Cache) -> None:
    cache.write_result("s_1", _result("cpu-torch", HERE))
    cache.write_result("s_1", _result("cpu-ort", HERE, status="not_run"))
    cache.write_result("s_1", _result("cpu-compile", HERE, digest="old"))
    assert resume.pairs_done(cache, ["s_1"], "d1", HERE) == {"s_1": ["cpu-torch"]}


def test_missing_pairs_are_run_and_the_earlier_builds_stay_listed(cache: Cache) -> None:
    cache.write_script(_record())
    cache.write_result("s_1", _result("cpu-torch", HERE))
    config = Config(cache_dir=cache.root, runtimes=("torch", "ort"))
    plan = resume.plan(cache, config, _record(status="running", builds=[]), HERE)
    assert plan is not None and plan.done == {"s_1": ["cpu-torch"]} and plan.record.builds == ("s_1",)
    assert resume.plan(cache, Config(cache_dir=cache.root, analyze_only=True), _record(builds=[]), HERE) is None


@pytest.mark.parametrize(
    ("previous", "config", "settled"),
    [
        ({"status": "ok"}, {}, True),
        ({"status": "failed"}, {}, True),
        ({"status": "killed"}, {}, False),
        ({"status": "interrupted"}, {}, False),
        ({"status": "running"}, {}, False),
        ({"status": "timeout", "timeout_s": 300.0}, {"timeout_s": 300.0}, True),
        ({"status": "timeout", "timeout_s": 300.0}, {"timeout_s": 600.0}, False),
        ({"status": "oom", "memory_limit_bytes": 2**30}, {"memory_limit_bytes": 2**29}, True),
        ({"status": "oom", "memory_limit_bytes": 2**30}, {"memory_limit_bytes": 2**31}, False),
        ({"status": "oom", "memory_limit_bytes": None}, {}, False),
        # The default limit follows the free memory: a larger default alone does not try again.
        (
            {"status": "oom", "memory_limit_bytes": 2**30, "memory_limit_default": True},
            {"memory_limit_bytes": 2**31, "memory_limit_default": True},
            True,
        ),
        (
            {"status": "oom", "memory_limit_bytes": 2**30, "memory_limit_default": True},
            {"memory_limit_bytes": 2**31, "memory_limit_default": False},
            False,
        ),
    ],
)
def test_which_endings_would_repeat(previous: dict[str, Any], config: dict[str, Any], settled: bool) -> None:
    assert (
        resume.settled(ScriptRecord.from_dict({"key": "s", **previous}), Config(cache_dir=Path("."), **config))
        is settled
    )


def test_rebuild_always_and_never_and_a_changed_script(cache: Cache) -> None:
    cache.write_script(_record())
    cache.write_result("s_1", _result("cpu-torch", HERE))
    new = _record(status="running", builds=[])
    assert resume.plan(cache, Config(cache_dir=cache.root, rebuild="never"), new, HERE) is None
    always = resume.plan(cache, Config(cache_dir=cache.root, rebuild="always"), new, HERE)
    assert always is not None and always.done == {}
    changed = resume.plan(cache, Config(cache_dir=cache.root), dataclasses.replace(new, digest="d2"), HERE)
    assert changed is not None and changed.done == {} and changed.record.builds == ()
