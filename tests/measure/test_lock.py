"""The host lock between benchit processes: waiting for another scan's measurement is not the
script's own work (``--timeout`` does not count it), and a measurement waiting for the lock is
not overtaken by a stream of scripts that hold it shared."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from helpers import report_df, write_script

from benchit.measure.hostlock import HOST_TMPDIR_ENV

QUICK = "import torch\ntorch.nn.Linear({n}, 2)(torch.randn(1, {n}))\n"
# Takes the host lock as benchit does (shared or exclusive) after a delay; prints when it has it,
# then holds it for the given seconds, or until a file exists.
HOLDER = """
import os, sys, time
from benchit.measure import hostlock
mode, hold, delay, until = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
time.sleep(delay)
with hostlock.host_lock(exclusive=mode == "ex"):
    print(f"{mode} {time.monotonic():.3f}", flush=True)
    time.sleep(hold)
    while until and not os.path.exists(until):
        time.sleep(0.05)
"""


def test_waiting_for_another_scans_measurement_is_not_a_timeout(tmp_path: Path) -> None:
    """Another process measures (holds the host lock exclusively) until told to stop; a scan with
    --timeout 4 waits for it longer than 4 s, then runs: it ends ok with its model measured and its
    wait recorded, not as a timeout (which would also count as complete in the cache)."""
    release = tmp_path / "release"
    holder = _holder(tmp_path, "ex", hold=0.0, delay=0.0, until=release)
    assert holder.stdout is not None and holder.stdout.readline().startswith("ex")
    quick = write_script(tmp_path / "b", "quick.py", QUICK.format(n=4))
    cache = tmp_path / "cache"
    # --quiet-wait 0: on a busy machine the scan would also wait for a quiet one, which is not this test's
    fast = [
        "--min-time",
        "0",
        "--max-time",
        "0.3",
        "--min-iterations",
        "8",
        "--warmup-time",
        "0.1",
        "--quiet-wait",
        "0",
        "--passes",  # one process: a second one's start-up on a loaded machine is not this test's
        "1",
    ]
    command = [sys.executable, "-m", "benchit", "benchmark", quick, "--cache-dir", cache, *fast, "--timeout", "4"]
    scan = subprocess.Popen(
        list(map(str, command)),
        env={**_private(tmp_path), "HF_HUB_OFFLINE": "1"},
        stdout=subprocess.PIPE,
        text=True,
    )
    lines = []
    try:
        assert scan.stdout is not None
        for line in scan.stdout:
            lines.append(line)
            if "waiting: another benchit process on this machine is measuring" in line:
                break
        time.sleep(5.5)  # longer than --timeout
        release.write_text("")
        holder.communicate(timeout=60)
        lines += scan.communicate(timeout=120)[0].splitlines(keepends=True)
    finally:
        for proc in (scan, holder):
            if proc.poll() is None:
                proc.kill()
    out = "".join(lines)
    assert scan.returncode == 0, out
    assert "waiting: another benchit process" in out
    record = json.loads(next(cache.glob("scripts/*.json")).read_text())
    assert record["status"] == "ok", record["error"]
    assert record["lock_wait_s"] > 4.0, record
    assert record["duration_s"] > record["lock_wait_s"]
    df = report_df(cache)
    assert list(df["status"]) == ["ok"]


def _private(tmp_path: Path) -> dict[str, str]:
    """An environment whose host lock is this test's own (in ``tmp_path``): a holder that holds it
    for seconds keeps no other test of the suite waiting (tests/conftest.py shares the machine's)."""
    return {**os.environ, "TMPDIR": str(tmp_path), HOST_TMPDIR_ENV: str(tmp_path)}


def _holder(tmp_path: Path, mode: str, hold: float, delay: float, until: Path | None = None) -> subprocess.Popen[str]:
    env = _private(tmp_path)
    command = [sys.executable, "-c", HOLDER, mode, str(hold), str(delay), str(until or "")]
    return subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)


def test_an_exclusive_waiter_is_not_starved_by_shared_holders(tmp_path: Path) -> None:
    """A shared holder has the lock; an exclusive taker queues; a shared taker that comes after it
    gets the lock only after the exclusive one (with flock alone it would join the first at once)."""
    first = _holder(tmp_path, "sh", hold=3.0, delay=0.0)
    assert first.stdout is not None and first.stdout.readline().startswith("sh")
    writer = _holder(tmp_path, "ex", hold=0.5, delay=0.0)
    late = _holder(tmp_path, "sh", hold=0.0, delay=1.5)  # comes while the writer waits
    got = {}
    for name, proc in (("writer", writer), ("late", late)):
        out, _ = proc.communicate(timeout=60)
        got[name] = float(out.split()[1])
    first.communicate(timeout=60)
    assert got["writer"] < got["late"], got
