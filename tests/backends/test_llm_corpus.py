"""The ``llm`` corpus: listed by ``benchit corpora``, and its scripts generate through the real command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FAST, REPO, report_df, run_benchit

from benchit.backends.corpora import BUILTIN_CORPORA

LLM = REPO / "models" / "llm"


def test_benchit_corpora_lists_llm_with_its_scripts(tmp_path: Path) -> None:
    done = run_benchit("corpora", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    row = {r["name"]: r for r in json.loads(done.stdout)}["llm"]
    scripts = sorted(p for p in LLM.glob("*.py") if not p.name.startswith("_"))
    assert row["scripts"] == len(scripts) > 100
    assert row["folder"] == str(LLM)
    assert row["requires"] == ["transformers"]
    assert row["description"] == BUILTIN_CORPORA["llm"][0]
    for path in scripts:
        text = path.read_text()
        assert text.startswith(f"# labels: name::{path.stem} author::huggingface task::llm "), path
        assert "model.generate(" in text and "min_new_tokens=max_new_tokens" in text, path


def test_a_decoder_and_an_encoder_decoder_of_the_corpus_generate_ok(tmp_path: Path) -> None:
    """llama (decoder) and t5 (encoder-decoder), found by the corpus's name, in eval and generate mode."""
    pytest.importorskip("transformers")
    cache = tmp_path / "cache"
    done = run_benchit(
        "benchmark", LLM / "llama.py", LLM / "t5.py", "--mode", "eval,generate", "--runtime", "torch",
        "--cache-dir", cache, "--script-args=--max_seq_length 8 --max_new_tokens 4", *FAST,
        env={"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    df = report_df(cache)
    rows = {(r["relative_path"], r["mode"]): r for r in df.to_dict("records")}
    for script, cls in (("llama.py", "LlamaForCausalLM"), ("t5.py", "T5ForConditionalGeneration")):
        gen = rows[(script, "generate")]
        assert (gen["status"], gen["model_class"]) == ("ok", cls)
        assert (gen["prompt_tokens"], gen["new_tokens"]) == (8, 4)
        assert gen["ttft_ms"] > 0 and gen["tpot_ms"] > 0
        assert rows[(script, "eval")]["status"] == "ok"
