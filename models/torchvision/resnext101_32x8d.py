# labels: name::resnext101_32x8d author::torchvision task::image_classification test_group::daily
"""
ResNeXt: torchvision.models.resnext101_32x8d(weights=None), random weights.
Paper: Xie et al., Aggregated Residual Transformations, https://arxiv.org/abs/1611.05431
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.resnext101_32x8d(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
