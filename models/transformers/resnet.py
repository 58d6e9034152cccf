# labels: name::resnet author::huggingface task::computer_vision test_group::ci,daily
"""
ResNet-50.
Built from transformers.ResNetConfig(...) with random weights: ResNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/resnet
"""
from benchit.parser import parse
import torch
from transformers import ResNetConfig, ResNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ResNetConfig(num_channels=num_channels)
model = ResNetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
