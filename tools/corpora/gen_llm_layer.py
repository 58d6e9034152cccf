"""Write models/llm_layer/*.py: single decoder layers and small (2-layer) decoders of current LLM
families, built from transformers config classes with the real sizes of a named checkpoint and
random weights.

Run from the repository root:

    /work/venv/bin/python tools/corpora/gen_llm_layer.py

<family>_layer.py calls one decoder layer the way the family's *Model calls it: hidden states,
the rotary position embeddings computed by the family's rotary-embedding module, position ids
and an additive causal mask. <family>_2layers.py runs the whole decoder stack (embeddings, two
layers, final norm; no LM head) on token ids.
The generated scripts are committed.
"""

from __future__ import annotations

import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from corpus_files import clear, write

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "models" / "llm_layer"
DOCS = "https://huggingface.co/docs/transformers/model_doc/"


@dataclass
class Family:
    key: str  # script prefix
    module: str  # transformers.models.<module>
    prefix: str  # class-name prefix: <prefix>Config, <prefix>DecoderLayer, ...
    checkpoint: str  # the checkpoint whose sizes the config uses
    about: str  # what is characteristic about the architecture
    cfg: str = ""  # config keyword arguments ("" = the config class defaults are that checkpoint)
    config_class: str = ""
    layer_class: str = ""
    layer_idx: int = 0
    layer_note: str = ""
    layer_call: str = ""  # override of the layer call's keyword arguments
    rotary_extra: str = ""  # extra positional arguments of the rotary embedding's forward
    two_layers: bool = True
    two_layer_note: str = ""
    doc: str = ""
    attn: str = "sdpa"
    init_mlp: bool = False  # the layer's MLP allocates weights (fused experts, router) that only *Model.post_init fills
    ci: bool = False


# fmt: off
FAMILIES = [
    Family("llama3_8b", "llama", "Llama", "meta-llama/Meta-Llama-3-8B",
           "pre-norm RMSNorm, grouped-query attention (32 query / 8 key-value heads), SwiGLU MLP, RoPE (theta 500000)",
           cfg='vocab_size=128256, hidden_size=4096, intermediate_size=14336, num_attention_heads=32, num_key_value_heads=8, '
               'max_position_embeddings=8192, rope_parameters={"rope_type": "default", "rope_theta": 500000.0}',
           doc="llama3"),
    Family("llama2_7b", "llama", "Llama", "meta-llama/Llama-2-7b-hf",
           "pre-norm RMSNorm, multi-head attention (32 heads), SwiGLU MLP (11008), RoPE", doc="llama2"),
    Family("mistral_7b", "mistral", "Mistral", "mistralai/Mistral-7B-v0.1",
           "Llama-style block with grouped-query attention (32 / 8 heads) and a 4096-token sliding window", ci=True),
    Family("mixtral_8x7b", "mixtral", "Mixtral", "mistralai/Mixtral-8x7B-v0.1",
           "Mistral attention with a sparse mixture-of-experts MLP: 8 SwiGLU experts of 14336, top-2 routing",
           two_layers=False, layer_note="One layer holds 1.4B parameters (5.6 GB in fp32), so there is no 2-layer script.", init_mlp=True),
    Family("qwen2_5_7b", "qwen2", "Qwen2", "Qwen/Qwen2.5-7B",
           "Llama-style block with QKV biases and grouped-query attention (28 / 4 heads), RoPE theta 1e6",
           cfg='vocab_size=152064, hidden_size=3584, intermediate_size=18944, num_attention_heads=28, num_key_value_heads=4, '
               'max_position_embeddings=131072, rope_parameters={"rope_type": "default", "rope_theta": 1000000.0}',
           doc="qwen2"),
    Family("qwen3_8b", "qwen3", "Qwen3", "Qwen/Qwen3-8B",
           "grouped-query attention (32 / 8 heads of 128) with RMSNorm on queries and keys (QK-norm), SwiGLU MLP",
           cfg='vocab_size=151936, hidden_size=4096, intermediate_size=12288, num_attention_heads=32, num_key_value_heads=8, '
               'head_dim=128, max_position_embeddings=40960, rope_parameters={"rope_type": "default", "rope_theta": 1000000.0}',
           doc="qwen3"),
    Family("qwen3_30b_a3b", "qwen3_moe", "Qwen3Moe", "Qwen/Qwen3-30B-A3B",
           "QK-norm attention (32 / 4 heads) and a mixture-of-experts MLP: 128 experts of 768, top-8 routing",
           cfg='num_experts=128, num_experts_per_tok=8, moe_intermediate_size=768, hidden_size=2048, num_attention_heads=32, '
               'num_key_value_heads=4, head_dim=128, rope_parameters={"rope_type": "default", "rope_theta": 1000000.0}',
           two_layers=False, doc="qwen3_moe", init_mlp=True),
    Family("phi2", "phi", "Phi", "microsoft/phi-2",
           "parallel attention and MLP sharing one LayerNorm, partial rotary embeddings (40% of each head), GELU MLP",
           cfg='vocab_size=51200, hidden_size=2560, intermediate_size=10240, num_attention_heads=32, '
               'rope_parameters={"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.4}',
           doc="phi", ci=True),
    Family("phi3_mini", "phi3", "Phi3", "microsoft/Phi-3-mini-4k-instruct",
           "fused QKV and gate-up projections, multi-head attention (32 heads), SwiGLU MLP", doc="phi3"),
    Family("gemma_7b", "gemma", "Gemma", "google/gemma-7b",
           "RMSNorm with (1 + weight), multi-head attention with 256-wide heads, GeGLU MLP (24576), scaled embeddings",
           doc="gemma", two_layer_note="The 256000-token embedding alone is 3.1 GB in fp32."),
    Family("gemma2_2b", "gemma2", "Gemma2", "google/gemma-2-2b",
           "pre- and post-norm around attention and MLP, attention-logit soft-capping, alternating sliding-window "
           "(4096) and global attention, GeGLU MLP",
           doc="gemma2", attn="eager",
           layer_note="Soft-capping is not supported by SDPA, so the config uses eager attention as the Gemma 2 models do."),
    Family("gemma3_4b", "gemma3", "Gemma3", "google/gemma-3-4b-pt",
           "(text decoder) QK-norm, pre/post norms, 5 sliding-window (local RoPE theta 10000) layers per global (theta 1e6) layer",
           cfg="vocab_size=262208, hidden_size=2560, intermediate_size=10240, num_attention_heads=8, num_key_value_heads=4, "
               "head_dim=256, sliding_window=1024",
           config_class="Gemma3TextConfig", layer_class="Gemma3DecoderLayer", doc="gemma3",
           rotary_extra=', "sliding_attention"',
           layer_note="Layer 0 is a sliding-window layer, so it takes the local rotary embeddings; the window (1024 tokens) "
                      "is longer than the default sequence.",
           two_layer_note="Gemma3TextModel is the text decoder of Gemma 3; the vision tower is not included."),
    Family("pythia_6_9b", "gpt_neox", "GPTNeoX", "EleutherAI/pythia-6.9b",
           "GPT-NeoX block: parallel attention and MLP with separate LayerNorms, rotary embeddings on 25% of each head",
           cfg="vocab_size=50432, hidden_size=4096, intermediate_size=16384, num_attention_heads=32",
           layer_class="GPTNeoXLayer", doc="gpt_neox"),
    Family("falcon_7b", "falcon", "Falcon", "tiiuae/falcon-7b",
           "parallel attention and MLP with one LayerNorm, multi-query attention (71 query heads, 1 key-value head)",
           doc="falcon",
           layer_call="hidden_states, alibi=None, attention_mask=causal_mask, position_ids=position_ids, "
                      "position_embeddings=position_embeddings"),
    Family("olmo_7b", "olmo", "Olmo", "allenai/OLMo-7B-hf",
           "Llama-style block with non-parametric LayerNorm (no learned scale or bias)", doc="olmo"),
    Family("olmo2_7b", "olmo2", "Olmo2", "allenai/OLMo-2-1124-7B",
           "post-norm RMSNorm on attention and MLP outputs and QK-norm", doc="olmo2",
           cfg='vocab_size=100352, rope_parameters={"rope_type": "default", "rope_theta": 500000.0}, max_position_embeddings=4096'),
    Family("stablelm_3b", "stablelm", "StableLm", "stabilityai/stablelm-3b-4e1t",
           "LayerNorm, multi-head attention with rotary embeddings on 25% of each head, SwiGLU MLP", doc="stablelm"),
    Family("starcoder2_3b", "starcoder2", "Starcoder2", "bigcode/starcoder2-3b",
           "LayerNorm, grouped-query attention (24 / 2 heads) with biases, GELU MLP, sliding window", doc="starcoder2"),
    Family("deepseek_v2_lite", "deepseek_v2", "DeepseekV2", "deepseek-ai/DeepSeek-V2-Lite",
           "multi-head latent attention (keys and values compressed to a 512-d latent, decoupled 64-d RoPE part) and a "
           "DeepSeekMoE MLP: 2 shared + 64 routed experts of 1408, top-6",
           cfg="vocab_size=102400, hidden_size=2048, intermediate_size=10944, moe_intermediate_size=1408, "
               "num_attention_heads=16, num_key_value_heads=16, n_shared_experts=2, n_routed_experts=64, "
               "num_experts_per_tok=6, first_k_dense_replace=1, kv_lora_rank=512, q_lora_rank=None, "
               "qk_nope_head_dim=128, qk_rope_head_dim=64, v_head_dim=128, head_dim=64",
           layer_idx=1, layer_note="Layer 1 is the first mixture-of-experts layer (layer 0 has a dense MLP). "
                                   "The rotary embeddings are complex (cos + i sin) in this family.",
           doc="deepseek_v2", init_mlp=True),
    Family("glm4_9b", "glm4", "Glm4", "THUDM/GLM-4-9B-0414",
           "grouped-query attention (32 / 2 heads) with QKV biases, partial (50%) rotary embeddings, "
           "sandwich norms around attention and MLP",
           cfg="vocab_size=151552, hidden_size=4096, intermediate_size=13696, num_attention_heads=32, num_key_value_heads=2",
           doc="glm4"),
    Family("smollm3_3b", "smollm3", "SmolLM3", "HuggingFaceTB/SmolLM3-3B",
           "Llama-style block with grouped-query attention (16 / 4 heads); every fourth layer uses no positional encoding "
           "(NoPE)", doc="smollm3"),
    Family("command_r", "cohere", "Cohere", "CohereForAI/c4ai-command-r-v01",
           "parallel attention and MLP with one LayerNorm, multi-head attention (64 heads of 128), SwiGLU MLP (22528)",
           two_layers=False, layer_note="The 256000 x 8192 embedding (8.4 GB in fp32) is too large for a CPU run, "
                                        "so there is no 2-layer script.", doc="cohere"),
    Family("nemotron4_15b", "nemotron", "Nemotron", "nvidia/Nemotron-4-15B",
           "LayerNorm1P, multi-head attention (48 heads) with partial (50%) rotary embeddings, squared-ReLU MLP (no gate)",
           cfg="num_key_value_heads=8", two_layers=False,
           layer_note="The 256000 x 6144 embedding (6.3 GB in fp32) is too large for a CPU run, so there is no 2-layer script.",
           doc="nemotron"),
    Family("gpt_oss_20b", "gpt_oss", "GptOss", "openai/gpt-oss-20b",
           "grouped-query attention (64 / 8 heads of 64) with learned attention sinks, alternating 128-token sliding-window "
           "and full layers, YaRN RoPE, and a mixture-of-experts MLP: 32 experts of 2880 with clamped SwiGLU, top-4",
           cfg="num_local_experts=32, num_hidden_layers=24", two_layers=False, doc="gpt_oss", attn="eager",
           layer_note="Layer 0 is a sliding-window layer (128 tokens), so the mask is causal and banded. Attention sinks "
                      "need eager attention.", init_mlp=True),
]
# fmt: on


def names(f: Family) -> tuple[str, str, str, str]:
    config = f.config_class or f"{f.prefix}Config"
    layer = f.layer_class or f"{f.prefix}DecoderLayer"
    rotary = f"{f.prefix}RotaryEmbedding"
    model = f"{f.prefix}TextModel" if f.prefix == "Gemma3" else f"{f.prefix}Model"
    return config, layer, rotary, model


def config_line(f: Family, extra: str) -> str:
    config = names(f)[0]
    args = ", ".join(a for a in (f.cfg, extra, f'attn_implementation="{f.attn}"') if a)
    line = f"config = {config}({args})"
    if len(line) <= 110:
        return line
    parts = split_args(args)
    return f"config = {config}(\n" + "".join(f"    {p},\n" for p in parts) + ")"


def split_args(args: str) -> list[str]:
    parts, depth, cur = [], 0, ""
    for ch in args:
        if ch in "{[(":
            depth += 1
        elif ch in "}])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


def sizes_text(f: Family) -> str:
    return "the config class defaults, which are" if not f.cfg else "sizes of"


def layer_script(f: Family) -> str:
    config, layer, rotary, _ = names(f)
    doc = DOCS + (f.doc or f.module)
    about = textwrap.fill(
        f"One decoder layer of {f.checkpoint}: transformers {layer}(config, layer_idx={f.layer_idx}) with random weights, "
        f"built from {config} with the {'sizes of ' + f.checkpoint if f.cfg else 'defaults of ' + config + ', which are the sizes of ' + f.checkpoint}.",
        100,
    )
    arch = textwrap.fill(f"Architecture: {f.about}.", 100)
    how = textwrap.fill(
        "The layer is called the way the family's model calls it: hidden states, the rotary position embeddings "
        f"computed by {rotary}, position ids and an additive causal mask.",
        100,
    )
    note = ("\n" + textwrap.fill(f.layer_note, 100)) if f.layer_note else ""
    call = f.layer_call or (
        "hidden_states, attention_mask=causal_mask, position_ids=position_ids, position_embeddings=position_embeddings"
    )
    mask = 'causal_mask = torch.full((max_seq_length, max_seq_length), float("-inf")).triu(1)'
    if f.key == "gpt_oss_20b":
        mask = (
            "positions = torch.arange(max_seq_length)\n"
            "distance = positions[:, None] - positions[None, :]\n"
            "visible = (distance >= 0) & (distance < config.sliding_window)  # causal, within the window\n"
            'causal_mask = torch.zeros(max_seq_length, max_seq_length).masked_fill(~visible, float("-inf"))'
        )
    groups = "ci,daily" if f.ci else "daily"
    init = ""
    if f.init_mlp:
        init = (
            "# A bare layer is not a PreTrainedModel, so nothing fills the weights its MoE block allocates\n"
            "# uninitialised (fused experts, router): draw them as the family's _init_weights does.\n"
            "for name, param in model.named_parameters():\n"
            '    if name.startswith("mlp.") or name == "self_attn.sinks":\n'
            "        torch.nn.init.normal_(param, std=config.initializer_range)\n"
        )
    return f'''# labels: name::{f.key}_layer author::huggingface task::llm test_group::{groups}
"""
{about}
{arch}
{how}{note}
Source: {doc}
"""
from benchit.parser import parse
import torch
from transformers import {config}
from transformers.models.{f.module}.modeling_{f.module} import {layer}, {rotary}

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

{config_line(f, "")}
model = {layer}(config, layer_idx={f.layer_idx}).eval()
{init}rotary_emb = {rotary}(config)

hidden_states = torch.randn(batch_size, max_seq_length, config.hidden_size)
position_ids = torch.arange(max_seq_length).expand(batch_size, -1)
# Called through .forward(): the rotary table is an input of the layer, not a model to benchmark.
position_embeddings = rotary_emb.forward(hidden_states, position_ids{f.rotary_extra})
{mask}
causal_mask = causal_mask.expand(batch_size, 1, -1, -1)

with torch.no_grad():
    model({call})
'''


def two_layer_script(f: Family) -> str:
    config, _, _, model = names(f)
    doc = DOCS + (f.doc or f.module)
    about = textwrap.fill(
        f"A 2-layer {f.checkpoint} decoder: transformers {model}(config) with random weights, built from "
        f"{config} with {'the sizes of ' + f.checkpoint if f.cfg else 'its defaults (the sizes of ' + f.checkpoint + ')'} "
        "but num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM head) "
        "runs on a CPU.",
        100,
    )
    arch = textwrap.fill(f"Architecture: {f.about}.", 100)
    note = ("\n" + textwrap.fill(f.two_layer_note, 100)) if f.two_layer_note else ""
    groups = "daily"
    return f'''# labels: name::{f.key}_2layers author::huggingface task::llm test_group::{groups}
"""
{about}
{arch}{note}
Source: {doc}
"""
from benchit.parser import parse
import torch
from transformers import {config}, {model}

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

{config_line(f, "num_hidden_layers=2")}
model = {model}(config).eval()
inputs = {{
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}}

with torch.no_grad():
    model(**inputs)
'''


def main(only: list[str]) -> None:
    n = 0
    if not only:  # a full run rewrites the corpus: drop scripts of entries that were removed
        clear(OUT)
    for f in FAMILIES:
        if only and f.key not in only:
            continue
        write(OUT, f"{f.key}_layer", layer_script(f))
        n += 1
        if f.two_layers:
            write(OUT, f"{f.key}_2layers", two_layer_script(f))
            n += 1
    print(f"wrote {n} scripts under {OUT.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
