# labels: name::mobilevit_xs author::timm task::image_classification model_family::mobilevit test_group::daily
"""
mobilevit_xs: timm.create_model("mobilevit_xs", pretrained=False), random weights (2.3M parameters).
Module: timm.models.mobilevit (MobileViT)
Paper (the first the module cites): MobileViT: Light-weight, General-purpose, and Mobile-friendly Vision Transformer, https://arxiv.org/abs/2110.02178
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mobilevit.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("mobilevit_xs", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
