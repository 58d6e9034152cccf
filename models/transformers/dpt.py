# labels: name::dpt author::huggingface task::computer_vision test_group::daily
"""
DPT (ViT-Large) monocular depth estimation.
Built from transformers.DPTConfig(...) with random weights: DPTForDepthEstimation(config).
Source: https://huggingface.co/docs/transformers/model_doc/dpt
"""
from benchit.parser import parse
import torch
from transformers import DPTConfig, DPTForDepthEstimation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = DPTConfig(image_size=height, num_channels=num_channels)
model = DPTForDepthEstimation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
