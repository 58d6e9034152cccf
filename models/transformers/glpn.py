# labels: name::glpn author::huggingface task::computer_vision test_group::daily
"""
GLPN monocular depth estimation.
Built from transformers.GLPNConfig(...) with random weights: GLPNForDepthEstimation(config).
Source: https://huggingface.co/docs/transformers/model_doc/glpn
"""
from benchit.parser import parse
import torch
from transformers import GLPNConfig, GLPNForDepthEstimation

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

config = GLPNConfig(num_channels=num_channels)
model = GLPNForDepthEstimation(config).eval()
inputs = {"pixel_values": torch.rand(batch_size, num_channels, height, width)}

with torch.no_grad():
    model(**inputs)
