# labels: name::layoutlmv3 author::huggingface task::multimodal test_group::daily
"""
LayoutLMv3 document model (text + boxes + image patches).
Built from transformers.LayoutLMv3Config(...) with random weights: LayoutLMv3Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/layoutlmv3
"""
from benchit.parser import parse
import torch
from transformers import LayoutLMv3Config, LayoutLMv3Model

torch.manual_seed(0)
batch_size, max_seq_length, num_channels, height, width = parse(["batch_size", "max_seq_length", "num_channels", "height", "width"])

config = LayoutLMv3Config(input_size=height, num_channels=num_channels)
model = LayoutLMv3Model(config).eval()
x0 = torch.randint(0, 500, (batch_size, max_seq_length))
y0 = torch.randint(0, 500, (batch_size, max_seq_length))
inputs = {
    "input_ids": torch.randint(config.vocab_size, (batch_size, max_seq_length)),
    "attention_mask": torch.ones(batch_size, max_seq_length, dtype=torch.long),
    "bbox": torch.stack([x0, y0, x0 + 100, y0 + 50], dim=-1),  # (x0, y0, x1, y1) in 0..1000
    "pixel_values": torch.rand(batch_size, num_channels, height, width),
}

with torch.no_grad():
    model(**inputs)
