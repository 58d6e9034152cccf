# labels: name::davit_huge author::timm task::image_classification model_family::davit test_group::daily
"""
davit_huge: timm.create_model("davit_huge", pretrained=False), random weights (348.9M parameters).
Module: timm.models.davit (DaViT: Dual Attention Vision Transformers)
Paper (the first the module cites): DaViT: Dual Attention Vision Transformers, https://arxiv.org/abs/2204.03645
Source: https://github.com/huggingface/pytorch-image-models (timm/models/davit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("davit_huge", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
