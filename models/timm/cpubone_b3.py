# labels: name::cpubone_b3 author::timm task::image_classification model_family::cpubone test_group::daily
"""
cpubone_b3: timm.create_model("cpubone_b3", pretrained=False), random weights (40.7M parameters).
Module: timm.models.cpubone (CPUBone)
Paper (the first the module cites): CPUBone: Efficient Vision Backbone Design for Devices with Low Parallelization Capabilities, https://arxiv.org/abs/2603.26425
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cpubone.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("cpubone_b3", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
