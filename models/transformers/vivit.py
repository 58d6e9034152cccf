# labels: name::vivit author::huggingface task::video test_group::daily
"""
ViViT video vision transformer, 32 frames.
Built from transformers.VivitConfig(...) with random weights: VivitModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/vivit
"""
from benchit.parser import parse
import torch
from transformers import VivitConfig, VivitModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = VivitConfig(image_size=height, num_channels=num_channels)
model = VivitModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, config.num_frames, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
