# labels: name::tresnet_xl author::timm task::image_classification model_family::tresnet test_group::daily
"""
tresnet_xl: timm.create_model("tresnet_xl", pretrained=False), random weights (78.4M parameters).
Module: timm.models.tresnet (TResNet: High Performance GPU-Dedicated Architecture)
Paper (the first the module cites): TResNet: High Performance GPU-Dedicated Architecture, https://arxiv.org/abs/2003.13630
Source: https://github.com/huggingface/pytorch-image-models (timm/models/tresnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("tresnet_xl", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
