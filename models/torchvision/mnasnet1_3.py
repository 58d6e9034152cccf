# labels: name::mnasnet1_3 author::torchvision task::image_classification test_group::daily
"""
MNASNet: torchvision.models.mnasnet1_3(weights=None), random weights.
Paper: Tan et al., MnasNet: Platform-Aware Neural Architecture Search, https://arxiv.org/abs/1807.11626
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.mnasnet1_3(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
