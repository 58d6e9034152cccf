# labels: name::vit_mae author::huggingface task::computer_vision test_group::daily
"""
ViT-MAE encoder (masks 75% of patches at random).
Built from transformers.ViTMAEConfig(...) with random weights: ViTMAEModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/vit_mae
"""
from benchit.parser import parse
import torch
from transformers import ViTMAEConfig, ViTMAEModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ViTMAEConfig(image_size=height, num_channels=num_channels)
model = ViTMAEModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
