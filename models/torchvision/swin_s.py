# labels: name::swin_s author::torchvision task::image_classification test_group::daily
"""
Swin Transformer: torchvision.models.swin_s(weights=None), random weights.
Paper: Liu et al., Swin Transformer, https://arxiv.org/abs/2103.14030
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.swin_s(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
