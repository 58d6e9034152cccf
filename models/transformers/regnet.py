# labels: name::regnet author::huggingface task::computer_vision test_group::daily
"""
RegNet (Y-040-sized default config).
Built from transformers.RegNetConfig(...) with random weights: RegNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/regnet
"""
from benchit.parser import parse
import torch
from transformers import RegNetConfig, RegNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = RegNetConfig(num_channels=num_channels)
model = RegNetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
