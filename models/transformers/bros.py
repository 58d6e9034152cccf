# labels: name::bros author::huggingface task::nlp test_group::daily
"""
BROS document encoder (text + 2-D token boxes as four corner points).
Built from transformers.BrosConfig() with random weights: BrosModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/bros
"""
from benchit.parser import parse
import torch
from transformers import BrosConfig, BrosModel

torch.manual_seed(0)
batch_size, max_seq_length = parse(["batch_size", "max_seq_length"])

config = BrosConfig()
model = BrosModel(config).eval()
x0 = torch.rand(batch_size, max_seq_length) * 0.8
y0 = torch.rand(batch_size, max_seq_length) * 0.8
# each box as its four corners (x, y), clockwise from the top left, in 0..1 of the page
bbox = torch.stack([x0, y0, x0 + 0.1, y0, x0 + 0.1, y0 + 0.05, x0, y0 + 0.05], dim=-1)
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "bbox": bbox,
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
}

with torch.no_grad():
    model(**inputs)
