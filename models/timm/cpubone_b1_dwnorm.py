# labels: name::cpubone_b1_dwnorm author::timm task::image_classification model_family::cpubone test_group::daily
"""
cpubone_b1_dwnorm: timm.create_model("cpubone_b1_dwnorm", pretrained=False), random weights (12.4M parameters).
Module: timm.models.cpubone (CPUBone)
Paper (the first the module cites): CPUBone: Efficient Vision Backbone Design for Devices with Low Parallelization Capabilities, https://arxiv.org/abs/2603.26425
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cpubone.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("cpubone_b1_dwnorm", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
