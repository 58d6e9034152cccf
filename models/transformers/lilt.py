# labels: name::lilt author::huggingface task::multimodal test_group::daily
"""
LiLT language-independent layout transformer (text + boxes).
Built from transformers.LiltConfig() with random weights: LiltModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/lilt
"""
from benchit.parser import parse
import torch
from transformers import LiltConfig, LiltModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LiltConfig()
model = LiltModel(config).eval()
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1),  # (x0, y0, x1, y1) in 0..1000
}

with torch.no_grad():
    model(**inputs)
