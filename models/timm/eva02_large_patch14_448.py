# labels: name::eva02_large_patch14_448 author::timm task::image_classification model_family::eva test_group::daily
"""
eva02_large_patch14_448: timm.create_model("eva02_large_patch14_448", pretrained=False), random weights (305.1M parameters).
Module: timm.models.eva (EVA)
Paper (the first the module cites): EVA: Exploring the Limits of Masked Visual Representation Learning at Scale, https://arxiv.org/abs/2211.07636
Source: https://github.com/huggingface/pytorch-image-models (timm/models/eva.py)
Runs at its default input size from timm's pretrained_cfg, 448 x 448 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("eva02_large_patch14_448", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 448, 448)

with torch.no_grad():
    model(inputs)
