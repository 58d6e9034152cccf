# labels: name::funnel author::huggingface task::nlp test_group::daily
"""
Funnel Transformer encoder-decoder (base).
Built from transformers.FunnelConfig() with random weights: FunnelModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/funnel
"""
from benchit.parser import parse
import torch
from transformers import FunnelConfig, FunnelModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FunnelConfig()
model = FunnelModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
