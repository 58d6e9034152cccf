# labels: name::efficientvit_l2 author::timm task::image_classification model_family::efficientvit_mit test_group::daily
"""
efficientvit_l2: timm.create_model("efficientvit_l2", pretrained=False), random weights (63.7M parameters).
Module: timm.models.efficientvit_mit (EfficientViT (by MIT Song Han's Lab))
Paper (the first the module cites): EfficientViT: Multi-Scale Linear Attention for High-Resolution Dense Prediction, https://arxiv.org/abs/2205.14756
Source: https://github.com/huggingface/pytorch-image-models (timm/models/efficientvit_mit.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("efficientvit_l2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
