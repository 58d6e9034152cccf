"""A history series' energy per step judged on its own (``history.verdict.judge_energy``): by
compare's rules for energy, whatever the machine-speed probes say."""

from __future__ import annotations

from typing import Any

import pytest

from benchit.history.verdict import Verdict, judge_energy


def _run(joules: float, *, contended: bool = False, rounds: int = 5, probe: float = 100.0) -> dict[str, Any]:
    energies = [joules * (1.0 + 0.01 * ((i % 3) - 1)) for i in range(rounds)]
    return {"status": "ok", "energy_j": joules, "energy_j_rounds": energies, "contended": contended,
            "median_ms": 1.0, "rounds": [1.0] * rounds, "info": {"speed_probe_us": probe}}  # fmt: skip


def test_more_energy_per_step_is_a_regression_whatever_the_probes() -> None:
    judged = judge_energy(_run(3.0, probe=200.0), [_run(2.0), _run(2.02)], 0.05)
    assert judged is not None and judged.name == "energy"
    assert judged.verdict is Verdict.REGRESSION and judged.change is not None
    assert judged.change.ratio == pytest.approx(1.49, rel=0.01)
    same = judge_energy(_run(2.01), [_run(2.0), _run(2.02)], 0.05)
    assert same is not None and same.verdict is Verdict.SAME


def test_energy_without_enough_to_judge_is_inconclusive_and_without_energy_none() -> None:
    base = [_run(2.0), _run(2.0)]
    few = judge_energy(_run(3.0), base[:1], 0.05)
    assert few is not None and few.verdict is Verdict.INCONCLUSIVE and few.reason.startswith("too few runs: 1")
    one = judge_energy(_run(3.0, rounds=1), base, 0.05)
    assert one is not None and one.verdict is Verdict.INCONCLUSIVE and one.reason.startswith("too few rounds: 1")
    busy = judge_energy(_run(3.0, contended=True), base, 0.05)
    assert busy is not None and busy.verdict is Verdict.INCONCLUSIVE and busy.reason.startswith("busy")
    dark = {**_run(3.0), "energy_j": None, "energy_j_rounds": None}
    assert judge_energy(dark, base, 0.05) is None
    assert judge_energy(_run(3.0), [*base, dark], 0.05) is None  # a baseline run without energy: no verdict
