# labels: name::flaubert author::huggingface task::nlp test_group::daily
"""
FlauBERT (XLM for French).
Built from transformers.FlaubertConfig() with random weights: FlaubertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/flaubert
"""
from benchit.parser import parse
import torch
from transformers import FlaubertConfig, FlaubertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = FlaubertConfig()
model = FlaubertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
