# labels: name::efficientnet_v2_m author::torchvision task::image_classification test_group::daily
"""
EfficientNetV2: torchvision.models.efficientnet_v2_m(weights=None), random weights.
Paper: Tan and Le, EfficientNetV2, https://arxiv.org/abs/2104.00298
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.efficientnet_v2_m(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
