# labels: name::hgnetv2_b3 author::timm task::image_classification model_family::hgnet test_group::daily
"""
hgnetv2_b3: timm.create_model("hgnetv2_b3", pretrained=False), random weights (16.3M parameters).
Module: timm.models.hgnet (PP-HGNet (V1 & V2))
Paper (the first the module cites): Beyond Self-Supervision: A Simple Yet Effective Network Distillation Alternative to Improve Backbones, https://arxiv.org/abs/2103.05959
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hgnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("hgnetv2_b3", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
