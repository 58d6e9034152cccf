# labels: name::mambaout_base_wide_rw author::timm task::image_classification model_family::mambaout test_group::daily
"""
mambaout_base_wide_rw: timm.create_model("mambaout_base_wide_rw", pretrained=False), random weights (94.4M parameters).
Module: timm.models.mambaout (MambaOut models for image classification.)
Paper (the first the module cites): MambaOut: Do We Really Need Mamba for Vision?, https://arxiv.org/abs/2405.07992
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mambaout.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("mambaout_base_wide_rw", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
