# labels: name::wide_resnet50_2 author::torchvision task::image_classification test_group::daily
"""
Wide ResNet: torchvision.models.wide_resnet50_2(weights=None), random weights.
Paper: Zagoruyko and Komodakis, Wide Residual Networks, https://arxiv.org/abs/1605.07146
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.wide_resnet50_2(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
