# labels: name::llama3_8b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer meta-llama/Meta-Llama-3-8B decoder: transformers LlamaModel(config) with random weights,
built from LlamaConfig with the sizes of meta-llama/Meta-Llama-3-8B but num_hidden_layers=2, so the
whole stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: pre-norm RMSNorm, grouped-query attention (32 query / 8 key-value heads), SwiGLU MLP,
RoPE (theta 500000).
Source: https://huggingface.co/docs/transformers/model_doc/llama3
"""
from benchit.parser import parse
import torch
from transformers import LlamaConfig, LlamaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LlamaConfig(
    vocab_size=128256,
    hidden_size=4096,
    intermediate_size=14336,
    num_attention_heads=32,
    num_key_value_heads=8,
    max_position_embeddings=8192,
    rope_parameters={"rope_type": "default", "rope_theta": 500000.0},
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = LlamaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
