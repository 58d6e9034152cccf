# labels: name::vit author::huggingface task::computer_vision test_group::ci,daily
"""
ViT-Base/16.
Built from transformers.ViTConfig(...) with random weights: ViTModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/vit
"""
from benchit.parser import parse
import torch
from transformers import ViTConfig, ViTModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ViTConfig(image_size=height, num_channels=num_channels)
model = ViTModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
