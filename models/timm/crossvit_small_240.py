# labels: name::crossvit_small_240 author::timm task::image_classification model_family::crossvit test_group::daily
"""
crossvit_small_240: timm.create_model("crossvit_small_240", pretrained=False), random weights (26.9M parameters).
Module: timm.models.crossvit (CrossViT Model)
Paper (the first the module cites): CrossViT: Cross-Attention Multi-Scale Vision Transformer for Image Classification, https://arxiv.org/abs/2103.14899
Source: https://github.com/huggingface/pytorch-image-models (timm/models/crossvit.py)
Runs at its default input size from timm's pretrained_cfg, 240 x 240 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("crossvit_small_240", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 240, 240)

with torch.no_grad():
    model(inputs)
