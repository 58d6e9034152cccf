# labels: name::dbrx author::huggingface task::nlp test_group::daily
"""
DBRX mixture-of-experts decoder (scaled-down default config: d_model 2048, 4 experts).
Built from transformers.DbrxConfig(...) with random weights: DbrxModel(config).

DbrxConfig() describes a scaled-down DBRX (d_model 2048, 24 layers, 4 experts; the real model is
132B); this script uses 2 of its 24 layers. rope_theta is given in attn_config because this
transformers version reads it there.
Source: https://huggingface.co/docs/transformers/model_doc/dbrx
"""
from benchit.parser import parse
import torch
from transformers import DbrxConfig, DbrxModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DbrxConfig(n_layers=2, attn_config={"kv_n_heads": 8, "clip_qkv": 8, "rope_theta": 500000.0})
model = DbrxModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
