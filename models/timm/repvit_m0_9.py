# labels: name::repvit_m0_9 author::timm task::image_classification model_family::repvit test_group::daily
"""
repvit_m0_9: timm.create_model("repvit_m0_9", pretrained=False), random weights (5.5M parameters).
Module: timm.models.repvit (RepViT)
Paper (the first the module cites): RepViT: Revisiting Mobile CNN From ViT Perspective, https://arxiv.org/abs/2307.09283
Source: https://github.com/huggingface/pytorch-image-models (timm/models/repvit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("repvit_m0_9", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
