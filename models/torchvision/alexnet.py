# labels: name::alexnet author::torchvision task::image_classification test_group::ci,daily
"""
AlexNet: torchvision.models.alexnet(weights=None), random weights.
Paper: Krizhevsky et al., ImageNet Classification with Deep Convolutional Neural Networks (2012)
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.alexnet(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
