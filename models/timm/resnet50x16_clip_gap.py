# labels: name::resnet50x16_clip_gap author::timm task::image_classification model_family::byobnet test_group::daily
"""
resnet50x16_clip_gap: timm.create_model("resnet50x16_clip_gap", pretrained=False), random weights (136.2M parameters).
Module: timm.models.byobnet (Bring-Your-Own-Blocks Network)
Paper (the first the module cites): Neural Architecture Design for GPU-Efficient Networks, https://arxiv.org/abs/2006.14090
Source: https://github.com/huggingface/pytorch-image-models (timm/models/byobnet.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("resnet50x16_clip_gap", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
