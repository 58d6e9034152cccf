# labels: name::focalnet_xlarge_fl4 author::timm task::image_classification model_family::focalnet test_group::daily
"""
focalnet_xlarge_fl4: timm.create_model("focalnet_xlarge_fl4", pretrained=False), random weights (409.0M parameters).
Module: timm.models.focalnet (FocalNet)
Paper (the first the module cites): Focal Modulation Networks, https://arxiv.org/abs/2203.11926
Source: https://github.com/huggingface/pytorch-image-models (timm/models/focalnet.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("focalnet_xlarge_fl4", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
