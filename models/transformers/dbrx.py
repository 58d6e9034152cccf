# labels: name::dbrx author::huggingface task::nlp test_group::daily
"""
DBRX mixture-of-experts decoder (default config is already small: d_model 2048, 1 block).
Built from transformers.DbrxConfig() with random weights: DbrxModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/dbrx
"""
from benchit.parser import parse
import torch
from transformers import DbrxConfig, DbrxModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DbrxConfig()
model = DbrxModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
