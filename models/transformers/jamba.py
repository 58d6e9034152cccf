# labels: name::jamba author::huggingface task::nlp test_group::daily
"""
Jamba hybrid Mamba + attention MoE decoder.
Built from transformers.JambaConfig(...) with random weights: JambaModel(config).

The default config is Jamba-v0.1 (32 layers of 4096, 16 experts of 14336, 52B parameters); this
script keeps the width but uses 2 layers (a Mamba layer and an attention layer with a mixture-
of-experts MLP) and 4 of the 16 experts (still routing 2 per token) so it runs on a CPU.
Source: https://huggingface.co/docs/transformers/model_doc/jamba
"""
from benchit.parser import parse
import torch
from transformers import JambaConfig, JambaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = JambaConfig(num_hidden_layers=2, attn_layer_period=2, attn_layer_offset=1, expert_layer_period=2, expert_layer_offset=1, num_experts=4)
model = JambaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
