"""--mode generate: decoder, encoder-decoder, forward-only and encoder scripts through the real command, a
sweep over max_new_tokens, the columns' arithmetic, the near-tie rule, recompile counting."""

from __future__ import annotations

import dataclasses
import json
import statistics
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
import torch
from helpers import FAST, REPO, report_df, run_benchit, write_script

from benchit import keys
from benchit.contracts import Generator
from benchit.measure import generate
from benchit.measure.timing import summarise

HF = "import os\nos.environ['HF_HUB_OFFLINE'] = '1'\nimport torch\nfrom benchit.parser import parse\n"
DECODER = (
    HF
    + """from transformers import GPT2Config, GPT2LMHeadModel

batch_size, max_seq_length, max_new_tokens = parse(["batch_size", "max_seq_length", "max_new_tokens"])
torch.manual_seed(0)
model = GPT2LMHeadModel(GPT2Config(n_layer=2, n_embd=32, n_head=2, vocab_size=100, n_positions=128)).eval()
ids = torch.randint(0, 100, (batch_size, max_seq_length))
model.generate(ids, attention_mask=torch.ones_like(ids), max_new_tokens=max_new_tokens, do_sample=False, pad_token_id=0)
"""
)
ENCODER_DECODER = (
    HF
    + """from transformers import T5Config, T5ForConditionalGeneration

torch.manual_seed(0)
config = T5Config(vocab_size=100, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_heads=4, decoder_start_token_id=0)
model = T5ForConditionalGeneration(config).eval()
ids = torch.randint(0, 100, (2, 6))
model.generate(input_ids=ids, max_new_tokens=5)
"""
)
FORWARD_ONLY = (
    HF
    + """from transformers import LlamaConfig, LlamaForCausalLM

torch.manual_seed(0)
config = LlamaConfig(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128)
model = LlamaForCausalLM(config).eval()
with torch.no_grad():
    model(torch.randint(0, 128, (1, 7)))
"""
)
ENCODER = (
    HF
    + """from transformers import BertConfig, BertModel

torch.manual_seed(0)
config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=1, num_attention_heads=2, intermediate_size=64)
model = BertModel(config).eval()
with torch.no_grad():
    model(torch.randint(0, 100, (1, 8)))
"""
)


def _results(cache: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """(script stem, result file stem) -> the result as JSON."""
    found = {}
    for path in cache.glob("builds/*/results/*/*.json"):
        build = path.parents[2].name
        found[(build.split("-")[0], path.stem)] = json.loads(path.read_text())
    return found


@pytest.fixture(scope="module")
def scanned(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pd.DataFrame]:
    """One scan of the four scripts in eval and generate mode on eager torch, in two passes of one
    round each: every generate result joins two workers' calls."""
    root = tmp_path_factory.mktemp("generate")
    corpus = root / "corpus"
    for name, body in (
        ("decoder", DECODER),
        ("encdec", ENCODER_DECODER),
        ("forward", FORWARD_ONLY),
        ("encoder", ENCODER),
    ):
        write_script(corpus, f"{name}.py", body)
    cache = root / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", corpus, "--cache-dir", cache, "--mode", "eval,generate", "--rounds", "2", "--passes", "2",
        "--script-args=--max_seq_length 5 --max_new_tokens 4", *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    return cache, report_df(cache)


def test_each_generative_model_generates_and_an_encoder_is_unavailable(scanned: tuple[Path, pd.DataFrame]) -> None:
    cache, df = scanned
    results = _results(cache)
    # eval results stay beside generate's, under their own key
    assert {k for k in results if k[1] == "cpu-torch"} == {
        (s, "cpu-torch") for s in ("decoder", "encdec", "forward", "encoder")
    }
    for script in ("decoder", "encdec", "forward"):
        result = results[(script, "cpu-torch-generate")]
        assert result["status"] == "ok", result.get("error")
        assert result["mode"] == "generate"
    encoder = results[("encoder", "cpu-torch-generate")]
    assert encoder["status"] == "unavailable"
    assert "cannot generate" in encoder["error"] and "\n" not in encoder["error"]
    assert results[("encoder", "cpu-torch")]["status"] == "ok"
    # the prompt and N: a generate() call's own, or the forward call's ids with parse()'s max_new_tokens
    info = {s: results[(s, "cpu-torch-generate")]["info"] for s in ("decoder", "encdec", "forward")}
    assert (info["decoder"][keys.PROMPT_TOKENS], info["decoder"][keys.NEW_TOKENS]) == (5, 4)
    assert (info["encdec"][keys.PROMPT_TOKENS], info["encdec"][keys.NEW_TOKENS]) == (6, 5)
    assert (info["forward"][keys.PROMPT_TOKENS], info["forward"][keys.NEW_TOKENS]) == (7, 4)


def test_the_columns_arithmetic(scanned: tuple[Path, pd.DataFrame]) -> None:
    cache, df = scanned
    rows = df[df["mode"] == "generate"].set_index("relative_path")
    for script, batch in (("decoder.py", 1), ("encdec.py", 2), ("forward.py", 1)):
        row = rows.loc[script]
        assert row["ttft_ci_low_ms"] <= row["ttft_ms"] <= row["ttft_ci_high_ms"]
        assert row["tpot_ci_low_ms"] <= row["tpot_ms"] <= row["tpot_ci_high_ms"]
        assert row["e2e_ms"] == pytest.approx(row["latency_median_ms"])
        assert row["e2e_ms"] > row["ttft_ms"] > 0
        assert row["decode_tokens_per_s"] == pytest.approx(batch * 1000 / row["tpot_ms"])
        assert row["prefill_tokens_per_s"] == pytest.approx(batch * row["prompt_tokens"] * 1000 / row["ttft_ms"])
        assert row["first_generate_s"] > 0
        assert row["recompiles"] == 0
    # the dynamic cache after generation: exactly the analytic size
    gpt2 = rows.loc["decoder.py"]  # 2 layers x 2 heads x 16 x (5 + 4 - 1) positions x 4 bytes, keys and values
    assert gpt2["kv_cache_bytes"] == gpt2["kv_cache_bytes_expected"] == 2 * 2 * 2 * 16 * 1 * 8 * 4
    llama = rows.loc["forward.py"]  # grouped query attention: 2 KV heads of 8
    assert llama["kv_cache_bytes"] == llama["kv_cache_bytes_expected"] == 2 * 2 * 2 * 8 * 1 * 10 * 4
    t5 = rows.loc["encdec.py"]  # decoder self-attention 5 positions, cross-attention 6
    assert t5["kv_cache_bytes"] == t5["kv_cache_bytes_expected"] == 2 * 2 * 4 * 8 * 2 * (5 + 6) * 4


def test_each_timed_call_gives_one_ttft_sample(scanned: tuple[Path, pd.DataFrame]) -> None:
    cache, _ = scanned
    info = _results(cache)[("decoder", "cpu-torch-generate")]["info"]
    stats = _results(cache)[("decoder", "cpu-torch-generate")]["stats"]
    assert len(info[keys.TTFT_STATS]["samples_ms"]) == info[keys.GENERATE_CALLS_TIMED] == stats["iterations"]
    assert len(info[keys.TPOT_STATS]["samples_ms"]) == stats["iterations"]
    # both passes' calls: the joined TTFT is the median of all of them, not the last pass's
    assert stats["round_passes"] == [0, 1] and sum(stats["round_iterations"]) == stats["iterations"]
    ttft = sorted(info[keys.TTFT_STATS]["samples_ms"])
    assert info[keys.TTFT_MS] == pytest.approx(statistics.median(ttft), rel=1e-3)
    # a TTFT and a TPOT median per round, as many as the Stats' rounds (so each has its pass)
    for stats_key in (keys.TTFT_STATS, keys.TPOT_STATS):
        rounds = info[stats_key][keys.ROUNDS_MS]
        assert len(rounds) == len(stats["rounds_ms"]) == len(stats["round_passes"])
        samples = info[stats_key]["samples_ms"]
        assert all(min(samples) <= r <= max(samples) for r in rounds)


def test_the_terminal_table_shows_ttft_tpot_and_tokens_per_second(scanned: tuple[Path, pd.DataFrame]) -> None:
    cache, _ = scanned
    done = run_benchit("report", "--cache-dir", cache, "--output", cache.parent / "r.csv")
    assert done.returncode == 0, done.stderr
    assert "tok/s" in done.stdout and "generate (greedy" in done.stdout


def test_a_sweep_over_max_new_tokens(tmp_path: Path) -> None:
    write_script(tmp_path / "corpus", "decoder.py", DECODER)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", "--all", "--search-dir", tmp_path / "corpus", "--cache-dir", cache, "--mode", "generate", "--sweep", "max_new_tokens=2,6",
        "--script-args=--max_seq_length 4", *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache)
    assert sorted(df["new_tokens"]) == [2, 6]
    assert set(df["prompt_tokens"]) == {4}
    assert (df["status"] == "ok").all()


def test_greedy_near_tie_rule() -> None:
    """At the first difference each side's token in the other's top 5: a near tie; else diverged."""
    ref_logits = np.zeros((1, 3, 10))
    ref_logits[0, :, 3] = 1.0  # eager picks 3 each step
    ref_logits[0, 1, 4] = 0.99  # ... with 4 a close second at step 1
    logits = ref_logits.copy()
    logits[0, 1, 4] = 1.01  # the runtime picks 4 at step 1
    ref, own = np.array([[3, 3, 3]]), np.array([[3, 4, 3]])
    near = generate.greedy_verdict(ref, ref_logits, own, logits)
    assert near == {keys.TOKENS_MATCHED: 1, "greedy": "near_tie", "top_k": 5}
    far = np.full((1, 3, 10), -1.0)
    far[0, :, 9] = 5.0
    for token in range(5, 9):
        far[0, 1, token] = 4.0  # 9 then four others: eager's 3 is not in the runtime's top 5
    assert generate.greedy_verdict(ref, ref_logits, np.array([[3, 9, 3]]), far)["greedy"] == "diverged"
    assert generate.greedy_verdict(ref, ref_logits, ref, ref_logits) == {
        keys.TOKENS_MATCHED: 3,
        "greedy": "identical",
        "top_k": 5,
    }


class _Model:
    """Enough of a model for ``Recorder.columns``: a config with no KV-cache shape."""

    class config:  # noqa: N801 - mimics transformers' attribute
        is_encoder_decoder = False

        @staticmethod
        def get_text_config(decoder: bool = True) -> object:
            return object()

    class generation_config:  # noqa: N801
        pad_token_id = 0


def test_recorder_counts_only_kept_blocks_and_recompiles() -> None:
    prompt = generate.Prompt({"input_ids": torch.zeros(2, 3, dtype=torch.long)}, 2, 3, 4, True)
    calls = iter(range(100))
    recorder = generate.Recorder(Generator(generate=lambda **kw: next(calls)), _Model(), prompt, lambda: None)
    compiled = torch.compile(lambda x: x + 1, backend="eager", dynamic=False)

    def timed(ttft: float, steps: list[float]) -> None:  # what a call does (Recorder.__call__)
        if recorder.block is not None:
            recorder.block.append(generate.Call(ttft, steps))

    recorder.begin()
    timed(0.010, [0.002, 0.004, 0.003])
    recorder.end(discarded=False)
    recorder.begin()
    timed(0.500, [0.5, 0.5, 0.5])  # a contended block: left out
    compiled(torch.zeros(2))
    compiled(torch.zeros(3))  # a new shape: a recompile while timed
    recorder.end(discarded=True)
    recorder.end_round(kept_set_aside=False)
    timed(0.9, [0.9])  # outside a block (warm-up): left out
    stats = summarise([0.020], 0, 1.0, 0.05)
    columns = recorder.columns(stats, 4)
    assert columns[keys.TTFT_MS] == pytest.approx(10.0)
    assert columns[keys.TPOT_MS] == pytest.approx(3.0)
    assert columns[keys.DECODE_TOKENS_PER_S] == pytest.approx(2 * 1000 / 3.0)
    assert columns[keys.PREFILL_TOKENS_PER_S] == pytest.approx(2 * 3 * 1000 / 10.0)
    assert columns[keys.E2E_MS] == 20.0
    assert columns[keys.RECOMPILES] >= 1
    assert columns[keys.KV_CACHE_BYTES_EXPECTED] is None
    assert keys.ROUNDS_MS not in columns[keys.TTFT_STATS]  # one round: no round medians, as Stats has none


def test_recorder_gives_each_rounds_median_in_the_order_of_the_stats_rounds() -> None:
    prompt = generate.Prompt({"input_ids": torch.zeros(1, 3, dtype=torch.long)}, 1, 3, 3, True)
    recorder = generate.Recorder(Generator(generate=lambda **kw: None), _Model(), prompt, lambda: None)

    def block(calls: list[tuple[float, list[float]]], discarded: bool) -> None:
        recorder.begin()
        assert recorder.block is not None
        recorder.block.extend(generate.Call(t, s) for t, s in calls)
        recorder.end(discarded)

    # round 0: two kept blocks and a discarded one
    block([(0.010, [0.001, 0.003]), (0.012, [0.002, 0.002])], False)
    block([(0.500, [0.5, 0.5])], True)
    block([(0.014, [0.003, 0.003])], False)
    recorder.end_round(kept_set_aside=False)
    # round 1: every block contended, kept after all (a contended round)
    block([(0.040, [0.004, 0.006]), (0.050, [0.005, 0.005])], True)
    recorder.end_round(kept_set_aside=True)
    # round 2
    block([(0.020, [0.001, 0.001]), (0.022, [0.001, 0.001]), (0.030, [0.002, 0.002])], False)
    recorder.end_round(kept_set_aside=False)
    stats = summarise([0.020, 0.021, 0.022], 0, 1.0, 0.05)
    stats = dataclasses.replace(stats, rounds_ms=(20.0, 21.0, 22.0))
    columns = recorder.columns(stats, 4)
    assert columns[keys.TTFT_STATS][keys.ROUNDS_MS] == pytest.approx([12.0, 45.0, 22.0])
    assert columns[keys.TPOT_STATS][keys.ROUNDS_MS] == pytest.approx([2.0, 5.0, 1.0])
    assert columns[keys.GENERATE_CALLS_TIMED] == 8  # the discarded block of round 0 left out
    # rounds the Stats do not have (another count) are not given: they could not be paired with passes
    other = recorder.columns(dataclasses.replace(stats, rounds_ms=(20.0, 21.0)), 4)
    assert keys.ROUNDS_MS not in other[keys.TTFT_STATS]


GENERATING_PLUGIN = '''
"""A plugin runtime that declares generate: eager generate() behind the contract, judged as non-eager."""
import benchit
from benchit.api import Generator


class Generates(benchit.Runtime):
    name = "generates"
    modes = ("eval", "generate")

    def prepare(self, model, args, kwargs, device, artifacts):
        return benchit.Prepared(step=lambda: model(*args, **kwargs))

    def prepare_generate(self, model, device, artifacts):
        return Generator(generate=lambda **kw: model.generate(**kw, disable_compile=True), info={"cache": "dynamic"})


@benchit.hookimpl
def benchit_runtimes():
    return [Generates]
'''


def test_a_plugin_that_declares_generate_is_checked_against_eager_and_ort_is_unavailable(tmp_path: Path) -> None:
    from helpers import local_plugin

    folder = local_plugin(tmp_path / "plugins", "generates", GENERATING_PLUGIN)
    script = write_script(tmp_path, "decoder.py", DECODER)
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", script, "--plugins-dir", folder, "--runtime", "torch,generates,ort", "--mode", "generate",
        "--cache-dir", cache, "--script-args=--max_seq_length 4 --max_new_tokens 3", *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).set_index("runtime")
    assert df.loc["generates", "status"] == "ok"
    assert df.loc["generates", "parity_verdict"] == "passed"
    assert df.loc["generates", "tokens_matched"] == 3
    assert df.loc["generates", "info_cache"] == "dynamic"
    assert df.loc["ort", "status"] == "unavailable"
    assert "generate" in df.loc["ort", "error"]


def test_the_expected_kv_bytes_of_a_config_whose_sizes_differ_by_layer_are_unknown_not_a_failure() -> None:
    """transformers' heterogeneous configs (Gemma 4, dots.3) raise a RuntimeError when asked for one head_dim: the
    column is empty, and the generate result stays (it failed in the llm corpus's scan)."""

    class PerLayer:
        num_hidden_layers, num_attention_heads, hidden_size = 2, 4, 64

        @property
        def head_dim(self) -> int:
            raise RuntimeError("'head_dim' is a per-layer attribute and may vary across layers")

    class Config(PerLayer):
        def get_text_config(self, decoder: bool = False) -> Any:
            return self

    class Model:
        config = Config()

    prompt = generate.Prompt(kwargs={}, batch=1, tokens=8, new_tokens=4, from_generate=True)
    assert generate.kv_bytes_expected(Model(), prompt, 4) is None
    Config.head_dim = 16  # type: ignore[assignment,misc]
    assert generate.kv_bytes_expected(Model(), prompt, 4) == 2 * 2 * 4 * 16 * 1 * (8 + 4 - 1) * 4


def test_passes_join_their_calls_and_passes_that_disagree_widen_ttft() -> None:
    from benchit.measure.tokenstats import join_columns

    def info(ttft: list[float], tpot: list[float]) -> dict[str, Any]:
        def side(values: list[float]) -> dict[str, Any]:
            mid = statistics.median(values)
            return {"median_ms": mid, "median_ci_low_ms": mid * 0.99, "median_ci_high_ms": mid * 1.01,
                    "samples_ms": values, keys.ROUNDS_MS: [mid * 0.98, mid * 1.02]}  # fmt: skip

        return {keys.TTFT_STATS: side(ttft), keys.TPOT_STATS: side(tpot), keys.TTFT_MS: statistics.median(ttft),
                keys.TPOT_MS: statistics.median(tpot), keys.GENERATE_CALLS_TIMED: len(ttft), keys.RECOMPILES: 0,
                keys.PREFILL_TOKENS_PER_S: 8 * 1000 / statistics.median(ttft),
                keys.DECODE_TOKENS_PER_S: 1000 / statistics.median(tpot)}  # fmt: skip

    joined = join_columns(info([10.0] * 5, [2.0] * 5), info([20.0] * 5, [3.0] * 5), e2e_ms=30.0, round_count=4)
    # the rounds of both passes, in merge_passes' order: the earlier pass's first
    assert joined[keys.TTFT_STATS][keys.ROUNDS_MS] == pytest.approx([9.8, 10.2, 19.6, 20.4])
    assert joined[keys.TPOT_STATS][keys.ROUNDS_MS] == pytest.approx([1.96, 2.04, 2.94, 3.06])
    assert joined[keys.GENERATE_CALLS_TIMED] == 10 and len(joined[keys.TTFT_STATS]["samples_ms"]) == 10
    assert joined[keys.TTFT_MS] == pytest.approx(15.0) and joined[keys.E2E_MS] == 30.0
    # the interval spans both passes' medians: two passes 2x apart are not a tight TTFT
    assert joined[keys.TTFT_CI_LOW_MS] <= 10.0 and joined[keys.TTFT_CI_HIGH_MS] >= 20.0
    assert joined[keys.PREFILL_TOKENS_PER_S] == pytest.approx(8 * 1000 / 15.0)
    assert joined[keys.DECODE_TOKENS_PER_S] == pytest.approx(1000 / 2.5)
    # the joined Stats with another count of rounds: none given rather than rounds misaligned with passes
    other = join_columns(info([10.0] * 5, [2.0] * 5), info([20.0] * 5, [3.0] * 5), e2e_ms=30.0, round_count=3)
    assert keys.ROUNDS_MS not in other[keys.TTFT_STATS]


def _generation(result: Any, factors: list[float], e2e: float, ttft: float, tpot: float) -> Any:
    """A decoder's generate result with controlled round medians (as many as its own): the whole
    call's, TTFT's and TPOT's, each ``factors`` times its level; one machine speed, not contended."""
    n = len(result.stats.rounds_ms)
    assert n >= 2 and len(factors) >= n
    info = {**result.info, "speed_probe_us": 100.0}
    info.pop("parallel_probe_us", None)
    for stats_key, column, level in ((keys.TTFT_STATS, keys.TTFT_MS, ttft), (keys.TPOT_STATS, keys.TPOT_MS, tpot)):
        info[stats_key] = {**info[stats_key], keys.ROUNDS_MS: [level * f for f in factors[:n]]}
        info[column] = level
    stats = dataclasses.replace(result.stats, median_ms=e2e, rounds_ms=tuple(e2e * f for f in factors[:n]))
    return dataclasses.replace(result, stats=stats, info=info, contended=False)


def test_compare_judges_ttft_and_tpot_by_their_own_round_medians(
    scanned: tuple[Path, pd.DataFrame], tmp_path: Path
) -> None:
    import shutil

    from helpers import rewrite_results

    cache, _ = scanned
    base, new = Path(shutil.copytree(cache, tmp_path / "A")), Path(shutil.copytree(cache, tmp_path / "B"))
    factors = [1.0, 1.03, 0.99, 1.02, 0.98]

    def edit(target: Path, ttft: float, tpot: float, contended: bool = False) -> None:
        def change(result: Any, path: Path) -> Any:
            if result.mode != "generate" or result.status != "ok":
                return dataclasses.replace(result, contended=False)
            if not path.parts[-4].startswith("decoder-"):
                return dataclasses.replace(result, contended=False, info={**result.info, "speed_probe_us": 100.0})
            edited = _generation(result, factors, 100.0, ttft, tpot)
            return dataclasses.replace(edited, contended=True) if contended else edited

        rewrite_results(target, change)

    # The whole call is the same on both sides; TTFT doubled, TPOT halved.
    edit(base, ttft=10.0, tpot=2.0)
    edit(new, ttft=20.0, tpot=1.0)
    out = tmp_path / "cmp.json"
    done = run_benchit("compare", base, new, "-o", out, "--format", "json,md,csv,html", "--threshold", "15")
    assert done.returncode == 0, done.stdout + done.stderr
    _check_token_columns_in_a_browser(out.with_suffix(".html"))
    pairs = json.loads(out.read_text())["comparison"]["pairs"]
    generated = {p["key"]["relative_path"]: p for p in pairs if p["key"]["mode"] == "generate"}
    decoder = generated["decoder.py"]
    assert decoder["verdict"] == "no significant change"
    tokens = {t["name"]: t for t in decoder["tokens"]}
    assert tokens["TTFT"]["verdict"] == "slower" and tokens["TTFT"]["change"]["ratio"] == pytest.approx(2.0)
    assert tokens["TTFT"]["change"]["method"] == "welch-t on log round medians"
    assert (tokens["TTFT"]["base_ms"], tokens["TTFT"]["new_ms"]) == (10.0, 20.0)
    assert tokens["TPOT"]["verdict"] == "faster" and tokens["TPOT"]["change"]["ratio"] == pytest.approx(0.5)
    # the unchanged generate pairs (each a copy of itself) have TTFT and TPOT verdicts too; eval pairs and
    # the encoder's (unavailable) none
    assert {name for name, p in generated.items() if {t["name"] for t in p.get("tokens", ())} == {"TTFT", "TPOT"}} == {
        "decoder.py",
        "encdec.py",
        "forward.py",
    }
    assert not any("tokens" in p for p in pairs if p["key"]["mode"] == "eval")
    counts = json.loads(out.read_text())["comparison"]["token_counts"]
    assert counts["TTFT"]["slower"] == 1 and counts["TPOT"]["faster"] == 1
    lines = done.stdout.splitlines()
    ttft_line = next(line for line in lines if line.lstrip().startswith("TTFT") and "slower" in line)
    assert "10.0 ms" in ttft_line and "20.0 ms" in ttft_line and "2.000" in ttft_line
    assert any(line.startswith("TTFT verdicts: 1 slower") for line in lines), done.stdout
    assert "| decoder.py GPT2LMHeadModel: TTFT |" in (tmp_path / "cmp.md").read_text()
    table = pd.read_csv(tmp_path / "cmp.csv").set_index(["relative_path", "mode"])
    assert table.loc[("decoder.py", "generate"), "ttft_verdict"] == "slower"
    assert table.loc[("decoder.py", "generate"), "tpot_ratio"] == pytest.approx(0.5)
    # --fail-on slower counts a TTFT or TPOT regression, one flag per pair
    gated = run_benchit("compare", base, new, "--fail-on", "slower", "-o", tmp_path / "g.csv", "--threshold", "15")
    assert gated.returncode == 1 and "--fail-on slower: 1 flagged" in gated.stderr
    # a busy side: the whole call, TTFT and TPOT are all inconclusive, and gate once
    edit(new, ttft=20.0, tpot=1.0, contended=True)
    busy = run_benchit("compare", base, new, "--fail-on", "slower,inconclusive", "-o", tmp_path / "b.json",
                       "--threshold", "15")  # fmt: skip
    pair = next(
        p for p in json.loads((tmp_path / "b.json").read_text())["comparison"]["pairs"]
        if p["key"]["relative_path"] == "decoder.py" and p["key"]["mode"] == "generate"
    )  # fmt: skip
    assert [pair["verdict"], *(t["verdict"] for t in pair["tokens"])] == ["inconclusive"] * 3
    assert busy.returncode == 1 and "--fail-on slower,inconclusive: 1 flagged" in busy.stderr


def test_history_judges_ttft_and_tpot_of_a_generate_series(scanned: tuple[Path, pd.DataFrame], tmp_path: Path) -> None:
    import shutil

    from helpers import rewrite_results

    cache, _ = scanned
    db = f"sqlite:///{tmp_path / 'history.db'}"
    factors = [1.0, 1.03, 0.99, 1.02, 0.98]
    # three nights: the whole call and TPOT steady, TTFT doubled on the last
    for night, ttft in ((1, 10.0), (2, 10.0), (3, 20.0)):
        copy = Path(shutil.copytree(cache, tmp_path / f"night-{night}"))

        def change(result: Any, path: Path, night: int = night, ttft: float = ttft) -> Any:
            result = dataclasses.replace(result, finished=(result.finished or 0.0) + night, contended=False)
            if path.parts[-4].startswith("decoder-") and result.mode == "generate":
                return _generation(result, factors, 100.0, ttft, 2.0)
            return result

        rewrite_results(copy, change)
        done = run_benchit("publish", copy, "--db", db, "--run", f"night-{night}")
        assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "history.csv"
    done = run_benchit("history", "--db", db, "--format", "csv", "-o", out, "--fail-on", "regression")
    series = pd.read_csv(out).set_index(["script", "mode"])
    decoder = series.loc[("decoder.py", "generate")]
    assert decoder["verdict"] == "no change", decoder.to_dict()
    assert decoder["ttft_verdict"] == "regression" and decoder["ttft_ratio"] == pytest.approx(2.0)
    assert decoder["tpot_verdict"] == "no change" and decoder["tpot_ratio"] == pytest.approx(1.0)
    assert pd.isna(series.loc[("decoder.py", "eval"), "ttft_verdict"])  # an eval series has none
    # --fail-on regression counts a TTFT regression (one flag for the series)
    assert done.returncode == 1 and "--fail-on regression: 1 flagged" in done.stderr, done.stdout + done.stderr
    # the dashboard lists it among the current regressions, and its card says TTFT's and TPOT's verdicts
    page = tmp_path / "history.html"
    assert run_benchit("history", "--db", db, "--format", "html", "-o", page).returncode == 0
    _check_the_dashboard_lists_a_ttft_regression(page)


def _check_the_dashboard_lists_a_ttft_regression(page: Path) -> None:
    from browser import CHROMIUM, headless_page

    if CHROMIUM is None:  # CI installs it (.ci/run); the CSV is checked without it
        return
    with headless_page(page) as (browser, errors):
        browser.wait_for_selector("#regressions tbody tr")
        rows = browser.locator("#regressions tbody tr").evaluate_all(
            "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText))"
        )
        browser.fill("#chart-filter", "decoder.py GPT2LMHeadModel")
        browser.wait_for_selector(".card p")
        notes = browser.locator(".card p").all_inner_texts()
    assert errors == []
    decoder = [(r[3], r[4]) for r in rows if r[0] == "decoder.py GPT2LMHeadModel"]
    assert decoder == [("TTFT regression", "2.00x")], rows  # its latency did not move: one row, TTFT's
    assert any("TTFT: regression x2.00; TPOT: no change x1.00" in note for note in notes), notes


def _check_token_columns_in_a_browser(page: Path) -> None:
    """The comparison page's TTFT and TPOT columns, read in headless Chromium: the decoder's
    generate row says TTFT 2x slower and TPOT 2x faster, each with its interval."""
    from browser import CHROMIUM, headless_page

    if CHROMIUM is None:  # CI installs it (.ci/run); the JSON, Markdown and CSV are checked without it
        return
    with headless_page(page) as (browser, errors):
        browser.wait_for_selector("#comparison tbody tr")
        header = browser.locator("#comparison thead th").all_inner_texts()
        rows = browser.locator("#comparison tbody tr").evaluate_all(
            "rows => rows.map(r => Array.from(r.cells).map(c => c.innerText))"
        )
    assert errors == []
    names = [h.split("\n")[0].strip() for h in header]
    ttft, tpot = names.index("TTFT verdict"), names.index("TPOT verdict")
    assert names[ttft - 1] == "TTFT new/base" and names[tpot - 1] == "TPOT new/base", names
    decoder = [r for r in rows if r[0].startswith("decoder.py") and r[ttft]]
    assert any(r[ttft] == "slower" and r[ttft - 1].startswith("2.000") for r in decoder), decoder
    assert any(r[tpot] == "faster" and r[tpot - 1].startswith("0.500") for r in decoder), decoder
    eval_rows = [r for r in rows if not r[ttft]]
    assert eval_rows and all(r[tpot] == "" for r in eval_rows)  # no generation, no token verdicts


def test_a_compiled_generation_that_transformers_ran_eagerly_says_not_compiled(tmp_path: Path) -> None:
    """torch-compile's generate() goes through transformers' compile_config, which transformers
    uses only with a cache it can compile: MiniMax (the llm corpus's script) brings its own, so
    its result is eager's timing and says so (``generate_graphs`` 0, ``not compiled``); GPT-2's
    static cache is compiled (a graph)."""
    scripts = [REPO / "models" / "llm" / name for name in ("minimax.py", "gpt2.py")]
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", *scripts, "--cache-dir", cache, "--mode", "generate", "--runtime", "torch-compile",
        "--compile-backend", "eager", "--script-args=--max_seq_length 5 --max_new_tokens 4", "--rounds", "2", *FAST,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache).set_index("relative_path")
    assert set(df["status"]) == {"ok"}, df["error"]
    assert df.loc["minimax.py", "generate_graphs"] == 0, df["generate_graphs"].to_dict()
    assert df.loc["gpt2.py", "generate_graphs"] > 0
    table = run_benchit("report", "--cache-dir", cache, cwd=tmp_path)  # its CSV goes to the folder it runs in
    lines = [line for line in table.stdout.splitlines() if "tok/s" in line]
    assert len(lines) == 2 and [("not compiled" in line) for line in lines] == [
        ("minimax" in line) for line in lines
    ], table.stdout
