# labels: name::resnet33ts author::timm task::image_classification model_family::byobnet test_group::daily
"""
resnet33ts: timm.create_model("resnet33ts", pretrained=False), random weights (19.7M parameters).
Module: timm.models.byobnet (Bring-Your-Own-Blocks Network)
Paper (the first the module cites): Neural Architecture Design for GPU-Efficient Networks, https://arxiv.org/abs/2006.14090
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byobnet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("resnet33ts", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
