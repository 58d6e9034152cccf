# labels: name::mobilenet_v3_small author::torchvision task::image_classification test_group::ci,daily
"""
MobileNetV3: torchvision.models.mobilenet_v3_small(weights=None), random weights.
Paper: Howard et al., Searching for MobileNetV3, https://arxiv.org/abs/1905.02244
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.mobilenet_v3_small(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
