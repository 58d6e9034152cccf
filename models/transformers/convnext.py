# labels: name::convnext author::huggingface task::computer_vision test_group::daily
"""
ConvNeXt (tiny).
Built from transformers.ConvNextConfig(...) with random weights: ConvNextModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/convnext
"""
from benchit.parser import parse
import torch
from transformers import ConvNextConfig, ConvNextModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ConvNextConfig(num_channels=num_channels)
model = ConvNextModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
