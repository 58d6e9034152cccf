"""How a latency and its interval are shown: one unit per row, no exponent, never below zero, a
factor on the log scale, and ``too few rounds for an interval`` where rounds cannot give one."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from browser import headless_page, needs_chromium
from helpers import rewrite_results, run_benchit, write_script

from benchit.nested import level_df
from benchit.records import Result
from benchit.report.units import (
    FEW_ROUNDS,
    MIN_DF,
    PASSES_DISAGREE,
    TOO_WIDE,
    digits,
    duration,
    interval,
    ratio_interval,
    speedup,
)

# A number in exponent notation, or a latency below zero: neither may ever be shown.
FORBIDDEN = re.compile(r"\d[eE][+-]?\d|-\s?\d[\d.]*\s?(?:ns|µs|ms|s)\b")


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (15.7e-3, "15.7 µs"),
        (18.7e-6, "18.7 ns"),
        (0.9996, "1.00 ms"),  # rounds up into the next unit, never ``1e+03 µs``
        (999.6e-6, "1.00 µs"),
        (12345.0, "12.3 s"),
        (2e6, "2000 s"),  # no exponent even far past the last unit
        (0.0, "0 ns"),
        (-36.7e-3, "-"),  # a latency is never below zero
        (float("nan"), "-"),
        (None, "-"),
    ],
)
def test_a_latency_has_three_digits_in_its_unit_and_no_exponent(ms: object, text: str) -> None:
    assert duration(ms) == text
    assert not FORBIDDEN.search(duration(ms))


def test_digits_never_use_an_exponent() -> None:
    assert [digits(v) for v in (0.000123, 123456.0, 99.96, 9.996, 1.0)] == ["0.000123", "123456", "100", "10.0", "1.00"]
    assert speedup(1520.0) == "1520x" and speedup(0.8734) == "0.873x" and speedup(None) == "-"


def test_an_interval_is_shown_in_the_medians_unit_as_a_factor() -> None:
    shown = interval(15.7e-3, 14.6e-3, 16.9e-3, rounds=5)
    assert shown is not None and shown.range_text == "14.6–16.9 µs" and shown.factor_text == "×/÷1.076"
    # A bound in another unit than the median's is shown in the median's: one unit per row.
    wide = interval(11.5e-3, 18.7e-6, 22.9e-3, rounds=5)
    assert wide is not None and wide.range_text == "0.0187–22.9 µs"


def test_too_few_rounds_or_a_stored_negative_bound_say_so_instead_of_a_number() -> None:
    # The selftest corpus at --rounds 2: a t(1) interval, 12.7 times the rounds' spread.
    few = interval(15.7e-3, -36.7, 68.1e-3, rounds=2)
    assert few is not None and few.factor is None and few.range_text == FEW_ROUNDS and few.short == "few rounds"
    # An older cache's linear interval with a low bound below zero, over enough rounds: too wide.
    negative = interval(15.7e-3, -36.7, 68.1e-3, rounds=5)
    assert negative is not None and negative.range_text == TOO_WIDE and negative.short == "CI n/a"
    for low in (0.0, float("nan"), float("-inf")):
        assert interval(1.0, low, 1.1, rounds=5).why == TOO_WIDE  # type: ignore[union-attr]
    assert interval(1.0, None, None) is None and interval(None, 0.9, 1.1) is None


def test_passes_that_disagree_say_so_instead_of_a_t1_interval() -> None:
    # Five rounds in two passes 40% apart: the passes' spread is the interval, with about one
    # degree of freedom (t(1) is 12.7), so no interval is shown.
    df = level_df((1.0, 1.01, 0.99, 1.4, 1.41), (0, 0, 0, 1, 1))
    assert df is not None and df < MIN_DF
    apart = interval(1.01, 0.1, 10.0, rounds=5, df=df)
    assert apart is not None and apart.factor is None and apart.range_text == PASSES_DISAGREE
    assert apart.short == "passes disagree"
    # Passes that agree keep their degrees of freedom and their interval; one pass has n - 1.
    agree = level_df((1.0, 1.01, 0.99, 1.005, 0.995), (0, 0, 0, 1, 1))
    assert agree is not None and agree >= MIN_DF
    assert interval(1.0, 0.98, 1.02, rounds=5, df=agree).factor is not None  # type: ignore[union-attr]
    assert level_df((1.0, 1.1, 0.9)) == 2.0 and level_df((1.0,)) is None and level_df((1.0, 0.0)) is None


def test_a_ratio_interval_is_a_factor() -> None:
    assert ratio_interval(1.933, 1.920, 1.945) == "1.933 ×/÷1.007"
    assert ratio_interval(2.0, 1.2, 3.33) == "2.000 ×/÷1.67"
    assert ratio_interval(2.0, None, None) == "2.000" and ratio_interval(None, 1.0, 2.0) == "-"


@needs_chromium
def test_the_html_report_of_widely_spread_rounds_shows_no_negative_or_exponent_number(
    tmp_path: Path, fast: list[str]
) -> None:
    corpus = tmp_path / "corpus"
    for name in ("spread", "two", "steady", "apart"):
        write_script(
            corpus, f"{name}.py", '"""test model"""\nimport torch\ntorch.nn.Linear(8, 8).eval()(torch.randn(1, 8))\n'
        )
    cache = tmp_path / "cache"
    done = run_benchit("benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, *fast)
    assert done.returncode == 0, done.stdout + done.stderr
    rounds = {
        # rounds spread wide, and a linear interval below zero as an older benchit stored it
        "spread-": ((5e-3, 15.7e-3, 60e-3, 9e-3, 40e-3), 15.7e-3, -36.7, 68.1e-3),
        "two-": ((11.0e-3, 12.0e-3), 11.5e-3, 18.7e-6, 22.9e-3),  # two rounds: a t(1) interval
        "steady-": ((0.99, 1.0, 1.01, 0.995, 1.005), 0.9996, 0.9, 1.1),  # 999.6 µs: shown as 1.00 ms
        # two passes 40% apart, each steady: about one degree of freedom, whatever the rounds
        "apart-": ((1.0, 1.01, 0.99, 1.4, 1.41), 1.01, 0.1, 10.0),
    }

    def edit(result: Result, path: Path) -> Result:
        (kept, median, low, high) = next(v for k, v in rounds.items() if path.parts[-4].startswith(k))
        assert result.stats is not None
        passes = (0, 0, 0, 1, 1) if path.parts[-4].startswith("apart-") else ()
        stats = dataclasses.replace(result.stats, rounds_ms=kept, round_iterations=(10,) * len(kept), median_ms=median,
                                    median_ci_low_ms=low, median_ci_high_ms=high, round_passes=passes)  # fmt: skip
        return dataclasses.replace(result, stats=stats, contended=False)

    assert rewrite_results(cache, edit) == 4
    page = tmp_path / "report.html"
    done = run_benchit("report", "--cache-dir", cache, "--format", "html,md", "-o", page)
    assert done.returncode == 0, done.stderr
    with headless_page(page) as (browser, errors):
        browser.wait_for_selector("#results tbody tr")
        cells = {
            row[0].split()[0]: row
            for row in browser.locator("#results tbody tr").evaluate_all(
                "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText))"
            )
        }
    assert errors == []
    assert set(cells) == {"spread", "two", "steady", "apart"}
    assert {len(row) for row in cells.values()} == {16}  # every column, the ones after the interval too
    median, ci = 6, 7  # the columns: model, params, inputs, machine, device/runtime, status, median, 95% CI
    assert cells["spread"][median] == "15.7 µs" and cells["spread"][ci] == TOO_WIDE
    assert cells["two"][median] == "11.5 µs" and cells["two"][ci] == FEW_ROUNDS
    assert cells["steady"][median] == "1.00 ms" and cells["steady"][ci] == "0.900–1.10 ms ×/÷1.11"
    assert cells["apart"][median] == "1.01 ms" and cells["apart"][ci] == PASSES_DISAGREE
    for row in cells.values():
        assert not any(FORBIDDEN.search(text) for text in row), row
    for text in (done.stdout, (tmp_path / "report.md").read_text()):
        assert not FORBIDDEN.search(text), text
        assert "15.7 µs CI n/a" in text and "11.5 µs few rounds" in text and "1.00 ms ×/÷1.11" in text
        assert "1.01 ms passes disagree" in text
