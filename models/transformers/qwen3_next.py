# labels: name::qwen3_next author::huggingface task::nlp test_group::daily
"""
Qwen3-Next decoder (Gated DeltaNet and gated-attention layers, shared + routed experts).
Built from transformers.Qwen3NextConfig(...) with random weights: Qwen3NextModel(config).

The default config is Qwen3-Next-80B-A3B (48 layers of 2048, 512 experts); this script keeps its
sizes but uses 4 of its 48 layers (three Gated DeltaNet layers and an attention layer) and 16 of
its 512 experts, still routing 10 per token so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/qwen3_next
"""
from benchit.parser import parse
import torch
from transformers import Qwen3NextConfig, Qwen3NextModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen3NextConfig(num_hidden_layers=4, num_experts=16)
model = Qwen3NextModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
