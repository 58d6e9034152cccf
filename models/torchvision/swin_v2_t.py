# labels: name::swin_v2_t author::torchvision task::image_classification test_group::daily
"""
Swin Transformer V2: torchvision.models.swin_v2_t(weights=None), random weights.
Paper: Liu et al., Swin Transformer V2, https://arxiv.org/abs/2111.09883
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.swin_v2_t(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
