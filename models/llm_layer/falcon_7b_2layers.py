# labels: name::falcon_7b_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer tiiuae/falcon-7b decoder: transformers FalconModel(config) with random weights, built from
FalconConfig with its defaults (the sizes of tiiuae/falcon-7b) but num_hidden_layers=2, so the whole
stack (token embeddings, two decoder layers, final norm; no LM head) runs on a CPU.
Architecture: parallel attention and MLP with one LayerNorm, multi-query attention (71 query heads,
1 key-value head).
Source: https://huggingface.co/docs/transformers/model_doc/falcon
"""
from benchit.parser import parse
import torch
from transformers import FalconConfig, FalconModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FalconConfig(num_hidden_layers=2, attn_implementation="sdpa")
model = FalconModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
