# labels: name::ghostnetv2_160 author::timm task::image_classification model_family::ghostnet test_group::daily
"""
ghostnetv2_160: timm.create_model("ghostnetv2_160", pretrained=False), random weights (12.4M parameters).
Module: timm.models.ghostnet (An implementation of GhostNet & GhostNetV2 Models as defined in:)
Paper (the first the module cites): GhostNet: More Features from Cheap Operations, https://arxiv.org/abs/1911.11907
Source: https://github.com/huggingface/pytorch-image-models (timm/models/ghostnet.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("ghostnetv2_160", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
