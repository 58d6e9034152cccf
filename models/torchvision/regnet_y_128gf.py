# labels: name::regnet_y_128gf author::torchvision task::image_classification test_group::daily
"""
RegNet: torchvision.models.regnet_y_128gf(weights=None), random weights.
Paper: Radosavovic et al., Designing Network Design Spaces, https://arxiv.org/abs/2003.13678
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.regnet_y_128gf(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
