# labels: name::lowformer_e2 author::timm task::image_classification model_family::lowformer test_group::daily
"""
lowformer_e2: timm.create_model("lowformer_e2", pretrained=False), random weights (22.8M parameters).
Module: timm.models.lowformer (LowFormer)
Paper (the first the module cites): LowFormer: Hardware Efficient Design for Convolutional Transformer Backbones, https://arxiv.org/abs/2409.03460
Source: https://github.com/huggingface/pytorch-image-models (timm/models/lowformer.py)
Default input size (timm's pretrained_cfg): 224 x 224; height and width can be changed.
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels, height, width = parse(["batch_size", "num_channels", "height", "width"])

model = timm.create_model("lowformer_e2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, height, width)

with torch.no_grad():
    model(inputs)
