# labels: name::shufflenet_v2_x1_5 author::torchvision task::image_classification test_group::daily
"""
ShuffleNetV2: torchvision.models.shufflenet_v2_x1_5(weights=None), random weights.
Paper: Ma et al., ShuffleNet V2, https://arxiv.org/abs/1807.11164
Source: https://pytorch.org/vision/stable/models.html
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.shufflenet_v2_x1_5(weights=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
