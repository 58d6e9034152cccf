# labels: name::resnet50 author::torchvision task::image_classification test_group::daily
"""
ResNet: torchvision.models.resnet50(weights=None), random weights.
Paper: He et al., Deep Residual Learning for Image Recognition, https://arxiv.org/abs/1512.03385
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.resnet50(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
