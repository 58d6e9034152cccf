# labels: name::regnety_640 author::timm task::image_classification model_family::regnet test_group::daily
"""
regnety_640: timm.create_model("regnety_640", pretrained=False), random weights (281.4M parameters).
Module: timm.models.regnet (RegNet X, Y, Z, and more)
Paper (the first the module cites): Designing Network Design Spaces, https://arxiv.org/abs/2003.13678
Source: https://github.com/huggingface/pytorch-image-models (timm/models/regnet.py)
Runs at its default input size from timm's pretrained_cfg, 384 x 384 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("regnety_640", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 384, 384)

with torch.no_grad():
    model(inputs)
