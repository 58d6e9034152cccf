# labels: name::convnext_base author::torchvision task::image_classification test_group::daily
"""
ConvNeXt: torchvision.models.convnext_base(weights=None), random weights.
Paper: Liu et al., A ConvNet for the 2020s, https://arxiv.org/abs/2201.03545
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.convnext_base(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
