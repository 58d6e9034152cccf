# labels: name::vgg11_bn author::torchvision task::image_classification test_group::daily
"""
VGG: torchvision.models.vgg11_bn(weights=None), random weights.
Paper: Simonyan and Zisserman, Very Deep Convolutional Networks, https://arxiv.org/abs/1409.1556
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.vgg11_bn(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
