# labels: name::ijepa author::huggingface task::computer_vision test_group::daily
"""
I-JEPA ViT encoder.
Built from transformers.IJepaConfig(...) with random weights: IJepaModel(config).

Built with image_size=height (square images).
Source: https://huggingface.co/docs/transformers/model_doc/ijepa
"""
from benchit.parser import parse
import torch
from transformers import IJepaConfig, IJepaModel

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = IJepaConfig(image_size=height, num_channels=num_channels)
model = IJepaModel(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
