# labels: name::samvit_large_patch16 author::timm task::image_classification model_family::vision_transformer_sam test_group::daily
"""
samvit_large_patch16: timm.create_model("samvit_large_patch16", pretrained=False), random weights (308.3M parameters).
Module: timm.models.vision_transformer_sam (Vision Transformer (ViT) in PyTorch)
Paper (the first the module cites): Exploring Plain Vision Transformer Backbones for Object Detection, https://arxiv.org/abs/2203.16527
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vision_transformer_sam.py)
Runs at its default input size from timm's pretrained_cfg, 1024 x 1024 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("samvit_large_patch16", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 1024, 1024)

with torch.no_grad():
    model(inputs)
