# labels: name::levit author::huggingface task::computer_vision test_group::daily
"""
LeViT-128S.
Built from transformers.LevitConfig(...) with random weights: LevitModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/levit
"""
from benchit.parser import parse
import torch
from transformers import LevitConfig, LevitModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = LevitConfig(image_size=height, num_channels=num_channels)
model = LevitModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
