# labels: name::depth_anything author::huggingface task::computer_vision test_group::daily
"""
Depth Anything (DINOv2-S backbone + DPT head).
Built from transformers.DepthAnythingConfig() with random weights: DepthAnythingForDepthEstimation(config).
Source: https://huggingface.co/docs/transformers/model_doc/depth_anything
"""
from benchit.parser import parse
import torch
from transformers import DepthAnythingConfig, DepthAnythingForDepthEstimation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = DepthAnythingConfig()
model = DepthAnythingForDepthEstimation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
