# labels: name::xception65p author::timm task::image_classification model_family::xception_aligned test_group::daily
"""
xception65p: timm.create_model("xception65p", pretrained=False), random weights (39.8M parameters).
Module: timm.models.xception_aligned (Pytorch impl of Aligned Xception 41, 65, 71)
Paper (the first the module cites): Xception: Deep Learning with Depthwise Separable Convolutions, https://arxiv.org/abs/1610.02357
Source: https://github.com/huggingface/pytorch-image-models (timm/models/xception_aligned.py)
Runs at its default input size from timm's pretrained_cfg, 299 x 299 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("xception65p", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 299, 299)

with torch.no_grad():
    model(inputs)
