# labels: name::efficientvim_m4_dist author::timm task::image_classification model_family::efficientvim test_group::daily
"""
efficientvim_m4_dist: timm.create_model("efficientvim_m4_dist", pretrained=False), random weights (21.2M parameters).
Module: timm.models.efficientvim (EfficientViM)
Paper (the first the module cites): EfficientViM: Efficient Vision Mamba with Hidden State Mixer based State Space Duality, https://arxiv.org/abs/2411.15241
Paper of the default pretrained config efficientvim_m4_dist.in1k: arXiv:2411.15241
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientvim.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("efficientvim_m4_dist", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
