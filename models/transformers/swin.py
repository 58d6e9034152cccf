# labels: name::swin author::huggingface task::computer_vision test_group::daily
"""
Swin Transformer (tiny).
Built from transformers.SwinConfig(...) with random weights: SwinModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/swin
"""
from benchit.parser import parse
import torch
from transformers import SwinConfig, SwinModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = SwinConfig(num_channels=num_channels)
model = SwinModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
