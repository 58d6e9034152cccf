# labels: name::xlm author::huggingface task::nlp test_group::daily
"""
XLM cross-lingual encoder.
Built from transformers.XLMConfig() with random weights: XLMModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xlm
"""
from benchit.parser import parse
import torch
from transformers import XLMConfig, XLMModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XLMConfig()
model = XLMModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
