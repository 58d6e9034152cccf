"""The same 20-script corpus scanned with ``--executor local`` and with ``--executor ray`` on a one-node
Ray cluster on this machine (inside ``unshare -n``, through tests/ray_scenario.py).

Goal: ray at most 1.3x local (wall time of the benchit command; the cluster's own start is not counted).

    python benchmarks/ray_vs_local.py [--json FILE] [--quick]
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from _common import BENCHIT, ENV, PYTHON, REPO, default_corpus, finish, parser, timed

GOAL = 1.3
TIMING = ["--min-time", "0", "--max-time", "0.3", "--min-iterations", "8", "--warmup-time", "0.2"]


def main() -> None:
    args = parser(__doc__.splitlines()[0]).parse_args()
    scripts = default_corpus(5 if args.quick else 20)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        corpus = root / "corpus"
        corpus.mkdir()
        for script in scripts:
            shutil.copy(script, corpus / script.name)
        private = root / "tmp"  # this run's host lock, away from other benchit runs on the machine
        private.mkdir()
        scan = ["benchmark", "--all", "--search-dir", str(corpus), *TIMING]
        os.environ["TMPDIR"] = str(private)
        local_s, _ = timed([*BENCHIT, *scan, "--cache-dir", root / "local"], check=False)
        spec, out = root / "scenario.json", root / "out.json"
        spec.write_text(json.dumps({"workers": [], "steps": [{"benchit": [*scan, "--cache-dir", str(root / "ray")]}]}))
        command = f"ip link set lo up && exec {PYTHON} {REPO / 'tests' / 'ray_scenario.py'} {spec} {out}"
        env = {**ENV, "PYTHONPATH": str(REPO)}
        subprocess.run(["unshare", "-n", "sh", "-c", command], env=env, capture_output=True, check=False)
        report = json.loads(out.read_text())
        ray_s = report["steps"][0]["wall_s"]
        statuses = {}
        for name in ("local", "ray"):
            for path in (root / name / "scripts").glob("*.json"):
                record = json.loads(path.read_text())
                statuses.setdefault(name, {})[Path(record["script"]).name] = record["status"]
    ratio = ray_s / local_s
    finish(
        "ray_vs_local",
        {
            "scripts": len(scripts),
            "local_s": local_s,
            "ray_s": ray_s,
            "cluster_start_s": report["cluster_start_s"],
            "ratio": ratio,
            "same_statuses": statuses.get("local") == statuses.get("ray"),
            "goal_ratio": GOAL,
            "passed": ratio <= GOAL and statuses.get("local") == statuses.get("ray"),
            "headline": f"{len(scripts)} scripts: local {local_s:.1f} s, ray (one node) {ray_s:.1f} s, "
            f"ratio {ratio:.2f}",
        },
        args.json,
    )


if __name__ == "__main__":
    main()
