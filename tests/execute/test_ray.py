"""``--executor ray`` end to end on a real Ray cluster (a head and two worker nodes on 127.0.0.1, inside a
private network namespace), and the ways it refuses to start."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from cluster import machine_id, needs_cluster, scenario
from helpers import FAST, FAULTS, REPO, run_benchit, run_benchit_subprocess, snapshot
from samples import FAULT_OUTCOMES

from benchit.store.cache import Cache

# A representative slice of the fault corpus: every status a script can end with here.
SUBSET = [
    "ok_model.py",
    "no_models.py",
    "exception_after.py",
    "sys_exit.py",
    "os_exit.py",
    "segfault.py",
    "memory_error.py",
    "bad_labels.py",
    "benchmark_raises.py",
]


def _records(cache: Path) -> dict[str, dict[str, Any]]:
    store = Cache(cache)
    records = (store.read_script(k) for k in store.script_keys())
    return {Path(r.script).name: r.to_dict() for r in records if r}


def _copy(names: list[str], folder: Path) -> Path:
    folder.mkdir()
    for name in names:
        shutil.copy(FAULTS / name, folder / name)
    return folder


# -- refusing to start: one line, exit 2, nothing written -------------------------------------
def test_unreachable_address_is_one_line_and_writes_nothing(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", FAULTS / "ok_model.py", "--cache-dir", cache, "--executor", "ray", "--ray-address", "127.0.0.1:9"
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "benchit: error: --ray-address 127.0.0.1:9: cannot reach a Ray cluster there (Connection refused)"
    ]
    assert not cache.exists()


def test_executor_ray_without_ray_installed(tmp_path: Path) -> None:
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "ray.py").write_text("raise ImportError('No module named ray')\n")
    cache = tmp_path / "cache"
    env = {"PYTHONPATH": os.pathsep.join([str(shim), str(REPO)])}
    # A fresh process, which finds the shim before any real Ray.
    done = run_benchit_subprocess(
        "benchmark", FAULTS / "ok_model.py", "--cache-dir", cache, "--executor", "ray", env=env
    )
    assert done.returncode == 2
    assert done.stderr.strip() == 'benchit: error: --executor ray needs Ray: pip install "benchit-zoo[ray]"'
    assert not cache.exists()


def test_unknown_executor(tmp_path: Path) -> None:
    (tmp_path / "cache").mkdir()
    before = snapshot(tmp_path)
    done = run_benchit("benchmark", FAULTS / "ok_model.py", "--cache-dir", tmp_path / "cache", "--executor", "slurm")
    assert done.returncode == 2
    assert done.stderr.strip() == "benchit: error: unknown executor 'slurm' (available: local, ray)"
    assert snapshot(tmp_path) == before


# -- a real cluster --------------------------------------------------------------------------
SLOW_SCRIPT = """# labels: name::{name} author::ray task::control
import time

import torch

time.sleep(6)
torch.nn.Linear(4, {width})(torch.randn(1, 4))
"""


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One private cluster for the tests below (starting and stopping one takes seconds), on which
    the steps of each run in turn: a scan of the fault subset, the same with --device cuda, the
    scan again; then a scan of three slow scripts interrupted with Ctrl-C, and that scan again."""
    tmp = tmp_path_factory.mktemp("ray")
    corpus = _copy(SUBSET, tmp / "corpus")
    # Two passes on both sides: a later pass goes to the node of its earlier ones (its machine_hint),
    # so that the Ray cache completes and resumes as the local one does.
    base = ["benchmark", "--all", "--search-dir", str(corpus), *FAST]
    scan = [*base, "--cache-dir", str(tmp / "ray-cache"), "--passes", "2"]
    # --device cuda in a cache of its own: the resume step reads only the first scan's.
    cuda = [*base, "--cache-dir", str(tmp / "cuda-cache"), "--device", "cuda"]
    slow = tmp / "slow"
    slow.mkdir()
    for i in range(3):
        (slow / f"slow{i}.py").write_text(SLOW_SCRIPT.format(name=f"slow{i}", width=i + 2))
    # One pass: a second would sleep in each slow script again.
    interrupted = ["benchmark", "--all", "--search-dir", str(slow), "--cache-dir", str(tmp / "slow-cache"), *FAST]
    interrupted += ["--passes", "1"]
    report = scenario(
        tmp,
        [
            {"benchit": scan},
            {"benchit": cuda, "timeout_s": 60},
            {"benchit": scan},
            {"benchit": interrupted, "interrupt": True, "running": 3, "delay_s": 1.0},
            {"benchit": interrupted},
        ],
    )
    return {"tmp": tmp, "corpus": corpus, "report": report}


@needs_cluster
def test_ray_scan_matches_local_names_nodes_and_resumes(cluster: dict[str, Any], tmp_path: Path) -> None:
    corpus, ray_cache, cuda_cache = cluster["corpus"], cluster["tmp"] / "ray-cache", cluster["tmp"] / "cuda-cache"
    local_cache = tmp_path / "local-cache"
    first, no_cuda, again = cluster["report"]["steps"][:3]
    assert first["rc"] == 1, first["stdout"][-3000:] + first["stderr"][-3000:]
    private = tmp_path / "tmp"  # the host lock of this run only, as in the scenario
    private.mkdir()
    local = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        corpus,
        "--cache-dir",
        local_cache,
        *FAST,
        "--passes",
        "2",
        env={"TMPDIR": str(private)},
    )
    assert local.returncode == 1, local.stderr[-3000:]

    on_ray, on_local = _records(ray_cache), _records(local_cache)
    assert set(on_ray) == set(SUBSET)
    nodes = {machine_id(name) for name in ("head", "worker-0", "worker-1")}
    used = set()
    for name in SUBSET:
        status, words, models, _ = FAULT_OUTCOMES[name]
        assert on_ray[name]["status"] == on_local[name]["status"] == status, (name, on_ray[name]["error"])
        error = on_ray[name].get("error") or {}
        assert words in f"{error.get('type')}: {error.get('message')}", (name, error)
        assert on_ray[name]["builds"] == on_local[name]["builds"]
        assert len(on_ray[name]["builds"]) == models
        assert on_ray[name]["executor"] == "ray"
        if name == "bad_labels.py":  # refused before it runs anywhere
            assert "machine" not in on_ray[name]
            continue
        node = on_ray[name]["machine"]["id"]
        assert node in nodes, (name, on_ray[name]["machine"])
        used.add(node)
        for build in on_ray[name]["builds"]:
            every = [r.to_dict() for r in Cache(ray_cache).read_results(build)]
            assert {r["machine"]["id"] for r in every} <= nodes, (name, build)
            # A script the resume step ran again may have results of its first node beside those
            # of its last one (results of several machines lie side by side). On Ray a result of
            # any node of the cluster counts as done, so a re-run on another node (segfault.py's
            # salvage run) need not measure again: each node's results match the local run's.
            local_statuses = [r["status"] for r in [r.to_dict() for r in Cache(local_cache).read_results(build)]]
            by_node: dict[str, list[str]] = {}
            for r in every:
                by_node.setdefault(r["machine"]["id"], []).append(r["status"])
            assert by_node, (name, build)
            assert all(statuses == local_statuses for statuses in by_node.values()), (name, build, by_node)
    assert used == nodes, "every node of the cluster ran scripts"

    # --device cuda: no node has it, so every script is unavailable at once, with the reason.
    assert no_cuda["rc"] == 1
    assert "no node of the Ray cluster (3 alive) has cuda" in no_cuda["stdout"]
    assert no_cuda["wall_s"] < 60
    unavailable = _records(cuda_cache)
    assert set(unavailable) == set(SUBSET), no_cuda["stdout"][-2000:]
    assert unavailable.pop("bad_labels.py")["status"] == "failed"  # its labels are refused first
    for name, record in unavailable.items():
        assert record["status"] == "unavailable", (name, record["error"])
        assert "has cuda" in record["error"]["message"]

    # The same scan again resumes as locally: the same scripts are complete in the cache (the
    # resume policy's, benchit.execute.resume), the others run again.
    local_again = run_benchit(
        "benchmark",
        "--all",
        "--search-dir",
        corpus,
        "--cache-dir",
        local_cache,
        *FAST,
        "--passes",
        "2",
        env={"TMPDIR": str(private)},
    )
    skipped = re.search(r"skipped (\d+) scripts already complete", local_again.stdout)
    assert skipped, local_again.stdout[-2000:]
    assert again["rc"] == local_again.returncode, again["stdout"][-2000:]
    assert skipped.group(0) in again["stdout"], again["stdout"][-2000:]
    assert {n: r["status"] for n, r in _records(ray_cache).items()} == {n: FAULT_OUTCOMES[n][0] for n in SUBSET}


@needs_cluster
@pytest.mark.slow
def test_a_node_killed_mid_scan_loses_nothing_and_a_rerun_completes(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    names = [f"slow{i}.py" for i in range(6)]
    for i, name in enumerate(names):
        (corpus / name).write_text(SLOW_SCRIPT.format(name=name[:-3], width=i + 2))
    cache = tmp_path / "cache"
    scan = ["benchmark", "--all", "--search-dir", str(corpus), "--cache-dir", str(cache), *FAST]
    # Three nodes, -j 1: once three scripts run, one runs on worker 0, whose raylet is then killed.
    report = scenario(tmp_path, [{"benchit": scan, "kill_worker": 0, "running": 3, "delay_s": 1.0}, {"benchit": scan}])
    first, again = report["steps"]
    assert first["event"] and first["event"]["killed_node"] == report["workers"][0], first
    assert "died; its scripts are retried once elsewhere" in first["stderr"], first["stderr"][-3000:]
    # Nothing lost: the scripts the dead node ran were retried on the others and every one ended ok,
    # its results measured on a node that is still alive (or had come back before the node died).
    records = _records(cache)
    assert set(records) == set(names)
    assert {n: r["status"] for n, r in records.items()} == dict.fromkeys(names, "ok"), first["stdout"][-3000:]
    alive = {machine_id("head"), machine_id("worker-1")}
    assert any(r["machine"]["id"] in alive for r in records.values())
    for record in records.values():
        assert len(record["builds"]) == 1
        results = [r.to_dict() for r in Cache(cache).read_results(record["builds"][0])]
        assert [r["status"] for r in results if r["machine"]["id"] == record["machine"]["id"]] == ["ok"]
    assert first["rc"] == 0, first["stdout"][-2000:] + first["stderr"][-2000:]
    # The same command again finds the scan complete.
    assert again["rc"] == 0, again["stdout"][-2000:] + again["stderr"][-2000:]
    assert f"skipped {len(names)} scripts already complete" in again["stdout"]


@needs_cluster
def test_ctrl_c_records_interrupted_and_a_rerun_completes(cluster: dict[str, Any]) -> None:
    names = [f"slow{i}.py" for i in range(3)]
    cache = cluster["tmp"] / "slow-cache"
    first, again = cluster["report"]["steps"][3:]
    assert first["event"] and "interrupted_at_s" in first["event"], first
    assert first["rc"] == 130, first["stdout"][-2000:] + first["stderr"][-2000:]
    # Each script's end as the first step printed it (the second step rewrites the records).
    ended = [line for line in first["stdout"].splitlines() if ": interrupted (" in line]
    assert sorted(name for name in names for line in ended if f"/{name}:" in line) == names, first["stdout"][-3000:]
    assert first["stdout"].count("interrupted: stopped by the user (Ctrl-C)") == 3
    assert "skipped" not in again["stdout"]  # an interrupted script is not complete: all three run again
    assert again["rc"] == 0, again["stdout"][-2000:] + again["stderr"][-2000:]
    assert {n: r["status"] for n, r in _records(cache).items()} == dict.fromkeys(names, "ok")


def test_a_node_takes_the_defaults_left_to_it_from_its_own_machine(tmp_path: Path) -> None:
    """--threads and the default memory limit mean on a node what they mean on it locally: its own
    physical cores and its own free memory; settings the user gave travel unchanged."""
    from benchit.config import Config
    from benchit.execute.process import default_memory_limit
    from benchit.execute.ray.node import node_defaults
    from benchit.measure.environment import physical_cores
    from benchit.messages import JobSpec
    from benchit.records import Script

    script = Script(path=tmp_path / "s.py", labels={})
    driver = Config(
        cache_dir=tmp_path, threads=64, memory_limit_bytes=1, threads_default=True, memory_limit_default=True
    )
    spec = node_defaults(JobSpec(job_id=1, key="k", script=script, config=driver))
    assert spec.config.threads == physical_cores() != 64
    # The node's free memory, read again: other processes move it by a few pages between the two reads.
    limit = spec.config.memory_limit_bytes
    assert limit is not None and limit != 1
    assert abs(limit - default_memory_limit(driver.jobs)) < 0.05 * limit
    given = Config(cache_dir=tmp_path, threads=64, memory_limit_bytes=2**30)
    assert node_defaults(JobSpec(job_id=2, key="k", script=script, config=given)).config == given
