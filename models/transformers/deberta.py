# labels: name::deberta author::huggingface task::nlp test_group::daily
"""
DeBERTa base encoder.
Built from transformers.DebertaConfig() with random weights: DebertaModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/deberta
"""
from benchit.parser import parse
import torch
from transformers import DebertaConfig, DebertaModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = DebertaConfig()
model = DebertaModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
