# labels: name::resnet18 author::benchit task::image_classification test_group::benchmarks
"""
ResNet-18 from torchvision with random weights: the mid-size model of benchit's stability benchmark.
"""

import torch
import torchvision

from benchit.parser import parse

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.resnet18(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
