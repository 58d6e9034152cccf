# labels: name::mobilevit author::huggingface task::computer_vision test_group::daily
"""
MobileViT-S.
Built from transformers.MobileViTConfig(...) with random weights: MobileViTModel(config).
Source: https://huggingface.co/docs/transformers/model_doc/mobilevit
"""
from benchit.parser import parse
import torch
from transformers import MobileViTConfig, MobileViTModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = MobileViTConfig(num_channels=num_channels)
model = MobileViTModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
