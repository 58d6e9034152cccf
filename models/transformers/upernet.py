# labels: name::upernet author::huggingface task::computer_vision test_group::daily
"""
UperNet semantic segmentation (ResNet-50 backbone).
Built from transformers.UperNetConfig() with random weights: UperNetForSemanticSegmentation(config).
Source: https://huggingface.co/docs/transformers/model_doc/upernet
"""
from benchit.parser import parse
import torch
from transformers import UperNetConfig, UperNetForSemanticSegmentation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = UperNetConfig()
model = UperNetForSemanticSegmentation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
