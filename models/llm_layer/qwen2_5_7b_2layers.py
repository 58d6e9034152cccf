# labels: name::qwen2_5_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer Qwen/Qwen2.5-7B decoder: transformers Qwen2Model(config) with random weights, built from
Qwen2Config with the sizes of Qwen/Qwen2.5-7B but num_hidden_layers=2, so the whole stack (token
embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: Llama-style block with QKV biases and grouped-query attention (28 / 4 heads), RoPE
theta 1e6.
Source: https://huggingface.co/docs/transformers/model_doc/qwen2
"""
from benchit.parser import parse
import torch
from transformers import Qwen2Config, Qwen2Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen2Config(
    vocab_size=152064,
    hidden_size=3584,
    intermediate_size=18944,
    num_attention_heads=28,
    num_key_value_heads=4,
    max_position_embeddings=131072,
    rope_parameters={"rope_type": "default", "rope_theta": 1000000.0},
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = Qwen2Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
