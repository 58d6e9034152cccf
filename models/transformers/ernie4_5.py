# labels: name::ernie4_5 author::huggingface task::nlp test_group::daily
"""
Ernie4_5Model (model type `ernie4_5`), 361M parameters.
Built from transformers.Ernie4_5Config() with random weights: Ernie4_5Model(config).

Inputs: random token ids (max_seq_length tokens). Written by
tools/corpora/probe_transformers.py.
Source: https://huggingface.co/docs/transformers/model_doc/ernie4_5
"""
from benchit.parser import parse
import torch
from transformers import Ernie4_5Config, Ernie4_5Model

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = Ernie4_5Config()
model = Ernie4_5Model(config).eval()
text_config = config.get_text_config()
inputs = {
    "input_ids": torch.randint(text_config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}
inputs["use_cache"] = False

with torch.no_grad():
    model(**inputs)
