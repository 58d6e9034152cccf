# labels: name::beit author::huggingface task::computer_vision test_group::daily
"""
BEiT-Base.
Built from transformers.BeitConfig(...) with random weights: BeitModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/beit
"""
from benchit.parser import parse
import torch
from transformers import BeitConfig, BeitModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = BeitConfig(image_size=height, num_channels=num_channels)
model = BeitModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
