# labels: name::res2net50d author::timm task::image_classification model_family::res2net test_group::daily
"""
res2net50d: timm.create_model("res2net50d", pretrained=False), random weights (25.7M parameters).
Module: timm.models.res2net (Res2Net and Res2NeXt)
Paper (the first the module cites): Res2Net: A New Multi-scale Backbone Architecture, https://arxiv.org/abs/1904.01169
Source: https://github.com/huggingface/pytorch-image-models (timm/models/res2net.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("res2net50d", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
