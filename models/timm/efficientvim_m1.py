# labels: name::efficientvim_m1 author::timm task::image_classification model_family::efficientvim test_group::daily
"""
efficientvim_m1: timm.create_model("efficientvim_m1", pretrained=False), random weights (6.7M parameters).
Module: timm.models.efficientvim (EfficientViM)
Paper (the first the module cites): EfficientViM: Efficient Vision Mamba with Hidden State Mixer based State Space Duality, https://arxiv.org/abs/2411.15241
Paper of the default pretrained config efficientvim_m1.e300_in1k: arXiv:2411.15241
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientvim.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientvim_m1", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
