# labels: name::ernie author::huggingface task::nlp test_group::daily
"""
ERNIE 3.0 base encoder.
Built from transformers.ErnieConfig() with random weights: ErnieModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/ernie
"""
from benchit.parser import parse
import torch
from transformers import ErnieConfig, ErnieModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ErnieConfig()
model = ErnieModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
