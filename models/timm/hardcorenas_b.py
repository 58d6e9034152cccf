# labels: name::hardcorenas_b author::timm task::image_classification model_family::hardcorenas test_group::daily
"""
hardcorenas_b: timm.create_model("hardcorenas_b", pretrained=False), random weights (5.2M parameters).
Module: timm.models.hardcorenas (HardCoRe-NAS)
Paper (the first the module cites): HardCoRe-NAS: Hard Constrained diffeRentiable Neural Architecture Search, https://arxiv.org/abs/2102.11646
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hardcorenas.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("hardcorenas_b", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
