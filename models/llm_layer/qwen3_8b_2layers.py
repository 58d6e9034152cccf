# labels: name::qwen3_8b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer Qwen/Qwen3-8B decoder: transformers Qwen3Model(config) with random weights, built from
Qwen3Config with the sizes of Qwen/Qwen3-8B but num_hidden_layers=2, so the whole stack (token
embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: grouped-query attention (32 / 8 heads of 128) with RMSNorm on queries and keys (QK-
norm), SwiGLU MLP.
Source: https://huggingface.co/docs/transformers/model_doc/qwen3
"""
from benchit.parser import parse
import torch
from transformers import Qwen3Config, Qwen3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen3Config(
    vocab_size=151936,
    hidden_size=4096,
    intermediate_size=12288,
    num_attention_heads=32,
    num_key_value_heads=8,
    head_dim=128,
    max_position_embeddings=40960,
    rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = Qwen3Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
