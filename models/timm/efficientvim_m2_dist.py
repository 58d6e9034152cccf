# labels: name::efficientvim_m2_dist author::timm task::image_classification model_family::efficientvim test_group::daily
"""
efficientvim_m2_dist: timm.create_model("efficientvim_m2_dist", pretrained=False), random weights (15.3M parameters).
Module: timm.models.efficientvim (EfficientViM)
Paper (the first the module cites): EfficientViM: Efficient Vision Mamba with Hidden State Mixer based State Space Duality, https://arxiv.org/abs/2411.15241
Paper of the default pretrained config efficientvim_m2_dist.in1k: arXiv:2411.15241
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientvim.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientvim_m2_dist", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
