"""``benchit compare`` on energy end to end: energy per step gets its own verdict from its rounds,
shown in the terminal, Markdown, HTML and JSON, and gates only with ``--fail-on energy``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import FAST, local_plugin, rewrite_results, run_benchit, write_script
from samples import CNN, LANES

from benchit.judge.energy import judge_energy
from benchit.judge.verdicts import EnergyVerdict

pytest.importorskip("torch")


def _scan(tmp_path: Path, name: str, joules: str, energy: str = "steps") -> Path:
    """Two models on the fake accelerator, its counter adding ``joules`` per step (with jitter,
    so that rounds differ); results flagged busy by a loaded test machine are unflagged."""
    plugins = local_plugin(tmp_path / "plugins", "lanes_plugin", LANES)
    scripts = [
        write_script(tmp_path / "scripts", f"m{i}.py", CNN, labels=f"name::m{i} author::t task::t") for i in range(2)
    ]
    cache = tmp_path / name
    env = {"LANES_WAIT_S": "0.002", "LANES_JOULES": joules, "LANES_JITTER": "1", "LANES_ENERGY": energy}
    done = run_benchit(
        "benchmark", *scripts, "--plugins-dir", plugins, "--runtime", "sleepy", "--device", "lanes-accel",
        "--cache-dir", cache, *FAST, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    rewrite_results(cache, lambda r, _: dataclasses.replace(r, contended=False) if r.contended else r)
    return cache


@pytest.fixture(scope="module")
def caches(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path, Path]:
    tmp = tmp_path_factory.mktemp("energy")
    return (
        _scan(tmp, "base", "2.0"),
        _scan(tmp, "hungry", "3.0"),
        _scan(tmp, "blind", "2.0", energy="none"),
        tmp,
    )


def _compare(base: Path, new: Path, out: Path, *args: str) -> tuple[Any, dict[str, Any]]:
    done = run_benchit(
        "compare", base, new, "--format", "json,md,html", "-o", out, "--width", "250", *args
    )  # fmt: skip
    return done, json.loads(out.with_suffix(".json").read_text())["comparison"]


def test_more_energy_per_step_is_higher_and_gates_only_when_asked(caches: tuple[Path, Path, Path, Path]) -> None:
    base, hungry, _, tmp = caches
    out = tmp / "more.json"
    done, comparison = _compare(base, hungry, out)
    assert done.returncode == 0, done.stdout + done.stderr  # energy never gates unless asked
    pairs = comparison["pairs"]
    assert len(pairs) == 2
    for pair in pairs:
        energy = pair["energy"]
        assert energy["verdict"] == "higher", energy
        assert energy["ratio"] == pytest.approx(1.5, rel=0.02)
        assert energy["ratio_low"] < energy["ratio"] < energy["ratio_high"] and energy["p_value"] < 0.05
        assert pair["base_energy_j"] == pytest.approx(2.0, rel=0.02)
    assert comparison["energy_counts"] == {"higher": 2}
    mean = comparison["energy_geomeans"]["lanes-accel/sleepy"]
    assert mean["value"] == pytest.approx(1.5, rel=0.02) and mean["count"] == 2 and mean["left_out"] == {}
    assert "geometric mean of energy per step new/base per group:\n  lanes-accel/sleepy: 1.5" in done.stdout
    assert "energy new/base" in done.stdout and "energy per step: 2 higher" in done.stdout
    assert done.stdout.count(" higher") == 3, done.stdout  # two pairs' cells and the counts line
    md = out.with_suffix(".md").read_text()
    assert "| energy new/base | energy reason |" in md and "Energy per step: 2 higher" in md
    assert "Geometric mean of energy per step new/base:" in md
    html = out.with_suffix(".html").read_text()
    assert "<p id=energy-verdicts>energy per step: 2 higher</p>" in html
    # Latency's gates count latency's verdicts alone (whatever a loaded test machine made of its
    # latencies); --fail-on energy gates on higher energy.
    latency = sum(p["verdict"] in ("slower", "newly failing", "inconclusive") for p in pairs)
    gated = run_benchit("compare", base, hungry, "--fail-on", "any,inconclusive", "-o", tmp / "g.csv")
    assert gated.returncode == (1 if latency else 0)
    assert (f"{latency} flagged" in gated.stderr) if latency else gated.stderr == ""
    gated = run_benchit("compare", base, hungry, "--fail-on", "energy", "-o", tmp / "e.csv")
    assert gated.returncode == 1 and "--fail-on energy: 2 flagged" in gated.stderr


def test_the_same_energy_is_no_change_and_a_side_without_energy_is_inconclusive(
    caches: tuple[Path, Path, Path, Path],
) -> None:
    base, _, blind, tmp = caches
    _, same = _compare(base, base, tmp / "same.json")
    assert [p["energy"]["verdict"] for p in same["pairs"]] == ["no significant change"] * 2
    done, data = _compare(base, blind, tmp / "blind.json", "--fail-on", "inconclusive")
    # Energy's inconclusive is not latency's: only latency's verdicts count for --fail-on inconclusive.
    latency_inconclusive = sum(p["verdict"] == "inconclusive" for p in data["pairs"])
    assert done.returncode == (1 if latency_inconclusive else 0), done.stderr
    for pair in data["pairs"]:
        assert pair["energy"]["verdict"] == "inconclusive"
        assert pair["energy"]["reason"] == "no energy: in blind (the fake has no counter today)"
    assert "note: energy inconclusive: no energy (2)" in done.stdout
    assert data["energy_geomeans"]["lanes-accel/sleepy"] == {"value": None, "count": 0, "left_out": {"no energy": 2}}
    assert "no energy: in blind (the fake has no counter today)" in (tmp / "blind.md").read_text()


def test_energy_verdicts_from_rounds() -> None:
    """The judging rules on rows: too few rounds, a busy side, the paired test, no energy at all."""
    row = {"energy_j": 2.0, "energy_j_rounds": [2.0, 2.02, 1.98, 2.01]}
    more = {"energy_j": 2.4, "energy_j_rounds": [2.4, 2.42, 2.38, 2.41]}
    assert judge_energy({}, {}, 0.05, ("a", "b")) is None
    judged = judge_energy(row, more, 0.05, ("a", "b"))
    assert judged is not None and judged.verdict is EnergyVerdict.HIGHER and judged.method.startswith("welch")
    judged = judge_energy(more, row, 0.05, ("a", "b"), paired=True)
    assert judged is not None and judged.verdict is EnergyVerdict.LOWER and judged.method.startswith("paired")
    # Within the threshold: no significant change, however significant.
    near = {"energy_j": 2.04, "energy_j_rounds": [r * 1.02 for r in row["energy_j_rounds"]]}
    assert judge_energy(row, near, 0.05, ("a", "b")).verdict is EnergyVerdict.SAME  # type: ignore[union-attr]
    one = {"energy_j": 2.0, "energy_j_rounds": [2.0]}
    judged = judge_energy(one, more, 0.05, ("a", "b"))
    assert judged is not None and judged.verdict is EnergyVerdict.INCONCLUSIVE
    assert judged.reason == "too few rounds: 1 in a" and judged.ratio is None
    busy = {**more, "contended": True, "contended_reason": "busy: 61% CPU wait"}
    judged = judge_energy(row, busy, 0.05, ("a", "b"))
    assert judged is not None and judged.reason == "busy: 61% CPU wait in b"
    flat = {"energy_j": 2.0, "energy_j_rounds": [2.0, 2.0]}
    judged = judge_energy(flat, flat, 0.05, ("a", "b"))
    assert judged is not None and judged.verdict is EnergyVerdict.INCONCLUSIVE and judged.reason.startswith("no spread")


def test_history_keeps_energy_per_series_and_shows_it(caches: tuple[Path, Path, Path, Path]) -> None:
    base, hungry, _, tmp = caches
    db = f"sqlite:///{tmp / 'history.db'}"
    for n, cache in enumerate((base, hungry)):
        done = run_benchit("publish", cache, "--db", db, "--run", f"night-{n}")
        assert done.returncode == 0, done.stdout + done.stderr
    out = tmp / "history.json"
    done = run_benchit("history", "--db", db, "--format", "json,md", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr
    series = json.loads(out.read_text())["series"]
    assert len(series) == 2
    for item in series:
        assert item["latest_energy_j"] == pytest.approx(3.0, rel=0.02)
        assert item["baseline_energy_j"] == pytest.approx(2.0, rel=0.02)
        assert item["energy_ratio"] == pytest.approx(1.5, rel=0.03)
    header = done.stdout.splitlines()[0]
    assert "latest J/step" in header and "baseline J/step" in header
    assert done.stdout.count(" 3 J ") + done.stdout.count(" 2.99 J ") + done.stdout.count(" 3.01 J ") >= 2
    md = out.with_suffix(".md").read_text()
    assert "| latest_energy_j | baseline_energy_j | energy_ratio |" in md


def test_history_judges_energy_per_step_on_its_own_and_gates_only_when_asked(
    caches: tuple[Path, Path, Path, Path], tmp_path: Path
) -> None:
    """Two nights at 2 J/step, then one at 3 J/step with the same latency: the series' energy is a
    regression (its rounds tested as latency's are), its latency is not, and only ``--fail-on
    energy`` fails the run."""
    base = caches[0]
    # A run's time is its newest result's: the nights are scanned in their order.
    again = _scan(tmp_path, "again", "2.0")  # a second night like the first (one cache is one run)
    hungry = _scan(tmp_path, "hungry", "3.0")
    db = f"sqlite:///{tmp_path / 'history.db'}"
    for n, cache in enumerate((base, again, hungry)):
        done = run_benchit("publish", cache, "--db", db, "--run", f"night-{n}")
        assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "history.json"
    done = run_benchit("history", "--db", db, "--format", "json,md", "-o", out)
    assert done.returncode == 0, done.stdout + done.stderr  # energy never gates unless asked
    series = json.loads(out.read_text())["series"]
    assert len(series) == 2
    for item in series:
        assert item["energy_verdict"] == "regression", item["energy_reason"]
        assert item["energy_ratio"] == pytest.approx(1.5, rel=0.03)
        assert item["energy_ratio_ci_low"] < item["energy_ratio"] < item["energy_ratio_ci_high"]
        assert item["verdict"] != "regression", item  # the latency did not move
    header, *rows = done.stdout.splitlines()
    assert "baseline J/step  energy" in header
    assert sum(" regression " in row for row in rows) == 2, done.stdout
    assert "| energy_ratio | energy_verdict | energy_reason |" in out.with_suffix(".md").read_text()
    gated = run_benchit("history", "--db", db, "--fail-on", "energy")
    assert gated.returncode == 1 and "--fail-on energy: 2 flagged" in gated.stderr, gated.stdout + gated.stderr
    assert run_benchit("history", "--db", db, "--fail-on", "regression").returncode == 0
    page = tmp_path / "history.html"
    assert run_benchit("history", "--db", db, "--format", "html", "-o", page).returncode == 0
    from browser import CHROMIUM, headless_page

    if CHROMIUM is None:  # CI installs it (.ci/run); the JSON and Markdown are checked without it
        return
    with headless_page(page) as (browser, errors):
        browser.wait_for_selector("#regressions tbody tr")
        rows = browser.locator("#regressions tbody tr").evaluate_all(
            "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText))"
        )
    assert errors == []
    assert sorted((r[3], r[4][:3]) for r in rows) == [("energy regression", "1.5")] * 2, rows
