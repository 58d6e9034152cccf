# labels: name::resnest50d_4s2x40d author::timm task::image_classification model_family::resnest test_group::daily
"""
resnest50d_4s2x40d: timm.create_model("resnest50d_4s2x40d", pretrained=False), random weights (30.4M parameters).
Module: timm.models.resnest (ResNeSt Models)
Paper (the first the module cites): ResNeSt: Split-Attention Networks, https://arxiv.org/abs/2004.08955
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnest.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("resnest50d_4s2x40d", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
