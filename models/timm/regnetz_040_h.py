# labels: name::regnetz_040_h author::timm task::image_classification model_family::regnet test_group::daily
"""
regnetz_040_h: timm.create_model("regnetz_040_h", pretrained=False), random weights (28.9M parameters).
Module: timm.models.regnet (RegNet X, Y, Z, and more)
Paper (the first the module cites): Designing Network Design Spaces, https://arxiv.org/abs/2003.13678
Source: https://github.com/huggingface/pytorch-image-models (timm/models/regnet.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("regnetz_040_h", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
