# labels: name::phi3_mini_2layers author::huggingface task::llm test_group::daily
"""
A 2-layer microsoft/Phi-3-mini-4k-instruct decoder: transformers Phi3Model(config) with random
weights, built from Phi3Config with its defaults (the sizes of microsoft/Phi-3-mini-4k-instruct) but
num_hidden_layers=2, so the whole stack (token embeddings, two decoder layers, final norm; no LM
head) runs on a CPU.
Architecture: fused QKV and gate-up projections, multi-head attention (32 heads), SwiGLU MLP.
Source: https://huggingface.co/docs/transformers/model_doc/phi3
"""
from benchit.parser import parse
import torch
from transformers import Phi3Config, Phi3Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Phi3Config(num_hidden_layers=2, attn_implementation="sdpa")
model = Phi3Model(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
