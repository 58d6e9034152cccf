# labels: name::hiera author::huggingface task::computer_vision test_group::daily
"""
Hiera hierarchical ViT.
Built from transformers.HieraConfig(...) with random weights: HieraModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/hiera
"""
from benchit.parser import parse
import torch
from transformers import HieraConfig, HieraModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = HieraConfig(num_channels=num_channels)
model = HieraModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
