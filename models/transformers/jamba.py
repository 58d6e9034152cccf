# labels: name::jamba author::huggingface task::nlp test_group::daily
"""
Jamba hybrid Mamba + attention MoE decoder.
Built from transformers.JambaConfig(...) with random weights: JambaModel(config).

The default config is Jamba-v0.1 (32 layers of 4096, 16 experts); this script keeps its sizes
but uses 4 layers (3 Mamba, 1 attention; 2 of them MoE) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/jamba
"""
from benchit.parser import parse
import torch
from transformers import JambaConfig, JambaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = JambaConfig(num_hidden_layers=4, attn_layer_period=4, attn_layer_offset=2, expert_layer_period=2, expert_layer_offset=1)
model = JambaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
