# labels: name::convnextv2 author::huggingface task::computer_vision test_group::daily
"""
ConvNeXt V2 (tiny).
Built from transformers.ConvNextV2Config(...) with random weights: ConvNextV2Model(config).
Source: https://huggingface.co/docs/transformers/model_doc/convnextv2
"""
from benchit.parser import parse
import torch
from transformers import ConvNextV2Config, ConvNextV2Model

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ConvNextV2Config(num_channels=num_channels)
model = ConvNextV2Model(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
