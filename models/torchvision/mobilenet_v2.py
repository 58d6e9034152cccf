# labels: name::mobilenet_v2 author::torchvision task::image_classification test_group::daily
"""
MobileNetV2: torchvision.models.mobilenet_v2(weights=None), random weights.
Paper: Sandler et al., MobileNetV2, https://arxiv.org/abs/1801.04381
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.mobilenet_v2(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
