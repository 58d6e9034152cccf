"""Several ``benchit benchmark`` processes on one cache at once: nothing lost, nothing corrupt,
no build benchmarked twice, and ``benchit report`` reads the cache while they write it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

from helpers import FAST, report_df, run_benchit, write_script

SCRIPT = "import torch\ntorch.nn.Linear({n}, 3)(torch.randn(2, {n}))\n"
SCANS = 3


def _corpus(folder: Path) -> list[Path]:
    scripts = [write_script(folder, f"s{n}.py", SCRIPT.format(n=n)) for n in range(2, 5)]
    # Two scripts with one name and one model in two folders: two builds, not one shared build.
    scripts.append(write_script(folder / "one", "same.py", SCRIPT.format(n=9)))
    scripts.append(write_script(folder / "two", "same.py", "# another file\n" + SCRIPT.format(n=9)))
    return scripts


def test_parallel_scans_lose_nothing_and_never_share_a_script(tmp_path: Path) -> None:
    scripts = _corpus(tmp_path / "corpus")
    cache = tmp_path / "cache"  # does not exist yet: the scans race to create it too
    # One pass: with more, a script's later pass may be run by whichever scan finds it incomplete.
    args = ["benchmark", "--all", "--search-dir", tmp_path / "corpus", "--cache-dir", cache, *FAST, "--passes", "1"]
    logs = [open(tmp_path / f"scan{i}.out", "w+") for i in range(SCANS)]  # closed below
    scans = [
        subprocess.Popen([sys.executable, "-m", "benchit", *map(str, args)], stdout=log, stderr=subprocess.STDOUT)
        for log in logs
    ]
    reports = []
    while any(scan.poll() is None for scan in scans):  # read the cache while it is written
        if any((cache / "scripts").glob("*.json")) and len(reports) < 3:  # a cache without records is refused
            reports.append(run_benchit("report", "--cache-dir", cache, "-o", tmp_path / f"r{len(reports)}.csv"))
        time.sleep(0.3)
    outputs = []
    for log in logs:
        log.seek(0)
        outputs.append(log.read())
        log.close()
    assert [scan.returncode for scan in scans] == [0] * SCANS, outputs
    assert reports and all(r.returncode == 0 and "warning" not in r.stderr for r in reports), reports[-1:]

    # Each script ran in exactly one scan; the others found it complete.
    for script in scripts:
        name = f"{script.parent.name}/{script.name}"
        ran = sum(len(re.findall(rf"{re.escape(name)}: ok \(", out)) for out in outputs)
        skipped = sum(len(re.findall(rf"\[skip\] \S*{re.escape(name)}: complete", out)) for out in outputs)
        assert (ran, skipped) == (1, SCANS - 1), name

    # Every expected result is present, and every file of the cache parses.
    for path in cache.rglob("*"):
        assert not path.name.endswith(".tmp"), path
        if path.suffix == ".json":
            assert isinstance(json.loads(path.read_text()), dict), path
    df = report_df(cache)
    assert len(df) == len(scripts)  # one model per script, one device x runtime
    assert set(df["status"]) == {"ok"} and df["build_name"].nunique() == len(scripts)
    assert len(list(cache.glob("builds/*/results/*/cpu-torch.json"))) == len(scripts)


def test_parallel_scans_of_different_runtimes_fill_in_each_other(tmp_path: Path) -> None:
    """One scan asks for torch, one for ort, on the same scripts at once: they take turns per
    script, each benchmarks only its own pair, and both results end up in the cache."""
    for n in (3, 5):
        write_script(tmp_path / "corpus", f"m{n}.py", f"import torch\ntorch.nn.Linear({n}, 2)(torch.randn(1, {n}))\n")
    cache = tmp_path / "cache"
    base = ["benchmark", "--all", "--search-dir", str(tmp_path / "corpus"), "--cache-dir", str(cache), *FAST, "--passes", "1"]
    scans = [
        subprocess.Popen(
            [sys.executable, "-m", "benchit", *base, "--runtime", runtime], stdout=subprocess.PIPE, text=True
        )
        for runtime in ("torch", "ort")
    ]
    outputs = [scan.communicate(timeout=240)[0] for scan in scans]
    assert [scan.returncode for scan in scans] == [0, 0], outputs
    assert all(out.count(": ok (") == 2 for out in outputs), outputs  # nobody skipped the other's pair
    df = report_df(cache)
    assert sorted(zip(df["runtime"], df["status"], strict=True)) == [("ort", "ok")] * 2 + [("torch", "ok")] * 2
