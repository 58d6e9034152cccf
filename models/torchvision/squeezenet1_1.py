# labels: name::squeezenet1_1 author::torchvision task::image_classification test_group::ci,daily
"""
SqueezeNet: torchvision.models.squeezenet1_1(weights=None), random weights.
Paper: Iandola et al., SqueezeNet, https://arxiv.org/abs/1602.07360
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.squeezenet1_1(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
