# labels: name::shvit_s4 author::timm task::image_classification model_family::shvit test_group::daily
"""
shvit_s4: timm.create_model("shvit_s4", pretrained=False), random weights (16.6M parameters).
Module: timm.models.shvit (SHViT)
Paper (the first the module cites): SHViT: Single-Head Vision Transformer with Memory Efficient Macro Design, https://arxiv.org/abs/2401.16456
Paper of the default pretrained config shvit_s4.in1k: SHViT: Single-Head Vision Transformer with Memory Efficient Macro Design
Source: https://github.com/huggingface/pytorch-image-models (timm/models/shvit.py)
Runs at its default input size from timm's pretrained_cfg, 256 x 256 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("shvit_s4", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 256, 256)

with torch.no_grad():
    model(inputs)
