# labels: name::resnet50 author::benchit task::image_classification test_group::benchmarks
"""
ResNet-50 from torchvision with random weights: a heavy script for benchit's own benchmarks
(torch and torchvision imports, a 25M-parameter model built, one forward pass).
"""

import torch
import torchvision

from benchit.parser import parse

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.resnet50(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
