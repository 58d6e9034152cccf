# labels: name::vit_so400m_patch14_siglip_gap_896 author::timm task::image_classification model_family::vision_transformer test_group::daily
"""
vit_so400m_patch14_siglip_gap_896: timm.create_model("vit_so400m_patch14_siglip_gap_896", pretrained=False), random weights (416.9M parameters).
Module: timm.models.vision_transformer (Vision Transformer (ViT) in PyTorch)
Paper (the first the module cites): An Image is Worth 16x16 Words: Transformers for Image Recognition at Scale, https://arxiv.org/abs/2010.11929
Source: https://github.com/huggingface/pytorch-image-models (timm/models/vision_transformer.py)
Runs at its default input size from timm's pretrained_cfg, 896 x 896 (other sizes also work, but parse()'s 224 x 224 default is not this model's size).
"""
from benchit.parser import parse
import timm
import torch

torch.manual_seed(0)
batch_size, num_channels = parse(["batch_size", "num_channels"])

model = timm.create_model("vit_so400m_patch14_siglip_gap_896", pretrained=False, in_chans=num_channels).eval()
inputs = torch.rand(batch_size, num_channels, 896, 896)

with torch.no_grad():
    model(inputs)
