# labels: name::splinter author::huggingface task::nlp test_group::daily
"""
SplinterModel (model type `splinter`), 109M parameters.
Built from transformers.SplinterConfig() with random weights: SplinterModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/splinter
"""
from benchit.parser import parse
import torch
from transformers import SplinterConfig, SplinterModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = SplinterConfig()
model = SplinterModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
