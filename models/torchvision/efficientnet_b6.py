# labels: name::efficientnet_b6 author::torchvision task::image_classification test_group::daily
"""
EfficientNet: torchvision.models.efficientnet_b6(weights=None), random weights.
Paper: Tan and Le, EfficientNet, https://arxiv.org/abs/1905.11946
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.efficientnet_b6(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
