# labels: name::textnet author::huggingface task::computer_vision test_group::daily
"""
TextNet backbone (FAST text detection).
Built from transformers.TextNetConfig(...) with random weights: TextNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/textnet
"""
from benchit.parser import parse
import torch
from transformers import TextNetConfig, TextNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = TextNetConfig(num_channels=num_channels)
model = TextNetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
