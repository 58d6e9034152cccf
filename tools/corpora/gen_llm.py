"""Write models/llm/*.py: one script per text-generating architecture of the pinned transformers,
built tiny from its config class with random weights, that calls ``model.generate()``.

Run from the repository root (it probes each architecture in a forked child, then writes):

    HF_HUB_OFFLINE=1 python tools/corpora/gen_llm.py [--only TYPE ...]

The architectures are every entry of ``AutoModelForCausalLM``'s mapping (decoder-only: the
``...ForCausalLM`` classes, GPT-2-style ``...LMHeadModel`` ones, and encoders that run as decoders
such as ``BertLMHeadModel``) and of ``AutoModelForSeq2SeqLM``'s whose input is text. Each config
is shrunk by ``tiny_kwargs`` (2 layers, width 64, 4 heads, vocabulary 1000, 4 experts...) where
its default has the attribute; the script is kept when building it and generating 3 tokens from an
8-token prompt runs. When the tiny config does not build, the default widths with 2 layers are
tried (if under ``MAX_PARAMS``). Architectures left out are in ``LEFT_OUT`` (decided from the
mapping) or failed both probes; ``tools/corpora/llm_auto.json`` records every answer, and
docs/corpora.md lists the left-out ones with their reasons.
"""

from __future__ import annotations

import argparse
import inspect
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import probe_transformers  # noqa: E402
from corpus_files import clear, optional_packages, write  # noqa: E402
from probe_transformers import meta_params, try_script  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "models" / "llm"
RECORD = Path(__file__).parent / "llm_auto.json"
DOCS = "https://huggingface.co/docs/transformers/model_doc/"
MAX_PARAMS = 150_000_000
VOCAB = 1000
CI = {"llama", "gpt2", "t5"}

# attribute -> tiny value; set only where the default config has an int attribute larger than it
TINY = {
    **dict.fromkeys(
        (
            "num_hidden_layers",
            "num_layers",
            "n_layer",
            "n_layers",
            "encoder_layers",
            "decoder_layers",
            "num_encoder_layers",
            "num_decoder_layers",
        ),
        2,
    ),
    **dict.fromkeys(("hidden_size", "n_embd", "d_model", "n_embed", "dim", "model_dim"), 64),
    **dict.fromkeys(
        ("num_attention_heads", "n_head", "n_heads", "encoder_attention_heads", "decoder_attention_heads", "num_heads"),
        4,
    ),
    **dict.fromkeys(
        (
            "intermediate_size",
            "n_inner",
            "d_ff",
            "ffn_dim",
            "encoder_ffn_dim",
            "decoder_ffn_dim",
            "ffn_hidden_size",
            "hidden_dim",
        ),
        128,
    ),
    **dict.fromkeys(("head_dim", "d_kv", "kv_channels", "attention_head_size"), 16),
    **dict.fromkeys(("num_experts", "num_local_experts", "n_routed_experts", "moe_num_experts"), 4),
    **dict.fromkeys(("num_experts_per_tok", "num_experts_per_token", "moe_topk", "top_k"), 2),
    **dict.fromkeys(("n_group", "num_expert_group", "topk_group"), 1),
    # multi-head latent attention (DeepSeek): the rotary part is head_dim
    **dict.fromkeys(("qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim"), 16),
    **dict.fromkeys(("kv_lora_rank", "q_lora_rank", "qk_head_dim"), 32),
    **dict.fromkeys(("linear_head_dim", "linear_key_head_dim", "linear_value_head_dim", "attention_head_dim"), 16),
    "rotary_dim": 8,
    **dict.fromkeys(("moe_intermediate_size", "shared_expert_intermediate_size", "expert_intermediate_size"), 64),
    "vocab_size": VOCAB,
}
TINY_NOTE = (
    "Shrunk to a tiny config (2 layers, or one of each kind in a hybrid; width 64, 4 heads, a\n"
    "1000-token vocabulary; see the arguments) to run on a CPU."
)
LAYERS_NOTE = "Default widths; shrunk to 2 layers and a 1000-token vocabulary to run on a CPU."
KV_HEADS = ("num_key_value_heads", "n_kv_heads", "num_kv_heads", "multi_query_group_num")
TOKEN_IDS = {"pad_token_id": 0, "bos_token_id": 1, "eos_token_id": 2, "decoder_start_token_id": 0}

# Audio and speech models in AutoModelForSeq2SeqLM's mapping: they generate text from sound.
AUDIO = {
    "audioflamingo3",
    "glmasr",
    "granite_speech",
    "granite_speech_plus",
    "moss_transcribe_diarize",
    "musicflamingo",
    "nemo_speechlm",
    "omniasr",
    "qwen2_audio",
    "qwen3_asr",
    "vibevoice_asr",
    "voxtral",
    "voxtral_realtime",
}
# Per-architecture config arguments on top of the tiny ones, where its own layout needs them
# (a value of None drops a tiny argument the config refuses).
FIX: dict[str, dict] = {
    "jamba": {"attn_layer_offset": 1, "attn_layer_period": 2},
    "bamba": {"attn_layer_indices": [1]},
    "recurrent_gemma": {"num_hidden_layers": 3},
    "gpt_neo": {"attention_types": [[["global", "local"], 1]]},
    "gemma3n_text": {"num_kv_shared_layers": 0},
    "mamba2": {"num_heads": 8},
    "prophetnet": {"num_hidden_layers": None},
    "dots1": {"n_routed_experts": 4, "num_experts_per_tok": 2, "n_shared_experts": 1},
    "zamba": {"attn_layer_offset": 1, "attn_layer_period": 2},
    "zamba2": {"hybrid_layer_ids": [1]},
    # the default is all Mamba layers; the released Granite 4.0 hybrids mix in attention
    "granitemoehybrid": {"layer_types": ["linear_attention", "full_attention"]},
    "reformer": {"axial_pos_embds_dim": [32, 32]},
    "nemotron": {"num_key_value_heads": 4},
}
LEFT_OUT = {
    **{t: "speech or audio to text: it needs audio features that cannot be made up as text" for t in AUDIO},
    "encoder-decoder": "EncoderDecoderModel is a composite of any encoder and any decoder configs, not an architecture "
    "of its own; its usual parts (BERT, GPT-2) are in the corpus",
    "gemma3": "Gemma3ForConditionalGeneration: image + text; its text decoder, gemma3_text (Gemma3ForCausalLM), is in the corpus",
    "gemma3n": "Gemma3nForConditionalGeneration: image + audio + text; its text decoder, gemma3n_text, is in the corpus",
    "gemma4": "Gemma4ForConditionalGeneration: image + text; its text decoder, gemma4_text, is in the corpus",
    "gemma4_unified": "Gemma4UnifiedForConditionalGeneration: image + audio + text",
    "got_ocr2": "GotOcr2ForConditionalGeneration: an OCR model that reads images",
    "fuyu": "FuyuForCausalLM: image + text (image patches fed to the decoder)",
    "phi4_multimodal": "Phi4MultimodalForCausalLM: image + audio + text; 870M parameters even shrunk (its vision and audio towers)",
    "t5gemma2": "T5Gemma2ForConditionalGeneration: image + text (a SigLIP encoder beside the text encoder)",
    "musicgen": "MusicgenForCausalLM generates audio codes: its input ids are (batch x codebooks, length) EnCodec tokens",
    "musicgen_melody": "MusicgenMelodyForCausalLM generates audio codes: its input ids are (batch x codebooks, length) EnCodec tokens",
}


def script_name(model_type: str) -> str:
    """A Python identifier that shadows no optional package transformers looks for."""
    name = re.sub(r"[^0-9a-zA-Z_]", "_", model_type).lower()
    return name + "_lm" if name in optional_packages() else name


def architectures() -> list[tuple[str, str, bool]]:
    """(model type, model class name, is encoder-decoder) for every architecture to write or list."""
    from transformers.models.auto import modeling_auto as auto

    out = [(t, c, False) for t, c in auto.MODEL_FOR_CAUSAL_LM_MAPPING_NAMES.items() if isinstance(c, str)]
    out += [(t, c, True) for t, c in auto.MODEL_FOR_SEQ_TO_SEQ_CAUSAL_LM_MAPPING_NAMES.items() if isinstance(c, str)]
    return sorted(out)


def _get(config, attr: str):
    try:
        return getattr(config, attr, None)
    except Exception:  # noqa: BLE001 - a per-layer attribute of a heterogeneous config raises
        return None


def _settable(config, attr: str) -> bool:
    prop = getattr(type(config), attr, None)
    return not isinstance(prop, property) or prop.fset is not None


def layer_pattern(config) -> dict:
    """Keep one layer of each kind of a hybrid (attention and linear attention or Mamba, sliding and
    full...): two layers of only one kind would drop the other. Every per-layer list of the default
    config is cut to the first layer of each kind, in order (at least two layers)."""
    layers = next((a for a in ("num_hidden_layers", "num_layers") if isinstance(_get(config, a), int)), None)
    if layers is None:
        return {}
    n = _get(config, layers)
    kinds = next(
        (v for a in ("layer_types", "layers_block_type") if isinstance(v := _get(config, a), list) and len(v) == n),
        None,
    )
    if kinds is None:
        return {}
    keep = sorted({kinds.index(k) for k in kinds} | {0, 1})[: max(2, len(set(kinds)))]
    if len(set(kinds)) > 1 and len({kinds[i] for i in keep}) < len(set(kinds)):
        keep = sorted({kinds.index(k) for k in kinds})
    kwargs: dict = {layers: len(keep)}
    for attr, value in config.to_dict().items():
        if isinstance(value, list) and len(value) == n and attr != "rope_parameters":
            kwargs[attr] = [value[i] for i in keep]
    return kwargs


def tiny_kwargs(config) -> dict:
    """Config keyword arguments that shrink ``config`` (the default) to a tiny model."""
    kwargs: dict = {}
    for attr, value in TINY.items():
        old = _get(config, attr)
        if isinstance(old, int) and not isinstance(old, bool) and old > value and _settable(config, attr):
            kwargs[attr] = value
    try:
        unset = config.head_dim is None and _settable(config, "head_dim")
    except Exception:  # noqa: BLE001 - absent, or per-layer in a heterogeneous config
        unset = False
    if unset:
        kwargs["head_dim"] = 16  # unset in the default: hidden 64 / 4 heads
    for attr, old in config.to_dict().items():
        # every vocabulary: an output head (Inkling 2's unpadded_vocab_size) wider than the embedding
        # generates ids the embedding cannot read; Gemma 3n's per-layer inputs have their own
        if attr.endswith("vocab_size") and isinstance(old, int) and old > VOCAB and _settable(config, attr):
            kwargs[attr] = VOCAB
    heads = _get(config, "num_attention_heads")
    for attr in KV_HEADS:
        old = _get(config, attr)
        if isinstance(old, int) and not isinstance(old, bool) and old > 1:
            kwargs[attr] = 4 if old == heads else 2  # keep multi-head attention multi-head
    if any(k in kwargs for k in ("num_experts", "num_local_experts", "n_routed_experts")):
        for attr in ("num_experts_per_tok", "num_experts_per_token"):
            if hasattr(config, attr) and _get(config, attr) is None:
                kwargs[attr] = 2
    kwargs.update(layer_pattern(config))
    return kwargs


def token_kwargs(config) -> dict:
    """Special token ids inside the tiny vocabulary, where the default's are past it or unset."""
    kwargs = {}
    for attr, value in TOKEN_IDS.items():
        if attr == "decoder_start_token_id" and not getattr(config, "is_encoder_decoder", False):
            continue
        old = _get(config, attr)
        if old is None or isinstance(old, list) or (isinstance(old, int) and old >= VOCAB):
            kwargs[attr] = value
    return kwargs


FORWARD = """
with torch.no_grad():
    model(input_ids, attention_mask=attention_mask{decoder})
"""


def render(
    model_type: str, model_cls: str, config_cls: str, kwargs: dict, note: str, seq2seq: bool, forward: bool = False
) -> str:
    name = script_name(model_type)
    group = "ci,daily" if model_type in CI else "daily"
    args = "".join(f"    {k}={v!r},\n" for k, v in kwargs.items())
    kind = "encoder-decoder" if seq2seq else "decoder"
    doc = model_type.replace("-", "_")
    text = f'''# labels: name::{name} author::huggingface task::llm test_group::{group}
"""
{model_type}: transformers {model_cls}(config) with random weights, a tiny {kind} that generates text.
{note}
Greedy, exactly max_new_tokens new tokens from a random prompt of max_seq_length tokens.
Source: {DOCS}{doc}
"""
from benchit.parser import parse
import torch
from transformers import {config_cls}, {model_cls}

torch.manual_seed(0)
batch_size, max_seq_length, max_new_tokens = parse(["batch_size", "max_seq_length", "max_new_tokens"])

config = {config_cls}(
{args})
model = {model_cls}(config).eval()
input_ids = torch.randint(3, {VOCAB}, (batch_size, max_seq_length))
attention_mask = torch.ones(batch_size, max_seq_length, dtype=torch.long)

with torch.no_grad():
    model.generate(
        input_ids,
        attention_mask=attention_mask,
        max_new_tokens=max_new_tokens,
        min_new_tokens=max_new_tokens,
        do_sample=False,
        pad_token_id=0,
    )
'''
    if forward:  # the probe's check that the model builds and runs when generate() fails
        text = text[: text.index("\nwith torch.no_grad():")] + FORWARD.format(
            decoder=", decoder_input_ids=input_ids[:, :1]" if seq2seq else ""
        )
    return text


# read by probe_transformers.run_script in the forked child
probe_transformers.PROBE_ARGS = ["--max_seq_length", "8", "--max_new_tokens", "3"]
probe_transformers.TIMEOUT_S = 60


def probe(model_type: str, model_cls_name: str, seq2seq: bool) -> dict:
    """Build the script for ``model_type`` and run it; the record written to llm_auto.json."""
    import transformers

    if model_type in LEFT_OUT:
        return {"status": "left_out", "reason": LEFT_OUT[model_type]}
    model_cls = getattr(transformers, model_cls_name, None)
    if model_cls is None:
        return {"status": "left_out", "reason": f"transformers does not export {model_cls_name}"}
    config_cls = model_cls.config_class
    if getattr(model_cls, "main_input_name", "input_ids") != "input_ids":
        return {"status": "left_out", "reason": f"its input is {model_cls.main_input_name}, not text"}
    try:
        default = config_cls()
    except Exception as e:  # noqa: BLE001 - the reason is the answer
        return {"status": "left_out", "reason": f"{config_cls.__name__}() fails: {type(e).__name__}: {e}"[:300]}
    tries = []
    tiny = {**tiny_kwargs(default), **token_kwargs(default), **FIX.get(model_type, {})}
    tiny = {k: v for k, v in tiny.items() if v is not None}
    if not seq2seq and getattr(default, "is_decoder", None) is False and "is_decoder" in inspect.getsource(model_cls):
        tiny["is_decoder"] = True  # an encoder (BERT, RoBERTa...) run as a causal decoder
    tries.append((tiny, TINY_NOTE))
    layers = {k: v for k, v in tiny.items() if TINY.get(k) == 2 or k in TOKEN_IDS or k == "vocab_size"}
    tries.append((layers, LAYERS_NOTE))
    errors: list[str] = []
    builds = None  # the first try whose forward runs though generate() failed
    for kwargs, note in tries:
        try:
            params = meta_params(model_cls, config_cls(**kwargs))
        except Exception as e:  # noqa: BLE001
            errors.append(f"config: {type(e).__name__}: {e}"[:300].replace("\n", " "))
            continue
        if params > MAX_PARAMS:
            errors.append(f"{params:,} parameters with {kwargs}")
            continue
        text = render(model_type, model_cls_name, config_cls.__name__, kwargs, note, seq2seq)
        error = try_script(text)
        if error is None:
            return {
                "status": "ok",
                "model": model_cls_name,
                "config": config_cls.__name__,
                "kwargs": kwargs,
                "note": note,
                "params": params,
                "seq2seq": seq2seq,
            }
        errors.append(error)
        if (
            builds is None
            and try_script(render(model_type, model_cls_name, config_cls.__name__, kwargs, note, seq2seq, True)) is None
        ):
            builds = (kwargs, note, params, error)
    if builds is not None:
        # in the corpus: generate() failing on a model that runs is what the corpus measures
        kwargs, note, params, error = builds
        return {
            "status": "generate_failed",
            "reason": error,
            "model": model_cls_name,
            "config": config_cls.__name__,
            "kwargs": kwargs,
            "note": note,
            "params": params,
            "seq2seq": seq2seq,
        }
    return {"status": "failed", "reason": errors[0], "errors": errors}


def left_out_markdown() -> str:
    """The architectures without a script and why, from llm_auto.json, for docs/corpora.md."""
    record = json.loads(RECORD.read_text())
    lines = ["| model type | why it has no script |", "|---|---|"]
    groups: dict[str, list[str]] = {}
    for t, entry in sorted(record.items()):
        if entry["status"] == "left_out":
            groups.setdefault(" ".join(entry["reason"].split()), []).append(t)
        elif entry["status"] == "failed":
            why = " ".join(entry["reason"].split()).replace("|", "\\|").replace("`", "'")
            why = why if len(why) <= 160 else why[:157] + "..."
            lines.append(f"| `{t}` | neither probe ran: {why} |")
    for why, types in sorted(groups.items(), key=lambda g: (-len(g[1]), g[0])):
        lines.append(f"| {', '.join(f'`{t}`' for t in types)} | {why} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", help="probe only these model types (the record keeps the others)")
    parser.add_argument("--resume", action="store_true", help="probe only the types llm_auto.json does not have")
    parser.add_argument("--write-only", action="store_true", help="write the scripts from llm_auto.json, no probing")
    parser.add_argument("--markdown", action="store_true", help="print the left-out table for docs/corpora.md")
    args = parser.parse_args()
    if args.markdown:
        print(left_out_markdown(), end="")
        return
    record = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    if not args.write_only:
        import torch

        torch.set_num_threads(1)
        for model_type, cls, seq2seq in architectures():
            if args.only and model_type not in args.only:
                continue
            if args.resume and model_type in record:
                continue
            try:
                record[model_type] = probe(model_type, cls, seq2seq)
            except Exception as e:  # noqa: BLE001 - the reason is the answer
                record[model_type] = {"status": "failed", "reason": f"{type(e).__name__}: {e}"[:300].replace("\n", " ")}
            print(
                f"{model_type}: {record[model_type]['status']} {record[model_type].get('reason', '')[:150]}", flush=True
            )
            RECORD.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    clear(OUT)
    for model_type, entry in sorted(record.items()):
        if entry["status"] in ("ok", "generate_failed"):
            note = TINY_NOTE if entry["note"].startswith("Shrunk") else entry["note"]
            text = render(model_type, entry["model"], entry["config"], entry["kwargs"], note, entry["seq2seq"])
            write(OUT, script_name(model_type), text)
    print(f"{sum(e['status'] in ('ok', 'generate_failed') for e in record.values())} scripts in {OUT}")


if __name__ == "__main__":
    main()
