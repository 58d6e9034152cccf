# labels: name::efficientnet author::huggingface task::computer_vision test_group::daily
"""
EfficientNet-B7 (the default config).
Built from transformers.EfficientNetConfig(...) with random weights: EfficientNetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/efficientnet
"""
from benchit.parser import parse
import torch
from transformers import EfficientNetConfig, EfficientNetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = EfficientNetConfig(num_channels=num_channels)
model = EfficientNetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
