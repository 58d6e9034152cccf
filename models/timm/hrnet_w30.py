# labels: name::hrnet_w30 author::timm task::image_classification model_family::hrnet test_group::daily
"""
hrnet_w30: timm.create_model("hrnet_w30", pretrained=False), random weights (37.7M parameters).
Module: timm.models.hrnet (HRNet)
Paper (the first the module cites): Deep High-Resolution Representation Learning for Visual Recognition, https://arxiv.org/abs/1908.07919
Source: https://github.com/huggingface/pytorch-image-models (timm/models/hrnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("hrnet_w30", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
