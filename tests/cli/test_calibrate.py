"""``benchit calibrate`` and the noise floor end to end: kept, found by a scan, shown, and respected by compare."""

from __future__ import annotations

import dataclasses
import json
import shutil
import statistics
from pathlib import Path
from typing import Any

import pandas as pd
from helpers import DATA, fake_floor, rewrite_results, run_benchit, with_rounds, write_script

from benchit.store.cache import Cache
from benchit.store.floors import VARIABLE

TINY = """import torch
model = torch.nn.Linear(8, 8).eval()
model(torch.randn(2, 8))
"""
FAST = ["--min-time", "0", "--max-time", "0.1", "--min-iterations", "8", "--warmup-time", "0.05", "--rounds", "2"]
NOTE = "no significant change (within this machine's run-to-run noise, ±10.0%)"


def test_calibrate_keeps_a_floor_per_thread_count(tmp_path: Path) -> None:
    folder = tmp_path / "floors"
    done = run_benchit(
        "calibrate", "--processes", "2", "--duration", "0", "--threads", "1", env={VARIABLE: str(folder)}
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("benchit calibrate: 2 processes over 0 s at 1 thread on ")
    assert "noise floor: ±" in done.stdout and "at 1 thread (gemm ±" in done.stdout
    (kept,) = folder.glob("*-t1-torch*.json")
    data = json.loads(kept.read_text())
    assert data["threads"] == 1 and data["processes"] == 2 and data["short"] is False
    assert [c["name"] for c in data["canaries"]] == ["gemm", "conv", "copy", "python"]
    assert data["floor"] == max(c["band"] for c in data["canaries"]) >= 0
    bad = run_benchit("calibrate", "--processes", "1", env={VARIABLE: str(folder)})
    assert bad.returncode == 2 and "at least 2 processes" in bad.stderr


def test_a_scan_with_no_floor_calibrates_once_and_says_so(tmp_path: Path) -> None:
    folder = tmp_path / "floors"
    script = write_script(tmp_path / "corpus", "tiny.py", TINY)
    env = {VARIABLE: str(folder)}
    first = run_benchit("benchmark", script, "--threads", "1", "--cache-dir", tmp_path / "c1", *FAST, env=env)
    assert first.returncode == 0, first.stdout + first.stderr
    assert (
        "benchit: no noise floor for this machine at 1 thread: a short calibration (3 processes, a few seconds); "
        "run benchit calibrate for a better one" in first.stdout
    )
    (kept,) = folder.glob("*-t1-*.json")
    assert json.loads(kept.read_text())["short"] is True
    (copied,) = Cache(tmp_path / "c1").read_floors()
    assert copied.short and copied.processes == 3
    report = run_benchit("report", "--cache-dir", tmp_path / "c1", "-o", tmp_path / "r.html")
    line = (
        f"This machine's run-to-run noise floor: {copied.percent} at 1 thread (a scan's short calibration, 3 processes"
    )
    assert report.stdout.startswith(line), report.stdout
    assert report.stdout.count("run-to-run noise floor") == 1
    assert line.replace("'", "&#x27;") in (tmp_path / "r.html").read_text()
    # The next scan finds it; --calibrate never neither measures nor copies one.
    again = run_benchit("benchmark", script, "--threads", "1", "--cache-dir", tmp_path / "c2", *FAST, env=env)
    assert again.returncode == 0 and "no noise floor" not in again.stdout
    assert Cache(tmp_path / "c2").read_floors() == [copied]
    empty = {VARIABLE: str(tmp_path / "none")}
    never = run_benchit(
        "benchmark", script, "--threads", "1", "--calibrate", "never", "--cache-dir", tmp_path / "c3", *FAST, env=empty
    )
    assert never.returncode == 0 and "no noise floor" not in never.stdout
    assert not (tmp_path / "none").exists() and Cache(tmp_path / "c3").read_floors() == []
    plain = run_benchit("report", "--cache-dir", tmp_path / "c3", "-o", tmp_path / "r.csv")
    assert plain.stdout.startswith(
        "This machine's run-to-run noise floor at 1 thread: not measured (benchit calibrate)"
    )


def _two_caches(tmp_path: Path) -> tuple[Path, Path, dict[str, object]]:
    """Copies of one old cache, NEW 8% slower everywhere in rounds tight enough to call it slower."""
    base, new = (Path(shutil.copytree(DATA / "cache-main-3d18000", tmp_path / n)) for n in ("A", "B"))
    quiet = {}

    def steady(result: object, _: Path) -> object:
        result = dataclasses.replace(result, contended=False)  # type: ignore[type-var]
        quiet.update(machine=result.machine.id, threads=result.environment["threads"])  # type: ignore[attr-defined]
        quiet["torch"] = result.environment["versions"]["torch"]  # type: ignore[attr-defined]
        return with_rounds(result, [1.0, 1.01, 0.99, 1.0, 1.005]) if result.stats else result  # type: ignore[attr-defined]

    def slower(result: object, _: Path) -> object:
        stats = result.stats  # type: ignore[attr-defined]
        if stats is None:
            return result
        return with_rounds(result, [1.08 * r for r in stats.rounds_ms])

    rewrite_results(base, steady)
    rewrite_results(new, steady)
    rewrite_results(new, slower)
    return base, new, quiet


def test_compare_calls_a_change_within_the_floor_no_significant_change(tmp_path: Path) -> None:
    base, new, side = _two_caches(tmp_path)
    done = run_benchit("compare", base, new, "-o", tmp_path / "before.csv")
    assert done.returncode == 0, done.stdout + done.stderr
    before = pd.read_csv(tmp_path / "before.csv")
    measured = before[before["ratio"].notna()]
    assert len(measured) >= 3 and set(measured["verdict"]) == {"slower"}
    assert "This machine's run-to-run noise floor at 2 threads: not measured" in done.stdout
    # A floor of ±10% in BASE alone (NEW's is smaller): the larger one judges, and 8% is within it.
    machine, threads, torch = str(side["machine"]), int(side["threads"]), str(side["torch"])  # type: ignore[call-overload]
    Cache(base).write_floor(fake_floor(0.10, threads, machine, torch))
    Cache(new).write_floor(fake_floor(0.04, threads, machine, torch))
    out = tmp_path / "after.csv"
    done = run_benchit(
        "compare", base, new, "-o", out, "--format", "csv,md,html", "--fail-on", "slower", "--width", "300"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    after = pd.read_csv(out)
    judged = after[after["ratio"].notna()]
    assert set(judged["verdict"]) == {"no significant change"}
    assert set(judged["reason"]) == {"within this machine's run-to-run noise, ±10.0%"}
    assert NOTE in done.stdout and "slower" not in done.stdout.split("verdicts:")[-1]
    assert done.stdout.startswith("This machine's run-to-run noise floor: ±10.0% at 2 threads (benchit calibrate, 8")
    assert "| within this machine's run-to-run noise, ±10.0% |" in (tmp_path / "after.md").read_text()
    assert "within this machine&#x27;s run-to-run noise, ±10.0%" in (tmp_path / "after.html").read_text()
    # A floor smaller than the change leaves it slower.
    Cache(base).write_floor(fake_floor(0.05, threads, machine, torch))
    done = run_benchit("compare", base, new, "-o", tmp_path / "small.csv")
    small = pd.read_csv(tmp_path / "small.csv")
    assert set(small[small["ratio"].notna()]["verdict"]) == {"slower"}
    # ×1.08 beyond a floor of ±7.5%, but its interval (about ×1.07 to ×1.09) reaches into it: not shown to be the model's.
    Cache(base).write_floor(fake_floor(0.075, threads, machine, torch))
    done = run_benchit("compare", base, new, "-o", tmp_path / "edge.csv", "--fail-on", "slower")
    assert done.returncode == 0, done.stdout + done.stderr
    edge = pd.read_csv(tmp_path / "edge.csv")
    reached = edge[edge["verdict"] == "inconclusive"]
    assert len(reached) >= 3 and "slower" not in set(edge["verdict"]), set(edge["verdict"])
    assert all(
        r.startswith("×1.08 measured, but its 95% interval ×1.0") and r.endswith("run-to-run noise, ±7.5%")
        for r in reached["reason"]
    ), set(reached["reason"])


def test_history_calls_a_change_within_the_published_floor_no_change(tmp_path: Path) -> None:
    """Four nights of one cache, the last two 8% slower: a regression (confirmed by the second slow
    night: an 8% change seen in one night alone waits for the next), until the nights carry a floor of ±10%."""
    db = f"sqlite:///{tmp_path / 'history.db'}"
    floored = f"sqlite:///{tmp_path / 'floored.db'}"
    base, new, side = _two_caches(tmp_path)
    machine, threads, torch = str(side["machine"]), int(side["threads"]), str(side["torch"])  # type: ignore[call-overload]
    nights = [Path(shutil.copytree(old, tmp_path / f"n{n}")) for n, old in enumerate((base, base, new, new), 1)]
    for n, night in enumerate(nights):  # each night measured a day later, its median that of its rounds
        rewrite_results(night, lambda r, _, n=n: dataclasses.replace(r, finished=(r.finished or 0) + 86400 * n))
        rewrite_results(night, _median_of_rounds)
    for n, night in enumerate(nights, 1):
        assert run_benchit("publish", night, "--db", db, "--run", f"night-{n}").returncode == 0
        Cache(night).write_floor(fake_floor(0.10 if n >= 3 else 0.02, threads, machine, torch))
        assert run_benchit("publish", night, "--db", floored, "--run", f"night-{n}").returncode == 0
    plain = run_benchit("history", "--db", db, "-o", tmp_path / "plain.csv")
    assert plain.returncode == 0, plain.stdout + plain.stderr
    verdicts = pd.read_csv(tmp_path / "plain.csv")["verdict"]
    assert (verdicts == "regression").sum() >= 3, plain.stdout
    done = run_benchit("history", "--db", floored, "-o", tmp_path / "floored.csv", "--fail-on", "regression")
    assert done.returncode == 0, done.stdout + done.stderr
    df = pd.read_csv(tmp_path / "floored.csv")
    assert "regression" not in set(df["verdict"])
    noted = df[df["reason"] == "within this machine's run-to-run noise, ±10.0%"]
    assert len(noted) == (verdicts == "regression").sum() and set(noted["verdict"]) == {"no change"}
    assert "within this machine's run-to-run noise, ±10.0%" in done.stdout


def _median_of_rounds(result: Any, _: Path) -> Any:
    if result.stats is None or not result.stats.rounds_ms:
        return result
    stats = dataclasses.replace(result.stats, median_ms=statistics.median(result.stats.rounds_ms))
    return dataclasses.replace(result, stats=stats)


def test_history_finds_no_change_point_in_a_step_within_the_published_floor(tmp_path: Path) -> None:
    """Six nights, the last three 8% slower: a change point at night 4, until the nights carry a floor of ±10%."""
    base, new, side = _two_caches(tmp_path)
    machine, threads, torch = str(side["machine"]), int(side["threads"]), str(side["torch"])  # type: ignore[call-overload]
    nights = [Path(shutil.copytree(base if n <= 3 else new, tmp_path / f"n{n}")) for n in range(1, 7)]
    for n, night in enumerate(nights):  # each night measured a day later, its median that of its rounds
        rewrite_results(night, lambda r, _, n=n: dataclasses.replace(r, finished=(r.finished or 0) + 86400 * n))
        rewrite_results(night, _median_of_rounds)
    found = {}
    for name, fraction in (("plain", 0.0), ("floored", 0.10)):
        db = f"sqlite:///{tmp_path / name}.db"
        for n, night in enumerate(nights, 1):
            Cache(night).write_floor(fake_floor(fraction, threads, machine, torch))
            assert run_benchit("publish", night, "--db", db, "--run", f"night-{n}").returncode == 0
        out = tmp_path / f"{name}.json"
        done = run_benchit("history", "--db", db, "--format", "json", "-o", out)
        assert done.returncode == 0, done.stdout + done.stderr
        found[name] = [s for s in json.loads(out.read_text())["series"] if s["verdict"] != "failing"]
    assert found["plain"] and {s["change_point_run"] for s in found["plain"]} == {"night-4"}
    assert len(found["floored"]) == len(found["plain"])
    assert {s["change_point_run"] for s in found["floored"]} == {None}
    assert {s["verdict"] for s in found["plain"]} == {"regression"} and {s["verdict"] for s in found["floored"]} == {
        "no change"
    }


def _in_passes(rounds_ms: list[float], seen: dict[str, Any]) -> Any:
    """Every measured result of a cache with these five round medians, in passes 0, 0, 0, 1, 1;
    ``seen`` gets the machine, threads and torch they were measured with."""

    def rewrite(result: Any, _: Path) -> Any:
        if result.stats is None:
            return result
        seen.update(machine=result.machine.id, threads=result.environment["threads"])
        seen["torch"] = result.environment["versions"]["torch"]
        result = with_rounds(dataclasses.replace(result, contended=False), rounds_ms)
        return dataclasses.replace(result, stats=dataclasses.replace(result.stats, round_passes=(0, 0, 0, 1, 1)))

    return rewrite


def test_a_2x_regression_between_two_pass_scans_is_slower_once_the_machine_has_a_floor(tmp_path: Path) -> None:
    """Two passes alone leave a 2x regression `too noisy to tell` (their spread has one degree of
    freedom); the machine's floor, as the prior of that spread, makes it `slower`. Rounds of
    conv_16 and of it made 2x the work, from benchmarks/verdicts_across_runs.py at one thread."""
    base, new = (Path(shutil.copytree(DATA / "cache-main-3d18000", tmp_path / n)) for n in ("A", "B"))
    seen: dict[str, Any] = {}
    rewrite_results(base, _in_passes([1.417, 1.378, 1.365, 1.343, 1.342], seen))
    rewrite_results(new, _in_passes([2.297, 2.312, 2.275, 2.574, 2.604], seen))
    done = run_benchit("compare", base, new, "-o", tmp_path / "bare.csv", "--fail-on", "slower")
    assert done.returncode == 0, done.stdout + done.stderr
    bare = pd.read_csv(tmp_path / "bare.csv")
    bare = bare[bare["verdict"] != "failing in both"]
    assert len(bare) >= 3 and set(bare["verdict"]) == {"inconclusive"}, set(bare["verdict"])
    assert all(r.startswith("too noisy to tell: ×1.79 measured") for r in bare["reason"]), set(bare["reason"])
    Cache(base).write_floor(fake_floor(0.1137, int(seen["threads"]), str(seen["machine"]), str(seen["torch"])))
    done = run_benchit("compare", base, new, "-o", tmp_path / "floored.csv", "--fail-on", "slower")
    assert done.returncode == 1, done.stdout + done.stderr
    floored = pd.read_csv(tmp_path / "floored.csv")
    floored = floored[floored["verdict"] != "failing in both"]
    assert len(floored) == len(bare) and set(floored["verdict"]) == {"slower"}, set(floored["reason"])
    assert (floored["ratio_ci_low"] > 1.1137).all() and (floored["ratio_ci_high"] < 2.1).all()


def test_a_probe_difference_and_the_floor_together_explain_a_change_no_probe_alone_would(tmp_path: Path) -> None:
    """NEW 1.25x slower with its Python probe 17% slower: beyond the probe plus the 5% threshold, so
    `slower`; within the probe plus a ±11.4% floor, the drift between runs that no probe sees, so
    `machine speed differed`. A 2x change stays `slower` with that floor."""
    base, new, side = _two_caches(tmp_path)
    machine, threads, torch = str(side["machine"]), int(side["threads"]), str(side["torch"])  # type: ignore[call-overload]
    steady = [1.0, 1.01, 0.99, 1.0, 1.005]

    def moved(factor: float) -> Any:
        def move(result: Any, _: Path) -> Any:
            if result.stats is None:
                return result
            result = dataclasses.replace(result, info={**result.info, "speed_probe_us": 117.0})
            return with_rounds(result, [factor * r for r in steady])

        return move

    rewrite_results(base, lambda r, _: dataclasses.replace(r, info={**r.info, "speed_probe_us": 100.0}))
    rewrite_results(new, moved(1.25))
    done = run_benchit("compare", base, new, "-o", tmp_path / "no-floor.csv", "--fail-on", "slower")
    judged = pd.read_csv(tmp_path / "no-floor.csv").dropna(subset=["ratio"])
    assert done.returncode == 1 and len(judged) >= 3 and set(judged["verdict"]) == {"slower"}, done.stdout
    assert all(
        r.startswith("probe 17% slower in") and r.endswith("the change is larger than that") for r in judged["reason"]
    )
    for cache in (base, new):
        Cache(cache).write_floor(fake_floor(0.114, threads, machine, torch))
    done = run_benchit("compare", base, new, "-o", tmp_path / "floor.csv", "--fail-on", "slower")
    with_floor = pd.read_csv(tmp_path / "floor.csv")
    explained = with_floor[with_floor["verdict"] == "inconclusive"]
    assert done.returncode == 0 and len(explained) >= 3 and "slower" not in set(with_floor["verdict"]), done.stdout
    assert all(r.startswith("machine speed differed: probe 17% slower in") for r in explained["reason"])
    rewrite_results(new, moved(2.0))
    done = run_benchit("compare", base, new, "-o", tmp_path / "double.csv", "--fail-on", "slower")
    doubled = pd.read_csv(tmp_path / "double.csv").dropna(subset=["ratio"])
    assert done.returncode == 1 and len(doubled) >= 3 and set(doubled["verdict"]) == {"slower"}, done.stdout
