# labels: name::maxvit_t author::torchvision task::image_classification test_group::daily
"""
MaxViT: torchvision.models.maxvit_t(weights=None), random weights.
Paper: Tu et al., MaxViT: Multi-Axis Vision Transformer, https://arxiv.org/abs/2204.01697
Source: https://pytorch.org/vision/stable/models.html
MaxViT is built for a fixed input_size=(height, width); both must keep every block divisible by its 7x7 partition (224 works).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.maxvit_t(weights=None, input_size=(height, width)).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
