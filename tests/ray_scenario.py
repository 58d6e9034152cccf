"""Run a benchit scenario on a private Ray cluster: a head and worker nodes on 127.0.0.1.

Never run this directly on a host: Ray would advertise the host's interface. The tests (and
``benchmarks/ray_vs_local.py``) start it inside a private network namespace::

    unshare -n sh -c 'ip link set lo up && python tests/ray_scenario.py SCENARIO.json OUT.json'

SCENARIO.json: ``{"workers": [{"resources": {...}}, ...], "steps": [STEP, ...]}``, each STEP
``{"benchit": [args...]}`` (``--executor ray --ray-address ADDR`` are added) with optional
``"kill_worker": N`` (SIGKILL worker N's raylet once ``"running": K`` scripts run at once: with K the
number of nodes and ``-j 1``, one of them runs on every node) or
``"interrupt": true`` (SIGINT to benchit once any script runs). OUT.json gets, per step, the exit
status, output and timings, and the cluster's node ids; every Ray process started here is gone
when this script returns (checked: its exit status is 1 otherwise).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _in_private_namespace() -> bool:
    """Whether loopback is the only network interface (``unshare -n``)."""
    return [name for _, name in socket.if_nameindex()] == ["lo"]


def _our_processes(marker: str) -> list[int]:
    """Live processes whose command line or environment names ``marker`` (our private Ray folder)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            text = Path(f"/proc/{entry}/cmdline").read_bytes() + Path(f"/proc/{entry}/environ").read_bytes()
            state = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in text and state != "Z":
            found.append(int(entry))
    return found


def _running(cache: Path) -> int:
    """How many script records say their script is running."""
    count = 0
    for path in (cache / "scripts").glob("*.json"):
        try:
            count += json.loads(path.read_text()).get("status") == "running"
        except (OSError, ValueError):
            continue
    return count


def _run_step(step: dict[str, Any], address: str, workers: list[Any], env: dict[str, str]) -> dict[str, Any]:
    args = [sys.executable, "-m", "benchit", *step["benchit"], "--executor", "ray", "--ray-address", address]
    cache = Path(step["benchit"][step["benchit"].index("--cache-dir") + 1])
    start = time.monotonic()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    event = None
    if "kill_worker" in step or step.get("interrupt"):
        target = workers[step["kill_worker"]].node_id if "kill_worker" in step else ""
        deadline = time.monotonic() + step.get("wait_s", 90)
        while proc.poll() is None and time.monotonic() < deadline and _running(cache) < step.get("running", 1):
            time.sleep(0.1)
        time.sleep(step.get("delay_s", 0.5))
        if proc.poll() is None:
            if "kill_worker" in step:
                workers[step["kill_worker"]].kill_raylet()
                event = {"killed_node": target, "at_s": time.monotonic() - start}
            else:
                proc.send_signal(signal.SIGINT)
                event = {"interrupted_at_s": time.monotonic() - start}
    try:
        out, err = proc.communicate(timeout=step.get("timeout_s", 240))
    except subprocess.TimeoutExpired:
        proc.send_signal(signal.SIGINT)  # as a user would: benchit records what ran, then exits
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
        err += "\n[ray_scenario: benchit did not finish in time]"
    return {"rc": proc.returncode, "stdout": out, "stderr": err, "wall_s": time.monotonic() - start, "event": event}


def main(scenario_path: str, out_path: str) -> int:
    if not _in_private_namespace():
        print("ray_scenario.py: refusing to start Ray outside a private network namespace (unshare -n)")
        return 2
    scenario = json.loads(Path(scenario_path).read_text())
    # A short private folder: Ray's socket paths must fit in 107 bytes, and nothing is shared.
    ray_tmp = tempfile.mkdtemp(prefix="brs-", dir="/tmp")
    os.environ["RAY_TMPDIR"] = ray_tmp
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # benchit's host lock lives in the temporary folder: a private one keeps this cluster's nodes
    # taking turns with each other, not with every other benchit run on the machine.
    os.makedirs(f"{ray_tmp}/tmp")
    os.environ["TMPDIR"] = f"{ray_tmp}/tmp"
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    report: dict[str, Any] = {"steps": [], "ray_tmp": ray_tmp}
    cluster = None
    try:
        from ray.cluster_utils import Cluster

        start = time.monotonic()
        node_args = {"num_cpus": 1, "include_dashboard": False, "node_ip_address": "127.0.0.1"}
        cluster = Cluster(initialize_head=True, head_node_args={**node_args, **scenario.get("head", {})})
        workers = [cluster.add_node(**{**node_args, **spec}) for spec in scenario.get("workers", [])]
        cluster.wait_for_nodes()
        report["cluster_start_s"] = time.monotonic() - start
        report["address"] = cluster.address
        report["head"] = cluster.head_node.node_id
        report["workers"] = [w.node_id for w in workers]
        for step in scenario["steps"]:
            report["steps"].append(_run_step(step, cluster.address, workers, env))
    finally:
        if cluster is not None:
            cluster.shutdown()
        deadline = time.monotonic() + 20
        while _our_processes(ray_tmp) and time.monotonic() < deadline:
            time.sleep(0.2)
        left = _our_processes(ray_tmp)
        for pid in left:  # ours by construction: they name our private folder
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        report["left_behind"] = left
        Path(out_path).write_text(json.dumps(report, indent=1))
        subprocess.run(["rm", "-rf", ray_tmp], check=False)
    return 1 if report["left_behind"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
