# labels: name::bit author::huggingface task::computer_vision test_group::daily
"""
BiT (Big Transfer) ResNetV2 with weight-standardized convs.
Built from transformers.BitConfig(...) with random weights: BitModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/bit
"""
from benchit.parser import parse
import torch
from transformers import BitConfig, BitModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = BitConfig(num_channels=num_channels)
model = BitModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
