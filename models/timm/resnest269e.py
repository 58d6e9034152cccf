# labels: name::resnest269e author::timm task::image_classification model_family::resnest test_group::daily
"""
resnest269e: timm.create_model("resnest269e", pretrained=False), random weights (110.9M parameters).
Module: timm.models.resnest (ResNeSt Models)
Paper (the first the module cites): ResNeSt: Split-Attention Networks, https://arxiv.org/abs/2004.08955
Source: https://github.com/huggingface/pytorch-image-models (timm/models/resnest.py)
Runs at its default input size from timm's pretrained_cfg, 416 x 416 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("resnest269e", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 416, 416)

with torch.no_grad():
    model(inputs)
