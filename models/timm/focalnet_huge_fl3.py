# labels: name::focalnet_huge_fl3 author::timm task::image_classification model_family::focalnet test_group::daily
"""
focalnet_huge_fl3: timm.create_model("focalnet_huge_fl3", pretrained=False), random weights (745.3M parameters).
Module: timm.models.focalnet (FocalNet)
Paper (the first the module cites): Focal Modulation Networks, https://arxiv.org/abs/2203.11926
Source: https://github.com/huggingface/pytorch-image-models (timm/models/focalnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("focalnet_huge_fl3", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
