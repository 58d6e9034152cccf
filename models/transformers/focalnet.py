# labels: name::focalnet author::huggingface task::computer_vision test_group::daily
"""
FocalNet (tiny, focal modulation).
Built from transformers.FocalNetConfig(...) with random weights: FocalNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/focalnet
"""
from benchit.parser import parse
import torch
from transformers import FocalNetConfig, FocalNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = FocalNetConfig(num_channels=num_channels)
model = FocalNetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
