# labels: name::resnetv2_101 author::timm task::image_classification model_family::resnetv2 test_group::daily
"""
resnetv2_101: timm.create_model("resnetv2_101", pretrained=False), random weights (44.5M parameters).
Module: timm.models.resnetv2 (Pre-Activation ResNet v2 with GroupNorm and Weight Standardization.)
Paper (the first the module cites): Big Transfer (BiT): General Visual Representation Learning, https://arxiv.org/abs/1912.11370
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnetv2.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("resnetv2_101", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
