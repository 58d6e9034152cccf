# labels: name::mpnet author::huggingface task::nlp test_group::daily
"""
MPNet encoder.
Built from transformers.MPNetConfig() with random weights: MPNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mpnet
"""
from benchit.parser import parse
import torch
from transformers import MPNetConfig, MPNetModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MPNetConfig()
model = MPNetModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
