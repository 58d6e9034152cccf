# labels: name::eva_giant_patch14_560 author::timm task::image_classification model_family::eva test_group::daily
"""
eva_giant_patch14_560: timm.create_model("eva_giant_patch14_560", pretrained=False), random weights (1.01B parameters).
Module: timm.models.eva (EVA)
Paper (the first the module cites): EVA: Exploring the Limits of Masked Visual Representation Learning at Scale, https://arxiv.org/abs/2211.07636
Source: https://github.com/huggingface/pytorch-image-models (timm/models/eva.py)
Runs at its default input size from timm's pretrained_cfg, 560 x 560 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("eva_giant_patch14_560", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 560, 560)

with torch.no_grad():
    model(inputs)
