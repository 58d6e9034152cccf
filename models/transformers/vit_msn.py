# labels: name::vit_msn author::huggingface task::computer_vision test_group::daily
"""
ViT-MSN encoder.
Built from transformers.ViTMSNConfig(...) with random weights: ViTMSNModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/vit_msn
"""
from benchit.parser import parse
import torch
from transformers import ViTMSNConfig, ViTMSNModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = ViTMSNConfig(image_size=height, num_channels=num_channels)
model = ViTMSNModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
