# labels: name::test_mambaout author::timm task::image_classification model_family::mambaout test_group::daily
"""
test_mambaout: timm.create_model("test_mambaout", pretrained=False), random weights (0.4M parameters).
Module: timm.models.mambaout (MambaOut models for image classification.)
Paper (the first the module cites): MambaOut: Do We Really Need Mamba for Vision?, https://arxiv.org/abs/2405.07992
Source: https://github.com/huggingface/pytorch-image-models (timm/models/mambaout.py)
Runs at its default input size from timm's pretrained_cfg, 160 x 160 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("test_mambaout", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 160, 160)

with torch.no_grad():
    model(inputs)
