# labels: name::xlnet author::huggingface task::nlp test_group::daily
"""
XLNet (large-sized default config).
Built from transformers.XLNetConfig() with random weights: XLNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xlnet
"""
from benchit.parser import parse
import torch
from transformers import XLNetConfig, XLNetModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XLNetConfig()
model = XLNetModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
