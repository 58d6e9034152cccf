# labels: name::cait_m48_448 author::timm task::image_classification model_family::cait test_group::daily
"""
cait_m48_448: timm.create_model("cait_m48_448", pretrained=False), random weights (356.5M parameters).
Module: timm.models.cait (Class-Attention in Image Transformers (CaiT))
Paper (the first the module cites): Going deeper with Image Transformers, https://arxiv.org/abs/2103.17239
Source: https://github.com/huggingface/pytorch-image-models (timm/models/cait.py)
Runs at its default input size from timm's pretrained_cfg, 448 x 448 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("cait_m48_448", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 448, 448)

with torch.no_grad():
    model(inputs)
