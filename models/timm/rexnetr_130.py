# labels: name::rexnetr_130 author::timm task::image_classification model_family::rexnet test_group::daily
"""
rexnetr_130: timm.create_model("rexnetr_130", pretrained=False), random weights (7.6M parameters).
Module: timm.models.rexnet (ReXNet)
Paper (the first the module cites): Rethinking Channel Dimensions for Efficient Model Design, https://arxiv.org/abs/2007.00992
Source: https://github.com/huggingface/pytorch-image-models (timm/models/rexnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("rexnetr_130", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
