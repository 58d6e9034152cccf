# labels: name::phi2_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer microsoft/phi-2 decoder: transformers PhiModel(config) with random weights, built from
PhiConfig with the sizes of microsoft/phi-2 but num_hidden_layers=2, so the whole stack (token
embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: parallel attention and MLP sharing one LayerNorm, partial rotary embeddings (40% of
each head), GELU MLP.
Source: https://huggingface.co/docs/transformers/model_doc/phi
"""
from benchit.parser import parse
import torch
from transformers import PhiConfig, PhiModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = PhiConfig(
    vocab_size=51200,
    hidden_size=2560,
    intermediate_size=10240,
    num_attention_heads=32,
    rope_parameters={"rope_type": "default", "rope_theta": 10000.0, "partial_rotary_factor": 0.4},
    num_hidden_layers=2,
    attn_implementation="sdpa",
)
model = PhiModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
