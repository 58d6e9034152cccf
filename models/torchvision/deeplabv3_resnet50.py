# labels: name::deeplabv3_resnet50 author::torchvision task::semantic_segmentation test_group::daily
"""
DeepLabV3: torchvision.models.segmentation.deeplabv3_resnet50(weights=None, weights_backbone=None), random weights.
Paper: Chen et al., Rethinking Atrous Convolution, https://arxiv.org/abs/1706.05587
Source: https://pytorch.org/vision/stable/models.html#semantic-segmentation
The model returns an OrderedDict with the "out" logits (and "aux" where present).
"""
from benchit.parser import parse
import torch
import torchvision

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = torchvision.models.segmentation.deeplabv3_resnet50(weights=None, weights_backbone=None).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
