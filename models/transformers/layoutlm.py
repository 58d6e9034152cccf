# labels: name::layoutlm author::huggingface task::nlp test_group::daily
"""
LayoutLM document encoder (text + 2-D token boxes).
Built from transformers.LayoutLMConfig() with random weights: LayoutLMModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/layoutlm
"""
from benchit.parser import parse
import torch
from transformers import LayoutLMConfig, LayoutLMModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = LayoutLMConfig()
model = LayoutLMModel(config).eval()
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
bbox = torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1)  # (x0, y0, x1, y1) in 0..1000
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "bbox": bbox,
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
