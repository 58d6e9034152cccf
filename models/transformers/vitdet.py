# labels: name::vitdet author::huggingface task::computer_vision test_group::daily
"""
ViTDet plain ViT backbone for detection.
Built from transformers.VitDetConfig(...) with random weights: VitDetModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vitdet
"""
from benchit.parser import parse
import torch
from transformers import VitDetConfig, VitDetModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = VitDetConfig(image_size=height, num_channels=num_channels)
model = VitDetModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
