# labels: name::pvt_v2_b1 author::timm task::image_classification model_family::pvt_v2 test_group::daily
"""
pvt_v2_b1: timm.create_model("pvt_v2_b1", pretrained=False), random weights (14.0M parameters).
Module: timm.models.pvt_v2 (Pyramid Vision Transformer v2)
Paper (the first the module cites): PVT v2: Improved Baselines with Pyramid Vision Transformer, https://arxiv.org/abs/2106.13797
Source: https://github.com/huggingface/pytorch-image-models (timm/models/pvt_v2.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("pvt_v2_b1", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
