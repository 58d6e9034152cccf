"""Memory limits through the real CLI: enforced on the memory a script really uses (a 3 GB tensor
never written is not 3 GB used), by the kernel in a memory cgroup where it allows one, else by
polling; and a default limit on every run, recorded with the script."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, report_df, run_benchit, write_script

from benchit.execute import cgroup, process

UNTOUCHED = """import torch
torch.nn.Linear(4, 2)(torch.randn(1, 4))
reserved = torch.empty(3 * 2**30, dtype=torch.uint8)  # 3 GB of address space, never written
torch.nn.Linear(5, 2)(torch.randn(1, 5))
"""
TOUCHED = """import time
import torch
torch.nn.Linear(4, 2)(torch.randn(1, 4))
used = torch.ones(2 * 2**30, dtype=torch.uint8)  # 2 GB, every page written
time.sleep(3)  # held long enough for the polling to see it
print("touched: the limit did not stop me")
"""
MODES = [
    pytest.param(
        "cgroup",
        marks=pytest.mark.skipif(cgroup.available() is None, reason=f"no memory cgroup: {cgroup.why_unavailable()}"),
    ),
    "polling",
]


def _records(cache: Path) -> dict[str, dict[str, Any]]:
    return {Path(r["script"]).name: r for r in (json.loads(p.read_text()) for p in cache.glob("scripts/*.json"))}


@pytest.mark.parametrize("mode", MODES)
def test_the_limit_counts_memory_used_not_reserved(tmp_path: Path, mode: str) -> None:
    corpus, cache = tmp_path / "corpus", tmp_path / "cache"
    write_script(corpus, "untouched.py", UNTOUCHED)
    write_script(corpus, "touched.py", TOUCHED)
    env = {"TMPDIR": str(tmp_path)}  # a host lock of its own: other benchit runs on this machine do not delay it
    env.update({"BENCHIT_MEMORY_CGROUP": "off"} if mode == "polling" else {})
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *FAST, "--memory-limit", "1G", env=env
    )
    assert done.returncode == 1, done.stdout + done.stderr
    records = _records(cache)
    untouched, touched = records["untouched.py"], records["touched.py"]
    assert untouched["status"] == "ok", untouched["error"]
    assert len(untouched["builds"]) == 2
    assert touched["status"] == "oom"
    assert "over --memory-limit 1.00 GiB" in touched["error"]["message"]
    enforced = "polling" if mode == "polling" else f"cgroup v{cgroup.available()[0]}"  # type: ignore[index]
    assert {r["memory_enforced_by"] for r in records.values()} == {enforced}
    assert "touched: the limit did not stop me" not in (cache / "scripts" / f"{touched['key']}.log").read_text()
    df = report_df(cache)
    assert set(df[df["script"].str.endswith("untouched.py")]["status"]) == {"ok"}


def test_a_default_limit_is_recorded(tmp_path: Path) -> None:
    script = write_script(tmp_path, "s.py", "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\n")
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", script, "--cache-dir", cache, *FAST, "-j", "2", env={"TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr
    assert "GiB per script (default: free memory / jobs)" in done.stdout
    record = _records(cache)["s.py"]
    assert record["status"] == "ok"
    assert record["memory_limit_default"] is True
    # Free memory moves on a shared machine: below the machine's memory less the margin, halved.
    info = process.meminfo()
    margin = max(process.MEMORY_MARGIN_MIN, int(info["MemTotal"] * process.MEMORY_MARGIN_FRACTION))
    assert 256 << 20 <= record["memory_limit_bytes"] <= (info["MemTotal"] - margin) // 2
    assert record["memory_enforced_by"] in ("cgroup v1", "cgroup v2", "polling")
