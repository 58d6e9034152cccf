"""The HTML report in a real headless browser: no console errors, the charts drawn with one mark per result, every row listed."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from browser import headless_page, needs_chromium
from helpers import rewrite_results, run_benchit, with_rounds, write_script

from benchit.records import Result

pytestmark = needs_chromium

MODELS = {
    "wide.py": "torch.nn.Linear(64, 64).eval()(torch.randn(2, 64))",
    "deep.py": "torch.nn.Sequential(*[torch.nn.Linear(32, 32) for _ in range(4)]).eval()(torch.randn(2, 32))",
    # A name that tries to close the page's script element and inject markup.
    "evil.py": "type('</script><b id=pwned>x</b>', (torch.nn.Linear,), {})(8, 8).eval()(torch.randn(1, 8))",
}


FACTORS = (1.01, 0.99, 1.02, 0.98, 1.0)  # ort's rounds: their ratio to torch's spreads


def _open(page_path: Path) -> tuple[dict[str, int], list[str], str]:
    with headless_page(page_path) as (page, errors):
        page.wait_for_selector("#latency-plot .scatterlayer .point")
        counts = {
            sel: page.locator(sel).count()
            for sel in ("#speedup-plot .barlayer .point", "#latency-plot .scatterlayer .point", "#ratio-plot .scatterlayer .point",
                        "#results tbody tr", "#comparison tbody tr", "#pwned")
        }  # fmt: skip
        # Greyed marks: a busy result's point, a speed-up over or of a busy result's bar.
        for name, sel in (("grey bars", "#speedup-plot .barlayer .point path"),
                          ("grey points", "#latency-plot .scatterlayer .point")):  # fmt: skip
            fills = page.locator(sel).evaluate_all(
                "els => els.map(e => getComputedStyle(e).fill + getComputedStyle(e).stroke)"
            )
            counts[name] = sum("rgb(196, 196, 196)" in f for f in fills)
        page.fill("#results-filter", "deep")
        counts["filtered"] = page.locator("#results tbody tr:visible").count()
        page.click("#results th:nth-child(7)")  # sort by median
        first_text = page.locator("#results tbody tr").first.inner_text()
    return counts, errors, first_text


def test_html_report_and_comparison_render_offline(tmp_path: Path, fast: list[str]) -> None:
    corpus = tmp_path / "corpus"
    for name, line in MODELS.items():
        write_script(corpus, name, f'"""test model"""\nimport torch\n{line}\n')
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort", *fast
    )
    assert done.returncode == 0, done.stdout + done.stderr

    def edit(result: Result, path: Path) -> Result:
        # Rounds of a clear verdict (compare below): ort twice as fast as torch, whatever this
        # machine measured (a pair near the threshold is rightly inconclusive, without a point).
        if result.stats is not None:
            torch = result.runtime == "torch"
            rounds = [(1.0 if torch else 0.5) * f for f in ((0.98, 1.01, 1.0, 0.99, 1.02) if torch else FACTORS)]
            result = with_rounds(result, rounds)
            result = dataclasses.replace(result, stats=dataclasses.replace(result.stats, median_ms=sorted(rounds)[2]))
        if path.parts[-4].startswith("wide-") and result.runtime == "ort":  # measured on a busy machine
            return dataclasses.replace(
                result, contended=True, info={**result.info, "contended_reason": "busy: 61% CPU wait"}
            )
        return dataclasses.replace(result, contended=False)  # whatever a busy test machine flagged

    rewrite_results(cache, edit)
    page = tmp_path / "report.html"
    assert run_benchit("report", "--cache-dir", cache, "--format", "html", "-o", page).returncode == 0
    text = page.read_text()
    assert not re.search(r"<(?:script|link|img)[^>]*(?:src|href)=", text)  # everything inline
    counts, errors, _ = _open(page)
    assert errors == []
    assert counts["#speedup-plot .barlayer .point"] == 3  # ort over torch, per model
    assert counts["#latency-plot .scatterlayer .point"] == 6  # every ok result
    assert counts["#results tbody tr"] == 6 and counts["filtered"] == 2
    assert counts["#pwned"] == 0  # the hostile name is text, not markup
    assert counts["grey bars"] == 1 and counts["grey points"] == 1  # wide's ort: busy
    assert "busy: 61% CPU wait" in text and "not comparable" in text and "(of 2; 1 left out: 1 busy)" in text

    cmp = tmp_path / "cmp.html"
    done = run_benchit("compare", cache, "--by", "runtime", "-o", cmp)
    assert done.returncode == 0, done.stderr
    counts, errors, _ = _open(cmp)
    assert errors == []
    # The busy pair is inconclusive: in the table, without a point on the ratio plot.
    assert counts["#ratio-plot .scatterlayer .point"] == 2 and counts["#comparison tbody tr"] == 3
    assert "inconclusive" in cmp.read_text() and "busy: 61% CPU wait in ort" in cmp.read_text()


def test_energy_against_latency_one_colour_per_runtime(tmp_path: Path, fast: list[str]) -> None:
    corpus = tmp_path / "corpus"
    for name in ("wide.py", "deep.py"):
        write_script(corpus, name, f'"""test model"""\nimport torch\n{MODELS[name]}\n')
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--runtime", "torch,ort", *fast
    )
    assert done.returncode == 0, done.stdout + done.stderr

    def without_energy(result: Result, _: Path) -> Result:  # whatever this machine's RAPL gave
        info = {k: v for k, v in result.info.items() if not k.startswith(("energy_", "power_"))}
        return dataclasses.replace(result, contended=False, info=info)

    rewrite_results(cache, without_energy)
    plain = tmp_path / "plain.html"
    assert run_benchit("report", "--cache-dir", cache, "--format", "html", "-o", plain).returncode == 0
    assert "energy-plot" not in plain.read_text()  # no energy anywhere: no figure

    def with_energy(result: Result, path: Path) -> Result:
        if path.parts[-4].startswith("deep-") and result.runtime == "torch":
            return result  # no energy: no point
        joules = 0.5 if result.runtime == "torch" else 0.2
        busy = path.parts[-4].startswith("wide-") and result.runtime == "ort"
        info = {**result.info, "energy_j": joules, "energy_j_rounds": [joules] * 3, "power_w": 12.0}
        if busy:
            info["contended_reason"] = "busy: 61% CPU wait"
        return dataclasses.replace(result, contended=busy, info=info)

    rewrite_results(cache, with_energy)
    page_path = tmp_path / "energy.html"
    assert run_benchit("report", "--cache-dir", cache, "--format", "html", "-o", page_path).returncode == 0
    with headless_page(page_path) as (page, errors):
        page.wait_for_selector("#energy-plot .scatterlayer .point")
        points = page.locator("#energy-plot .scatterlayer .point")
        traces = page.locator("#energy-plot .scatterlayer .trace").count()
        legend = page.locator("#energy-plot .legend .legendtext").all_text_contents()
        fills = points.evaluate_all("els => els.map(e => getComputedStyle(e).fill)")
        strokes = points.evaluate_all("els => els.map(e => getComputedStyle(e).stroke)")
        title = page.locator("#energy-plot .ytitle").text_content()
    assert errors == []
    assert len(fills) == 3 and traces == 2 and sorted(legend) == ["ort", "torch"]  # one trace per runtime
    grey = "rgb(196, 196, 196)"
    assert sum(grey in f + s for f, s in zip(fills, strokes, strict=True)) == 1  # wide's ort: busy, hollow
    coloured = {f for f in fills if f != grey and f not in ("none", "rgba(0, 0, 0, 0)")}
    assert len(coloured) == 2  # torch's point and ort's other point, each its runtime's colour
    assert title == "energy per step (J)"


DECODER = '''"""A tiny GPT-2 from its config (random weights) generating."""
import os
os.environ["HF_HUB_OFFLINE"] = "1"
import torch
from transformers import GPT2Config, GPT2LMHeadModel
from benchit.parser import parse

max_seq_length, max_new_tokens = parse(["max_seq_length", "max_new_tokens"])
torch.manual_seed(0)
model = GPT2LMHeadModel(GPT2Config(n_layer=1, n_embd=32, n_head=2, vocab_size=100, n_positions=128)).eval()
ids = torch.randint(0, 100, (1, max_seq_length))
model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=max_new_tokens, do_sample=False, pad_token_id=0)
'''


def test_a_generate_sweep_draws_tokens_per_second_against_prompt_length(tmp_path: Path, fast: list[str]) -> None:
    from benchit.report import frame, htmlfigures, htmlpage
    from benchit.report.reporter import ReportData
    from benchit.store.cache import Cache

    write_script(tmp_path / "corpus", "decoder.py", DECODER)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", tmp_path / "corpus", "--cache-dir", cache, "--mode", "generate",
        "--sweep", "max_seq_length=5,9,13", "--script-args=--max_new_tokens 3", *fast,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr

    def edit(result: Result, path: Path) -> Result:  # the 9-token prompt measured on a busy machine
        busy = result.info.get("prompt_tokens") == 9
        return dataclasses.replace(result, contended=busy)

    rewrite_results(cache, edit)
    page = tmp_path / "report.html"
    assert run_benchit("report", "--cache-dir", cache, "--format", "html", "-o", page).returncode == 0
    df = frame.frame(Cache(cache))
    with headless_page(page) as (browser_page, errors):
        browser_page.wait_for_selector("#tokens-plot .scatterlayer .point")
        traces = browser_page.evaluate(
            "() => document.getElementById('tokens-plot').data.map(t => ({name: t.name, x: t.x, y: t.y}))"
        )
        points = browser_page.locator("#tokens-plot .scatterlayer .point").count()
        fills = browser_page.locator("#tokens-plot .scatterlayer .point").evaluate_all(
            "els => els.map(e => getComputedStyle(e).fill + getComputedStyle(e).stroke)"
        )
        heading = browser_page.locator("h2", has_text="Tokens per second").inner_text()
    assert errors == []
    assert heading == "Tokens per second against prompt tokens"
    # one runtime: a decode and a prefill line, each a point per prompt length in order, the values the rows'
    assert sorted(t["name"] for t in traces) == ["cpu/torch decode", "cpu/torch prefill"] and points == 6
    rows = df.set_index("prompt_tokens")
    for trace in traces:
        assert trace["x"] == [5, 9, 13]
        column = "decode_tokens_per_s" if trace["name"].endswith("decode") else "prefill_tokens_per_s"
        assert trace["y"] == [rows.loc[n, column] for n in (5, 9, 13)]
    assert sum("rgb(196, 196, 196)" in f for f in fills) == 2  # the busy result's two points, grey
    # results of one prompt length and one N: no such figure
    one = ReportData(frame=df[df["prompt_tokens"] == 5], sources=("x",))
    assert htmlfigures.swept_tokens(one) is None and "tokens-plot" not in htmlpage.page(one)
    # a sweep over N at one prompt length: drawn against N
    over_n = ReportData(frame=df.assign(prompt_tokens=5, new_tokens=[2, 4, 6][: len(df)]), sources=("x",))
    assert htmlfigures.swept_tokens(over_n) == ("new_tokens", "new tokens (N)")
