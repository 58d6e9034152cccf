# labels: name::lcnetv2_small author::timm task::image_classification model_family::lcnetv2 test_group::daily
"""
lcnetv2_small: timm.create_model("lcnetv2_small", pretrained=False), random weights (4.1M parameters).
Module: timm.models.lcnetv2 (PP-LCNetV2)
Paper (the first the module cites): Beyond Self-Supervision: A Simple Yet Effective Network Distillation Alternative to Improve Backbones, https://arxiv.org/abs/2103.05959
Source: https://github.com/huggingface/pytorch-image-models (timm/models/lcnetv2.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("lcnetv2_small", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
