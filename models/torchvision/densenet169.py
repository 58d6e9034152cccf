# labels: name::densenet169 author::torchvision task::image_classification test_group::daily
"""
DenseNet: torchvision.models.densenet169(weights=None), random weights.
Paper: Huang et al., Densely Connected Convolutional Networks, https://arxiv.org/abs/1608.06993
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.densenet169(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
