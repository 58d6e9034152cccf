# labels: name::davit_huge_fl author::timm task::image_classification model_family::davit test_group::daily
"""
davit_huge_fl: timm.create_model("davit_huge_fl", pretrained=False), random weights (360.6M parameters).
Module: timm.models.davit (DaViT: Dual Attention Vision Transformers)
Paper (the first the module cites): DaViT: Dual Attention Vision Transformers, https://arxiv.org/abs/2204.03645
Source: https://github.com/huggingface/pytorch-image-models (timm/models/davit.py)
Runs at its default input size from timm's pretrained_cfg, 768 x 768 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("davit_huge_fl", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 768, 768)

with torch.no_grad():
    model(inputs)
