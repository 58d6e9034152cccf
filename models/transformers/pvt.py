# labels: name::pvt author::huggingface task::computer_vision test_group::daily
"""
Pyramid Vision Transformer.
Built from transformers.PvtConfig(...) with random weights: PvtModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/pvt
"""
from benchit.parser import parse
import torch
from transformers import PvtConfig, PvtModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = PvtConfig(image_size=height, num_channels=num_channels)
model = PvtModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
