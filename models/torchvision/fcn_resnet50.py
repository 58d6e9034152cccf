# labels: name::fcn_resnet50 author::torchvision task::semantic_segmentation test_group::daily
"""
FCN: torchvision.models.segmentation.fcn_resnet50(weights=None, weights_backbone=None), random weights.
Paper: Long et al., Fully Convolutional Networks for Semantic Segmentation, https://arxiv.org/abs/1411.4038
Source: https://pytorch.org/vision/stable/models.html#semantic-segmentation
The model returns an OrderedDict with the "out" logits (and "aux" where present).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.segmentation.fcn_resnet50(weights=None, weights_backbone=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
