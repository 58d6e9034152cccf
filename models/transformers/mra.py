# labels: name::mra author::huggingface task::nlp test_group::daily
"""
MraModel (model type `mra`), 124M parameters.
Built from transformers.MraConfig() with random weights: MraModel(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/mra
"""
from benchit.parser import parse
import torch
from transformers import MraConfig, MraModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = MraConfig()
model = MraModel(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
