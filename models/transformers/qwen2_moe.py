# labels: name::qwen2_moe author::huggingface task::nlp test_group::daily
"""
Qwen2-MoE decoder (shared + routed experts).
Built from transformers.Qwen2MoeConfig(...) with random weights: Qwen2MoeModel(config).

The default config is Qwen1.5-MoE-A2.7B-sized (24 layers, 60 experts); this script keeps its
sizes but uses 1 of its 24 layers so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/qwen2_moe
"""
from benchit.parser import parse
import torch
from transformers import Qwen2MoeConfig, Qwen2MoeModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Qwen2MoeConfig(num_hidden_layers=1)
model = Qwen2MoeModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
