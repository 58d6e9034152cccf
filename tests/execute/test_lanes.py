"""Lanes end to end: a fake accelerator of four instances measures four models at once, each on
its own instance, with energy per step from its counter; --device NAME:i,j."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, local_plugin, report_df, run_benchit, write_script
from samples import CNN, LANES

pytest.importorskip("torch")


def _scan(
    tmp_path: Path, n: int, *args: Any, env: dict[str, str] | None = None, out: list[str] | None = None
) -> tuple[Path, list[dict[str, Any]]]:
    plugins = local_plugin(tmp_path / "plugins", "lanes_plugin", LANES)
    scripts = [
        write_script(tmp_path / "scripts", f"m{i}.py", CNN, labels=f"name::m{i} author::t task::t") for i in range(n)
    ]
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", *scripts, "--plugins-dir", plugins, "--runtime", "sleepy", "--cache-dir", cache, *FAST, *args,
        env={"LANES_WAIT_S": "0.003", **(env or {})},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    if out is not None:
        out.append(done.stdout)
    results = [json.loads(p.read_text()) for p in sorted(cache.glob("builds/*/results/*/lanes-accel-*.json"))]
    return cache, results


def test_four_instances_measure_four_models_at_once(tmp_path: Path) -> None:
    cache, results = _scan(tmp_path, 4, "--device", "lanes-accel", "-j", "4")
    assert len(results) == 4 and all(r["status"] == "ok" for r in results)
    indices = sorted(r["info"]["device_index"] for r in results)
    assert len(set(indices)) == len(indices)  # never two at once on one instance
    names = {r["environment"]["device_name"] for r in results}
    assert names == {f"Lanes Accelerator {i}" for i in indices}  # describe() per instance
    windows = sorted((r["info"]["measure_start"], r["info"]["measure_end"]) for r in results)
    overlapping = sum(later[0] < earlier[1] for earlier, later in zip(windows, windows[1:], strict=False))
    assert overlapping >= 1, windows  # lanes used at once
    for r in results:  # the fake counter adds 2 J per step
        assert r["info"]["energy_j"] == pytest.approx(2.0)
        assert r["info"]["power_w"] > 0 and "energy_reason" not in r["info"]
    df = report_df(cache)
    assert sorted(df["device_index"]) == indices
    assert list(df["energy_j"]) == pytest.approx([2.0] * 4)
    table = run_benchit("report", "--cache-dir", cache, "-o", cache.parent / "report.csv").stdout  # never in the cwd
    assert "lanes-accel/sleepy J/step" in table and "2 J" in table


def test_device_names_its_instances_and_an_absent_counter_says_why(tmp_path: Path) -> None:
    _, results = _scan(tmp_path, 2, "--device", "lanes-accel:1,lanes-accel:3", "-j", "2", env={"LANES_ENERGY": "none"})
    assert {r["info"]["device_index"] for r in results} <= {1, 3}
    for r in results:
        assert "energy_j" not in r["info"]
        assert r["info"]["energy_reason"] == "the fake has no counter today"


def test_an_instance_not_here_is_unavailable_and_a_coarse_counter_is_left_out(tmp_path: Path) -> None:
    _, results = _scan(tmp_path, 1, "--device", "lanes-accel:0,lanes-accel:9", env={"LANES_ENERGY": "coarse"})
    assert [r["status"] for r in results] == ["unavailable"]
    assert "lanes-accel:9 is not visible here (4 instances" in results[0]["error"]
    _, results = _scan(tmp_path / "again", 1, "--device", "lanes-accel:2", env={"LANES_ENERGY": "coarse"})
    assert results[0]["info"]["device_index"] == 2
    assert "too coarse" in results[0]["info"]["energy_reason"]


def test_too_few_cores_for_the_lanes_measures_them_one_at_a_time(tmp_path: Path) -> None:
    import os

    cpus = len(os.sched_getaffinity(0))
    out: list[str] = []
    _, results = _scan(tmp_path, 2, "--device", "lanes-accel", "-j", "2", env={"LANES_CORES": str(cpus)}, out=out)
    for r in results:
        assert "too few for 4 lanes of lanes-accel" in r["info"]["lanes_serialised"]
    windows = sorted((r["info"]["measure_start"], r["info"]["measure_end"]) for r in results)
    assert windows[1][0] >= windows[0][1]  # one at a time
    # Said once in the scan's summary, with the reason, for both results.
    said = [line for line in out[0].splitlines() if "lanes serialised" in line]
    reason = results[0]["info"]["lanes_serialised"]
    assert said == [f"  lanes serialised: {reason}"], out[0]
    assert out[0].count("too few for 4 lanes") == 1


def test_lanes_with_cores_of_their_own_say_nothing_of_turns(tmp_path: Path) -> None:
    out: list[str] = []
    _, results = _scan(tmp_path, 2, "--device", "lanes-accel", "-j", "2", env={"LANES_CORES": "0"}, out=out)
    assert results and all("lanes_serialised" not in r["info"] for r in results)
    assert "lanes serialised" not in out[0]
