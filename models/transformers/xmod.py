# labels: name::xmod author::huggingface task::nlp test_group::daily
"""
X-MOD multilingual encoder with per-language adapters (English adapter).
Built from transformers.XmodConfig() with random weights: XmodModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/xmod
"""
from benchit.parser import parse
import torch
from transformers import XmodConfig, XmodModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = XmodConfig()
model = XmodModel(config).eval()
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "lang_ids": torch.zeros(batch_size, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
