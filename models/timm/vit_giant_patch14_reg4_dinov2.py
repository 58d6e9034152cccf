# labels: name::vit_giant_patch14_reg4_dinov2 author::timm task::image_classification model_family::vision_transformer test_group::daily
"""
vit_giant_patch14_reg4_dinov2: timm.create_model("vit_giant_patch14_reg4_dinov2", pretrained=False), random weights (1.14B parameters).
Module: timm.models.vision_transformer (Vision Transformer (ViT) in PyTorch)
Paper (the first the module cites): An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale, https://arxiv.org/abs/2010.11929
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vision_transformer.py)
Runs at its default input size from timm's pretrained_cfg, 518 x 518 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("vit_giant_patch14_reg4_dinov2", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 518, 518)

with torch.no_grad():
    model(inputs)
