# labels: name::deit author::huggingface task::computer_vision test_group::daily
"""
DeiT-Base (distillation token).
Built from transformers.DeiTConfig(...) with random weights: DeiTModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/deit
"""
from benchit.parser import parse
import torch
from transformers import DeiTConfig, DeiTModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = DeiTConfig(image_size=height, num_channels=num_channels)
model = DeiTModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
