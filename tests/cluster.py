"""A private Ray cluster for the tests: whether one can run here, and a scenario run on it (ray_scenario.py)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO, TESTS

# Every node on this one host shares /etc/machine-id: $BENCHIT_MACHINE_ID names each as a machine.
WORKERS = [
    {"resources": {"accel_a": 1}, "env_vars": {"BENCHIT_MACHINE_ID": "worker-0"}},
    {"resources": {"accel_b": 1}, "env_vars": {"BENCHIT_MACHINE_ID": "worker-1"}},
]
HEAD = {"env_vars": {"BENCHIT_MACHINE_ID": "head"}}


def machine_id(name: str) -> str:
    """The machine id of a node named ``name`` by $BENCHIT_MACHINE_ID (benchit.execute.ray.node)."""
    return hashlib.sha256(name.encode()).hexdigest()[:12]


def _namespaces_allowed() -> str | None:
    """Why the Ray tests cannot run here, or ``None``."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return 'Ray is not installed (pip install "benchit-zoo[ray]")'
    if shutil.which("unshare") is None or shutil.which("ip") is None:
        return "needs unshare and ip to keep the cluster on a private loopback"
    done = subprocess.run(["unshare", "-n", "sh", "-c", "ip link set lo up"], capture_output=True, text=True)
    if done.returncode != 0:
        return f"unshare -n is not permitted here: {done.stderr.strip()[:200]}"
    return None


needs_cluster = pytest.mark.skipif(_namespaces_allowed() is not None, reason=str(_namespaces_allowed()))


def scenario(tmp_path: Path, steps: list[dict[str, Any]], workers: list[dict[str, Any]] = WORKERS) -> dict[str, Any]:
    """Run ``steps`` on a fresh private cluster (tests/ray_scenario.py inside ``unshare -n``)."""
    spec, out = tmp_path / "scenario.json", tmp_path / "scenario-out.json"
    spec.write_text(json.dumps({"head": HEAD, "workers": workers, "steps": steps}))
    command = f"ip link set lo up && exec {sys.executable} {TESTS / 'ray_scenario.py'} {spec} {out}"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(["unshare", "-n", "sh", "-c", command], capture_output=True, text=True, env=env, timeout=600)
    report = json.loads(out.read_text())
    assert report["left_behind"] == [], f"Ray processes outlived the scenario: {report['left_behind']}"
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return report
