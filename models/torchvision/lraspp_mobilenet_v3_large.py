# labels: name::lraspp_mobilenet_v3_large author::torchvision task::semantic_segmentation test_group::ci,daily
"""
LR-ASPP: torchvision.models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None), random weights.
Paper: Howard et al., Searching for MobileNetV3, https://arxiv.org/abs/1905.02244
Source: https://pytorch.org/vision/stable/models.html#semantic-segmentation
The model returns an OrderedDict with the "out" logits (and "aux" where present).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.segmentation.lraspp_mobilenet_v3_large(weights=None, weights_backbone=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
