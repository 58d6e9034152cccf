# labels: name::resnetv2_101x3_bit author::timm task::image_classification model_family::resnetv2 test_group::daily
"""
resnetv2_101x3_bit: timm.create_model("resnetv2_101x3_bit", pretrained=False), random weights (387.9M parameters).
Module: timm.models.resnetv2 (Pre-Activation ResNet v2 with GroupNorm and Weight Standardization.)
Paper (the first the module cites): Big Transfer (BiT): General Visual Representation Learning, https://arxiv.org/abs/1912.11370
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnetv2.py)
Runs at its default input size from timm's pretrained_cfg, 448 x 448 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("resnetv2_101x3_bit", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 448, 448)

with torch.no_grad():
    model(inputs)
