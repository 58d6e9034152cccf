"""``FILE::HASH`` picks invocations of a script: the others stay listed and reported."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import FAST, report_df, run_benchit, write_script

TWO_MODELS = "import torch\ntorch.nn.Linear(3, 2)(torch.randn(1, 3))\ntorch.nn.Linear(5, 2)(torch.randn(1, 5))\n"


def test_one_invocation_of_a_two_model_script_keeps_the_other_listed(tmp_path: Path) -> None:
    script = write_script(tmp_path, "two.py", TWO_MODELS)
    cache = tmp_path / "cache"
    env = {"TMPDIR": str(tmp_path)}
    assert run_benchit("benchmark", script, "--cache-dir", cache, *FAST, env=env).returncode == 0
    record_path = next(cache.glob("scripts/*.json"))
    builds = json.loads(record_path.read_text())["builds"]
    assert len(builds) == 2
    chosen = builds[1].rsplit("_", 1)[1]
    done = run_benchit("benchmark", f"{script}::{chosen}", "--cache-dir", cache, *FAST, env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "two.py: ok (" in done.stdout  # it ran: the choice differs from the full run
    record = json.loads(record_path.read_text())
    assert record["status"] == "ok"
    assert sorted(record["builds"]) == sorted(builds)
    df = report_df(cache)
    assert sorted(df["build_name"]) == sorted(builds)
    assert set(df["status"]) == {"ok"}
