# labels: name::modernbert author::huggingface task::nlp test_group::daily
"""
ModernBERT base encoder.
Built from transformers.ModernBertConfig() with random weights: ModernBertModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/modernbert
"""
from benchit.parser import parse
import torch
from transformers import ModernBertConfig, ModernBertModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = ModernBertConfig()
model = ModernBertModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
